// An order still being made whose pickup time has passed: the owner's Orders tab marks it, so a busy counter sees
// who is already waiting. Ready, completed and cancelled orders are never overdue; an ASAP order has no time to miss.
import type { Order } from '@shared/api/orders';
import type { OrderStatus } from '@shared/domain/order-status';

const UNDERWAY: readonly OrderStatus[] = ['pending', 'confirmed', 'preparing'];

export function isOverdue(order: Pick<Order, 'status' | 'pickupTime'>, now: Date): boolean {
  return (
    UNDERWAY.includes(order.status) &&
    order.pickupTime !== null &&
    new Date(order.pickupTime).getTime() < now.getTime()
  );
}
