// The board's columns, the card's next move and where the arrow keys go.
import type { OrderStatus } from '@shared/domain/order-status';
import { expect, test } from 'vitest';
import { boardColumns, focusAfterLeaving, nextFocus, primaryMove } from './board-columns';

const order = (id: number, status: OrderStatus, createdAt: string, pickupTime: string | null = null) => ({
  id,
  status,
  createdAt: `2026-11-25T${createdAt}:00.000Z`,
  pickupTime: pickupTime && `2026-11-25T${pickupTime}:00.000Z`,
});

test('pending orders are New, longest waiting first; confirmed and preparing share Preparing by pickup time', () => {
  const columns = boardColumns([
    order(3, 'pending', '05:42'),
    order(1, 'pending', '05:30'),
    order(4, 'preparing', '05:20', '06:00'),
    order(5, 'confirmed', '05:35', '05:50'),
    order(6, 'ready', '05:10', '05:40'),
    order(7, 'completed', '05:00', '05:15'),
    order(8, 'cancelled', '05:00', '05:15'),
  ]);
  expect(columns.new.map((o) => o.id)).toEqual([1, 3]);
  expect(columns.preparing.map((o) => o.id)).toEqual([5, 4]);
  expect(columns.ready.map((o) => o.id)).toEqual([6]);
});

test('an order listed twice (two queries refreshing at once) shows once', () => {
  const columns = boardColumns([order(1, 'pending', '05:30'), order(1, 'pending', '05:30')]);
  expect(columns.new).toHaveLength(1);
});

test("Enter's move is the forward one: Confirm for a pending order, never Cancel; none once completed", () => {
  expect(primaryMove('pending')).toEqual({ to: 'confirmed', action: 'Confirm' });
  expect(primaryMove('confirmed')?.action).toBe('Start Preparing');
  expect(primaryMove('preparing')?.action).toBe('Mark Ready');
  expect(primaryMove('ready')?.action).toBe('Complete Order');
  expect(primaryMove('completed')).toBeNull();
});

const board = [[1, 2, 3], [], [7, 8]];

test('up and down move within a column and stop at its ends', () => {
  expect(nextFocus(board, 2, 'ArrowDown')).toBe(3);
  expect(nextFocus(board, 2, 'ArrowUp')).toBe(1);
  expect(nextFocus(board, 3, 'ArrowDown')).toBeNull();
  expect(nextFocus(board, 1, 'ArrowUp')).toBeNull();
});

test('left and right skip an empty column and land on the same row, or the last card of a shorter column', () => {
  expect(nextFocus(board, 1, 'ArrowRight')).toBe(7);
  expect(nextFocus(board, 3, 'ArrowRight')).toBe(8);
  expect(nextFocus(board, 8, 'ArrowLeft')).toBe(2);
  expect(nextFocus(board, 7, 'ArrowRight')).toBeNull();
  expect(nextFocus(board, 99, 'ArrowRight')).toBeNull();
});

test('when the focused card leaves the board, the focus takes the card in its place', () => {
  expect(focusAfterLeaving([[1, 3], [], [7]], { column: 0, row: 1 })).toBe(3);
  expect(focusAfterLeaving([[1], [], [7]], { column: 0, row: 1 })).toBe(1);
  expect(focusAfterLeaving([[], [], [7]], { column: 0, row: 0 })).toBe(7);
  expect(focusAfterLeaving([[], [], []], { column: 2, row: 0 })).toBeNull();
});
