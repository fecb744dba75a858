// Unit tests of the shared domain rules: featured, money, the order status machine and chat time labels.
import { expect, test } from 'vitest';
import { isFeatured } from './featured.js';
import { centsToDecimalText, centsToRand, randToCents } from './money.js';
import { canMove, nextStatuses, ownerActions } from './order-status.js';
import { conversationTimeLabel } from './time-label.js';

const now = new Date('2026-11-23T12:00:00Z');

test('a shop is featured only while promoted and before its expiry', () => {
  expect(isFeatured({ isPromoted: true, promotionExpiresAt: '2026-11-24T00:00:00Z' }, now)).toBe(true);
  expect(isFeatured({ isPromoted: true, promotionExpiresAt: '2026-11-23T11:59:59Z' }, now)).toBe(false);
  expect(isFeatured({ isPromoted: true, promotionExpiresAt: null }, now)).toBe(false);
  expect(isFeatured({ isPromoted: false, promotionExpiresAt: '2027-01-01T00:00:00Z' }, now)).toBe(false);
});

test('money converts between cents and rand without float drift', () => {
  expect(centsToRand(49900)).toBe('R499.00');
  expect(randToCents(0.1 + 0.2)).toBe(30);
  expect(centsToDecimalText(1250)).toBe('12.50');
});

test('orders move only along the spec’s transitions', () => {
  expect(nextStatuses('pending')).toEqual(['confirmed', 'cancelled']);
  expect(ownerActions('preparing')).toEqual([{ to: 'ready', action: 'Mark Ready' }]);
  expect(canMove('ready', 'completed')).toBe(true);
  expect(canMove('completed', 'pending')).toBe(false);
  expect(nextStatuses('cancelled')).toEqual([]);
});

test('conversation labels: a time today, Yesterday, then month and day', () => {
  expect(conversationTimeLabel(new Date(now.getTime() - 2 * 3600_000), now)).toMatch(/\d{2}:\d{2}/);
  expect(conversationTimeLabel(new Date(now.getTime() - 30 * 3600_000), now)).toBe('Yesterday');
  expect(conversationTimeLabel(new Date('2026-10-01T12:00:00Z'), now)).toMatch(/Oct/);
});
