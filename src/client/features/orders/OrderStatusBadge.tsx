// An order's status as a coloured badge ('Ready'), the same on the dashboard, /orders and in the chat.
import { type OrderStatus, orderStatusLabel } from '@shared/domain/order-status';
import { Badge } from '../../ui/Badge';

const tones = {
  pending: 'promoted',
  confirmed: 'info',
  preparing: 'info',
  ready: 'success',
  completed: 'neutral',
  cancelled: 'danger',
} as const satisfies Record<OrderStatus, string>;

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge tone={tones[status]}>{orderStatusLabel(status)}</Badge>;
}
