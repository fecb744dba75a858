// Live news of an order just placed at one of the owner's shops, for whatever on the page rings for it (the
// dashboard's and the board's chime, use-order-alerts.ts). The socket (lib/socket.ts) announces; kept tiny because
// the socket is in the first script every visitor downloads.
import type { Order } from '@shared/api/orders';

const listeners = new Set<(order: Order) => void>();

export function announceNewOrder(order: Order) {
  for (const listener of listeners) listener(order);
}

/** Calls back for each order announced from now on; returns the way to stop. */
export function onNewOrder(listener: (order: Order) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
