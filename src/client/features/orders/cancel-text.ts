// Who cancelled an order and why, in words for the one reading it (issue 32): 'Cancelled by the shop: Sold out',
// 'You cancelled this order'. Null for an order that is not cancelled.
import type { Order } from '@shared/api/orders';

export function cancelText(
  order: Pick<Order, 'status' | 'cancelledBy' | 'cancelReason'>,
  view: 'customer' | 'owner',
): string | null {
  if (order.status !== 'cancelled') return null;
  const why = order.cancelReason ? `: ${order.cancelReason}` : '';
  switch (order.cancelledBy) {
    case 'shop':
      return view === 'owner' ? `You cancelled this order${why}` : `Cancelled by the shop${why}`;
    case 'customer':
      return view === 'customer' ? 'You cancelled this order' : `Cancelled by the customer${why}`;
    case 'system':
      return `Cancelled automatically${why}`;
    default:
      return null;
  }
}
