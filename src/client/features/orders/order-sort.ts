// The Orders tab's two orders (issue 32). By pickup time: the orders still to hand over first, the one due soonest
// at the top (an overdue one above all), an ASAP order due when it was placed; then the finished ones, latest
// pickup first. Or newest placed first, as the API gives them. Over the orders loaded, which are the newest placed:
// a pickup is today or tomorrow (shared/domain/pickup.ts), so those still to hand over are nearly always there.
import type { Order } from '@shared/api/orders';
import type { OrderStatus } from '@shared/domain/order-status';

export type OrderSort = 'pickup' | 'placed';

const FINISHED: readonly OrderStatus[] = ['completed', 'cancelled'];

type Sortable = Pick<Order, 'id' | 'status' | 'createdAt' | 'pickupTime'>;

/** When the order is to be collected: its chosen time, or for 'as soon as possible' the moment it was placed. */
export function pickupAt(order: Pick<Order, 'createdAt' | 'pickupTime'>): number {
  return new Date(order.pickupTime ?? order.createdAt).getTime();
}

export function sortOrders<T extends Sortable>(orders: readonly T[], sort: OrderSort): T[] {
  const placed = (a: T, b: T) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id;
  if (sort === 'placed') return [...orders].sort(placed);
  return [...orders].sort((a, b) => {
    const aFinished = FINISHED.includes(a.status);
    const bFinished = FINISHED.includes(b.status);
    if (aFinished !== bFinished) return aFinished ? 1 : -1;
    const byPickup = aFinished ? pickupAt(b) - pickupAt(a) : pickupAt(a) - pickupAt(b);
    return byPickup || placed(a, b);
  });
}
