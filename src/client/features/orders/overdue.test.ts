import { describe, expect, test } from 'vitest';
import { isOverdue } from './overdue';

const pickupTime = '2026-11-24T08:30:00.000+02:00';
const before = new Date('2026-11-24T06:29:59.999Z');
const after = new Date('2026-11-24T06:30:00.001Z');

describe('an overdue order', () => {
  test('is one still being made after its pickup time', () => {
    for (const status of ['pending', 'confirmed', 'preparing'] as const) {
      expect(isOverdue({ status, pickupTime }, after), status).toBe(true);
      expect(isOverdue({ status, pickupTime }, before), status).toBe(false);
    }
  });

  test('is never one that is ready, collected or cancelled, nor one asked for as soon as possible', () => {
    for (const status of ['ready', 'completed', 'cancelled'] as const)
      expect(isOverdue({ status, pickupTime }, after), status).toBe(false);
    expect(isOverdue({ status: 'pending', pickupTime: null }, after)).toBe(false);
  });
});
