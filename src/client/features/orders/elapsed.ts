// How long ago an order was placed, as the owner's board shows it (issue 30): a pending order turns amber after
// 5 minutes and red after 8, well before the shop's auto-cancel (5–30 minutes, default 10) gives it up.
import type { Order } from '@shared/api/orders';

export const AMBER_AFTER_MINUTES = 5;
export const RED_AFTER_MINUTES = 8;

export type ElapsedTone = 'calm' | 'amber' | 'red';

/** Whole minutes since the order was placed; never negative (a device's clock may run behind the server's). */
export function elapsedMinutes(createdAt: string, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - new Date(createdAt).getTime()) / 60_000));
}

/** Only a pending order is urgent: once confirmed, its clock is the pickup time. */
export function elapsedTone(order: Pick<Order, 'status' | 'createdAt'>, now: Date): ElapsedTone {
  if (order.status !== 'pending') return 'calm';
  const minutes = elapsedMinutes(order.createdAt, now);
  if (minutes >= RED_AFTER_MINUTES) return 'red';
  if (minutes >= AMBER_AFTER_MINUTES) return 'amber';
  return 'calm';
}

/** 'Just now', '4 min', '1 h 05 min'. */
export function elapsedLabel(minutes: number): string {
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return `${hours} h ${String(minutes % 60).padStart(2, '0')} min`;
}
