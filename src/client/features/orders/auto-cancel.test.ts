// The customer's toast says when the shop never confirmed their order, in the chat line's words.
import type { OrderStatus } from '@shared/domain/order-status';
import { expect, test } from 'vitest';
import { customerOrderToast, wasCancelledUnconfirmed } from './auto-cancel';

const placed = '2026-11-25T05:30:00.000Z';
const order = (history: [OrderStatus, string][]) => ({
  id: 12,
  status: history.at(-1)![0],
  createdAt: placed,
  statusHistory: history.map(([status, at]) => ({ status, at: `2026-11-25T${at}:00.000Z` })),
});

test('pending to cancelled after the auto-cancel time reads as the shop not confirming in time', () => {
  const cancelled = order([
    ['pending', '05:30'],
    ['cancelled', '05:40'],
  ]);
  expect(wasCancelledUnconfirmed(cancelled, 10)).toBe(true);
  expect(customerOrderToast(cancelled, 10)).toBe(
    'Order #12 was cancelled because the shop did not confirm it in time',
  );
});

test('a cancel before the auto-cancel time, or after a confirm, is an ordinary cancel', () => {
  const early = order([
    ['pending', '05:30'],
    ['cancelled', '05:33'],
  ]);
  expect(customerOrderToast(early, 10)).toBe('Order #12 has been cancelled');
  const afterConfirm = order([
    ['pending', '05:30'],
    ['confirmed', '05:31'],
    ['cancelled', '05:50'],
  ]);
  expect(wasCancelledUnconfirmed(afterConfirm, 10)).toBe(false);
});

test("other moves keep their sentence, and without the shop's setting nothing is guessed", () => {
  expect(customerOrderToast(order([['ready', '05:45']]), 10)).toBe('Order #12 is ready for pickup');
  const cancelled = order([
    ['pending', '05:30'],
    ['cancelled', '05:45'],
  ]);
  expect(customerOrderToast(cancelled, null)).toBe('Order #12 has been cancelled');
});
