// One order on the orders board (issue 30), readable across a counter: number, pickup code and time since it was
// placed (amber after 5 minutes pending, red after 8), pickup time, each line with its options on their own line,
// notes; a large button for the next move (Enter does it when the card has the focus), Cancel while pending, Print.
import type { Order } from '@shared/api/orders';
import { orderStatusLabel } from '@shared/domain/order-status';
import { CalendarClock, StickyNote, Timer } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { OrderLineOptions } from '../../components/OrderLineOptions';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { toast } from '../../ui/toast-store';
import { CancelOrderDialog } from '../orders/CancelOrderDialog';
import { elapsedLabel, elapsedMinutes, elapsedTone } from '../orders/elapsed';
import { localClock } from '../orders/order-time';
import { isOverdue } from '../orders/overdue';
import { PaymentBadge } from '../orders/PaymentBadge';
import { PrintTicketButton } from '../orders/PrintTicketButton';
import { orderLineKey, orderLines, useUpdateOrderStatus } from '../orders/queries';
import { type BoardKey, primaryMove } from './board-columns';

const toneClasses = {
  calm: { card: 'border-espresso-200', chip: 'bg-espresso-100 text-espresso-800' },
  amber: { card: 'border-amber-400 ring-2 ring-amber-300', chip: 'bg-amber-300 text-amber-950' },
  red: { card: 'border-red-500 ring-2 ring-red-400', chip: 'bg-red-600 text-white' },
} as const;

const arrowKeys = new Set<string>(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']);

export function BoardCard({
  order,
  now,
  isFocusTarget,
  isNew,
  onNavigate,
  onFocused,
  onMoved,
}: {
  order: Order;
  now: Date;
  /** The card Tab reaches on the board (one at a time: the arrow keys move between cards). */
  isFocusTarget: boolean;
  /** Just arrived live. */
  isNew: boolean;
  onNavigate: (orderId: number, key: BoardKey) => void;
  onFocused: (orderId: number) => void;
  /** Said to screen readers once a move is made: 'Order #12: Confirmed'. */
  onMoved: (text: string) => void;
}) {
  const update = useUpdateOrderStatus();
  const next = primaryMove(order.status);
  const minutes = elapsedMinutes(order.createdAt, now);
  const tone = elapsedTone(order, now);
  // What to make: a loyalty reward's line (issue 29) is money, not a drink; the card says 'Reward' instead.
  const lines = orderLines(order).filter((line) => line.kind !== 'discount');
  const rewarded = lines.length !== orderLines(order).length;

  const [cancelling, setCancelling] = useState(false);
  const move = (to: Order['status'], cancelReason?: string) => {
    if (update.isPending) return;
    update.mutate(
      { orderId: order.id, status: to, cancelReason },
      {
        onSuccess: (moved) => {
          setCancelling(false);
          onMoved(`Order #${moved.id}: ${orderStatusLabel(moved.status)}`);
        },
        onError: (error) =>
          toast({
            title: 'Error',
            description: errorMessage(error, 'Failed to update order'),
            variant: 'destructive',
          }),
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // Keys in the cancel dialog (a portal, whose React events still bubble here) are the dialog's own.
    if (!event.currentTarget.contains(event.target as Node)) return;
    if (arrowKeys.has(event.key)) {
      event.preventDefault();
      onNavigate(order.id, event.key as BoardKey);
    } else if (event.key === 'Enter' && event.target === event.currentTarget && next) {
      event.preventDefault();
      move(next.to);
    }
  };

  return (
    <article
      tabIndex={isFocusTarget ? 0 : -1}
      aria-label={`Order #${order.id}`}
      aria-keyshortcuts={next ? 'Enter' : undefined}
      data-order-id={order.id}
      data-testid="board-card"
      data-tone={tone}
      onKeyDown={onKeyDown}
      onFocus={() => onFocused(order.id)}
      className={cn(
        'relative rounded-xl border-2 bg-white p-3 shadow-sm outline-none transition-shadow sm:p-4',
        'focus-visible:ring-4 focus-visible:ring-espresso-500 focus-visible:ring-offset-2',
        toneClasses[tone].card,
        isNew && order.status === 'pending' && tone === 'calm' && 'border-amber-400',
      )}
    >
      <header className="flex flex-wrap items-center gap-2">
        <h3 className="font-display text-2xl font-bold text-espresso-950">#{order.id}</h3>
        {order.pickupCode && (
          <span
            className="rounded-md border-2 border-espresso-900 px-2 font-mono text-xl font-bold tracking-widest text-espresso-950"
            data-testid="pickup-code"
          >
            <span className="sr-only">Pickup code </span>
            {order.pickupCode}
          </span>
        )}
        <span
          className={cn(
            'ml-auto inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-sm font-semibold',
            toneClasses[tone].chip,
          )}
          title="Time since the order was placed"
          data-testid="elapsed"
        >
          <Timer className="h-4 w-4" aria-hidden />
          <span className="sr-only">Placed </span>
          {elapsedLabel(minutes)}
          {minutes >= 1 && <span className="sr-only"> ago</span>}
        </span>
      </header>

      <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-espresso-800">
        <CalendarClock className="h-4 w-4 shrink-0" aria-hidden />
        <span className="font-semibold text-espresso-950">
          Pickup {order.pickupTime ? localClock(new Date(order.pickupTime)) : 'ASAP'}
        </span>
        {isOverdue(order, now) && (
          <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">
            Overdue
          </span>
        )}
      </p>
      <p className="truncate text-sm text-espresso-600">{order.customerName}</p>
      <div className="mt-1 flex flex-wrap gap-1">
        {order.status === 'confirmed' || order.status === 'preparing' ? (
          <span className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-800">
            {orderStatusLabel(order.status)}
          </span>
        ) : null}
        {isNew && order.status === 'pending' && (
          <span className="rounded-full bg-amber-400 px-2 py-0.5 text-xs font-semibold text-espresso-950">
            New
          </span>
        )}
        <PaymentBadge status={order.paymentStatus} view="owner" />
        {rewarded && (
          <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">
            Reward
          </span>
        )}
      </div>

      <ul className="mt-2 space-y-1.5 border-t border-espresso-100 pt-2" aria-label="Items">
        {lines.map((line) => (
          <li key={orderLineKey(line)} className="text-base leading-snug">
            <span className="font-bold">{line.quantity} ×</span>{' '}
            <span className="font-semibold">{line.name}</span>
            <OrderLineOptions options={line.options} size="regular" />
          </li>
        ))}
      </ul>
      {order.notes && (
        <p className="mt-2 flex items-start gap-1.5 rounded-lg bg-amber-50 p-2 text-sm font-medium text-espresso-900">
          <StickyNote className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span className="min-w-0 whitespace-pre-wrap break-words">{order.notes}</span>
        </p>
      )}

      {next && (
        <Button
          size="lg"
          className="mt-3 w-full text-lg"
          disabled={update.isPending}
          onClick={() => move(next.to)}
        >
          {next.action}
        </Button>
      )}
      <div className="mt-2 flex flex-wrap justify-end gap-2">
        {order.status === 'pending' && (
          <Button variant="outline" disabled={update.isPending} onClick={() => setCancelling(true)}>
            Cancel
          </Button>
        )}
        <PrintTicketButton order={order} size="md" />
      </div>
      <CancelOrderDialog
        open={cancelling}
        orderId={order.id}
        asShop
        pending={update.isPending}
        onKeep={() => setCancelling(false)}
        onCancel={(reason) => move('cancelled', reason)}
      />
    </article>
  );
}
