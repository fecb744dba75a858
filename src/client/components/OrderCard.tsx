// One order (spec §2 Order card): number, shop or customer, items, total, status and payment, created and pickup
// times, notes; a customer's unpaid online order also offers Pay now (issue 26); the pickup code (issue 30).
import type { Order } from '@shared/api/orders';
import { centsToRand, randToCents } from '@shared/domain/money';
import { Ban, CalendarClock, Clock, StickyNote } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { cancelText } from '../features/orders/cancel-text';
import { OrderStatusBadge } from '../features/orders/OrderStatusBadge';
import { formatOrderTime } from '../features/orders/order-time';
import { PaymentBadge } from '../features/orders/PaymentBadge';
import { PayNowNotice } from '../features/orders/PayNowNotice';
import { CustomerPickupCode, PickupCodeBadge } from '../features/orders/PickupCode';
import { orderLineKey, orderLines } from '../features/orders/queries';
import { Badge } from '../ui/Badge';
import { Card } from '../ui/Card';
import { cn } from '../ui/cn';
import { OrderLineOptions } from './OrderLineOptions';

export function OrderCard({
  order,
  view,
  isNew = false,
  overdue = false,
  children,
}: {
  order: Order;
  /** The customer sees the shop's name; the owner sees who ordered. */
  view: 'customer' | 'owner';
  /** Just arrived live: highlighted, with a 'New' badge (no sound). */
  isNew?: boolean;
  /** Still being made after its pickup time (features/orders/overdue.ts): marked beside the pickup time. */
  overdue?: boolean;
  /** The order's actions and, for a customer, its progress. */
  children?: ReactNode;
}) {
  const lines = orderLines(order);
  const cancelled = cancelText(order, view);
  return (
    <Card
      className={cn('p-4 transition-shadow sm:p-5', isNew && 'border-amber-400 ring-2 ring-amber-300')}
      data-testid="order-card"
      aria-label={`Order #${order.id}`}
      role="article"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="flex flex-wrap items-center gap-2 font-display text-lg font-semibold text-espresso-950">
              Order #{order.id}
              {isNew && <Badge tone="promoted">New</Badge>}
            </h3>
            {view === 'owner' && <PickupCodeBadge code={order.pickupCode} />}
          </div>
          {view === 'customer' ? (
            <Link
              href={`/shops/${order.shopId}`}
              className="text-sm font-medium text-espresso-700 underline-offset-2 hover:underline"
            >
              {order.shopName}
            </Link>
          ) : (
            <p className="text-sm text-espresso-700">
              Customer #{order.customerId}
              <span className="text-espresso-500"> · {order.customerName}</span>
              <span className="text-espresso-500"> · {order.shopName}</span>
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-1">
          <OrderStatusBadge status={order.status} />
          <PaymentBadge status={order.paymentStatus} view={view} />
        </div>
      </header>
      {view === 'customer' && <CustomerPickupCode order={order} />}
      {cancelled && (
        <p className="mt-2 flex items-start gap-1.5 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
          <Ban className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>{cancelled}</span>
        </p>
      )}

      <ul className="mt-3 divide-y divide-espresso-100 text-sm" aria-label="Items">
        {lines.map((line) => (
          <li key={orderLineKey(line)} className="flex justify-between gap-3 py-1.5">
            <span className="min-w-0 break-words">
              {line.kind !== 'discount' && <span className="font-medium">{line.quantity} ×</span>} {line.name}
              <OrderLineOptions options={line.options} size="regular" />
            </span>
            <span className="shrink-0 text-espresso-700">
              {centsToRand(randToCents(Number(line.price)) * line.quantity)}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-2 flex justify-between border-t border-espresso-200 pt-2 font-semibold">
        <span>Total</span>
        <span>{centsToRand(randToCents(Number(order.totalAmount)))}</span>
      </p>
      {view === 'customer' && <PayNowNotice order={order} />}

      <dl className="mt-3 grid gap-1 text-sm text-espresso-700 sm:grid-cols-2">
        <div className="flex items-center gap-1.5">
          <Clock className="h-4 w-4 shrink-0" aria-hidden />
          <dt>Placed</dt>
          <dd className="font-medium text-espresso-900">{formatOrderTime(order.createdAt)}</dd>
        </div>
        <div className="flex items-center gap-1.5">
          <CalendarClock className="h-4 w-4 shrink-0" aria-hidden />
          <dt>Pickup</dt>
          <dd className="font-medium text-espresso-900">
            {order.pickupTime ? formatOrderTime(order.pickupTime) : 'As soon as possible'}
          </dd>
          {overdue && (
            <dd className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">
              Overdue
            </dd>
          )}
        </div>
      </dl>
      {order.notes && (
        <p className="mt-2 flex items-start gap-1.5 rounded-lg bg-espresso-50 p-2 text-sm text-espresso-800">
          <StickyNote className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span className="min-w-0 whitespace-pre-wrap break-words">{order.notes}</span>
        </p>
      )}
      {children && <div className="mt-4">{children}</div>}
    </Card>
  );
}
