// Telling a customer why their order was cancelled when the shop never confirmed it (issue 30: the server cancels a
// pending order after the shop's autoCancelMinutes). The order event carries no reason, so it is read from the
// order itself: straight from pending to cancelled, at least autoCancelMinutes after it was placed. The server's
// sweep runs every 30 s, so a cancel that late by anyone else is all but impossible. Pure.
import type { Order } from '@shared/api/orders';
import { orderStatusMessage } from '@shared/domain/order-status';

export function wasCancelledUnconfirmed(
  order: Pick<Order, 'status' | 'createdAt' | 'statusHistory'>,
  autoCancelMinutes: number,
): boolean {
  const cancel = order.statusHistory.at(-1);
  const before = order.statusHistory.at(-2);
  if (order.status !== 'cancelled' || cancel?.status !== 'cancelled') return false;
  if (before && before.status !== 'pending') return false;
  return new Date(cancel.at).getTime() - new Date(order.createdAt).getTime() >= autoCancelMinutes * 60_000;
}

/** The customer's toast for a move of their order: the chat's own words for a cancel the shop never answered. */
export function customerOrderToast(
  order: Pick<Order, 'id' | 'status' | 'createdAt' | 'statusHistory'>,
  autoCancelMinutes: number | null,
): string {
  if (autoCancelMinutes !== null && wasCancelledUnconfirmed(order, autoCancelMinutes))
    return `Order #${order.id} was cancelled because the shop did not confirm it in time`;
  return orderStatusMessage(order.id, order.status);
}
