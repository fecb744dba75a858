// Print on an owner's order card and board card (issue 30): the order's ticket is put on the page, the browser's
// print dialog opens, and the ticket goes once printing is done. One ticket at a time across the page, so a
// browser that never says printing ended (afterprint) cannot stack tickets.
import type { Order } from '@shared/api/orders';
import { Printer } from 'lucide-react';
import { useEffect, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { Button, type ButtonProps } from '../../ui/Button';
import { OrderTicket } from './OrderTicket';

let request: { orderId: number; at: number } | null = null;
const listeners = new Set<() => void>();
function setRequest(next: typeof request) {
  request = next;
  for (const listener of listeners) listener();
}
function usePrintRequest() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => request,
  );
}

export function PrintTicketButton({
  order,
  size = 'sm',
  className,
}: {
  order: Order;
  size?: ButtonProps['size'];
  className?: string;
}) {
  const current = usePrintRequest();
  const mine = current?.orderId === order.id ? current : null;
  const requestedAt = mine?.at;
  useEffect(() => {
    if (requestedAt === undefined) return;
    const done = () => setRequest(null);
    window.addEventListener('afterprint', done, { once: true });
    window.print();
    return () => window.removeEventListener('afterprint', done);
  }, [requestedAt]);
  return (
    <>
      <Button
        variant="outline"
        size={size}
        className={className}
        onClick={() => setRequest({ orderId: order.id, at: Date.now() })}
        aria-label={`Print order #${order.id}`}
      >
        <Printer className="h-4 w-4" aria-hidden /> Print
      </Button>
      {mine && createPortal(<OrderTicket order={order} />, document.body)}
    </>
  );
}
