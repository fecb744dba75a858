// The orders board's layout and keys (issue 30): which column an order stands in, in what order, its one next move,
// and where the arrow keys take the focus. New holds what waits for a decision (pending: Confirm or Cancel);
// Preparing holds every accepted order not yet ready (confirmed and preparing), since once confirmed the order is
// the kitchen's; Ready holds what waits at the counter. Pure.
import type { Order } from '@shared/api/orders';
import { type OrderStatus, ownerActions } from '@shared/domain/order-status';

export const boardColumnIds = ['new', 'preparing', 'ready'] as const;
export type BoardColumnId = (typeof boardColumnIds)[number];

export const boardColumnTitles: Record<BoardColumnId, string> = {
  new: 'New',
  preparing: 'Preparing',
  ready: 'Ready',
};

/** The statuses each column is loaded with (one status-filtered query each). */
export const boardStatuses: readonly OrderStatus[] = ['pending', 'confirmed', 'preparing', 'ready'];

export function boardColumnOf(status: OrderStatus): BoardColumnId | null {
  if (status === 'pending') return 'new';
  if (status === 'confirmed' || status === 'preparing') return 'preparing';
  if (status === 'ready') return 'ready';
  return null;
}

const pickupOrPlaced = (order: Pick<Order, 'pickupTime' | 'createdAt'>) =>
  new Date(order.pickupTime ?? order.createdAt).getTime();

/**
 * The board's columns. New: longest waiting first (the red ones on top). Preparing and Ready: soonest pickup first,
 * the order the counter works in. Ties by order number, so cards never swap places between refreshes.
 */
export function boardColumns<T extends Pick<Order, 'id' | 'status' | 'createdAt' | 'pickupTime'>>(
  orders: T[],
): Record<BoardColumnId, T[]> {
  const columns: Record<BoardColumnId, T[]> = { new: [], preparing: [], ready: [] };
  const seen = new Set<number>();
  for (const order of orders) {
    const column = boardColumnOf(order.status);
    if (column && !seen.has(order.id)) {
      seen.add(order.id);
      columns[column].push(order);
    }
  }
  const byTime = (key: (order: T) => number) => (a: T, b: T) => key(a) - key(b) || a.id - b.id;
  columns.new.sort(byTime((order) => new Date(order.createdAt).getTime()));
  columns.preparing.sort(byTime(pickupOrPlaced));
  columns.ready.sort(byTime(pickupOrPlaced));
  return columns;
}

/** The card's main move, what Enter does: Confirm, Start Preparing, Mark Ready or Complete Order (never Cancel). */
export function primaryMove(status: OrderStatus): { to: OrderStatus; action: string } | null {
  return ownerActions(status).find((step) => step.to !== 'cancelled') ?? null;
}

export type BoardKey = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight';

/**
 * Where an arrow key moves the focus from this card: up and down within its column (stopping at the ends), left and
 * right to the same place in the nearest column that has cards (or its last card). Null: stay.
 */
export function nextFocus(
  columns: readonly (readonly number[])[],
  currentId: number,
  key: BoardKey,
): number | null {
  const column = columns.findIndex((ids) => ids.includes(currentId));
  if (column < 0) return null;
  const ids = columns[column]!;
  const row = ids.indexOf(currentId);
  if (key === 'ArrowUp') return row > 0 ? ids[row - 1]! : null;
  if (key === 'ArrowDown') return row < ids.length - 1 ? ids[row + 1]! : null;
  const step = key === 'ArrowLeft' ? -1 : 1;
  for (let next = column + step; next >= 0 && next < columns.length; next += step) {
    const target = columns[next]!;
    if (target.length > 0) return target[Math.min(row, target.length - 1)]!;
  }
  return null;
}

/**
 * Where the focus goes when its card left the board (completed or cancelled): the card now in its place in the
 * same column, else the one above, else the first card anywhere; null when the board is empty.
 */
export function focusAfterLeaving(
  columns: readonly (readonly number[])[],
  lastPlace: { column: number; row: number },
): number | null {
  const ids = columns[lastPlace.column] ?? [];
  if (ids.length > 0) return ids[Math.min(lastPlace.row, ids.length - 1)]!;
  return columns.find((other) => other.length > 0)?.[0] ?? null;
}
