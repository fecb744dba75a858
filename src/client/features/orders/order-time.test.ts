// Order times read in Johannesburg's clock and days, whatever zone the browser is in.
import { expect, test } from 'vitest';
import { formatOrderTime } from './order-time';

// 23:30 on Monday 23 November in Johannesburg (UTC+2).
const now = new Date('2026-11-23T21:30:00Z');

test('a pickup just after local midnight reads as tomorrow, though it is still the same day in UTC', () => {
  expect(formatOrderTime('2026-11-23T22:15:00Z', now)).toBe('Tomorrow, 00:15');
});

test('an order placed earlier that local day reads as today, on the 24-hour clock', () => {
  expect(formatOrderTime('2026-11-23T06:05:00Z', now)).toBe('Today, 08:05');
});

test('older times show the weekday and date', () => {
  expect(formatOrderTime('2026-11-20T10:00:00Z', now)).toBe('Fri 20 Nov, 12:00');
  expect(formatOrderTime('2026-11-22T21:59:00Z', now)).toBe('Yesterday, 23:59');
});
