// The order status machine of spec §4: which owner action moves an order from which status to which, what a
// customer may do with their own order, and the sentence each status reads as ('Order #12 is ready for pickup').
export const orderStatuses = [
  'pending',
  'confirmed',
  'preparing',
  'ready',
  'completed',
  'cancelled',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** Who asks for a move: the shop's owner, or the customer who placed the order. */
export type OrderActor = 'owner' | 'customer';

const transitions: Record<OrderStatus, { to: OrderStatus; action: string }[]> = {
  pending: [
    { to: 'confirmed', action: 'Confirm' },
    { to: 'cancelled', action: 'Cancel' },
  ],
  confirmed: [{ to: 'preparing', action: 'Start Preparing' }],
  preparing: [{ to: 'ready', action: 'Mark Ready' }],
  ready: [{ to: 'completed', action: 'Complete Order' }],
  completed: [],
  cancelled: [],
};

export function nextStatuses(from: OrderStatus): OrderStatus[] {
  return transitions[from].map((step) => step.to);
}

export function ownerActions(from: OrderStatus): { to: OrderStatus; action: string }[] {
  return transitions[from];
}

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return nextStatuses(from).includes(to);
}

/**
 * What a customer may do with their own order: cancel it while it is still pending, nothing else. Once the shop
 * has confirmed it, the shop is making it, so only the shop can stop it.
 */
export function customerActions(from: OrderStatus): { to: OrderStatus; action: string }[] {
  return from === 'pending' ? [{ to: 'cancelled', action: 'Cancel' }] : [];
}

/** Whether this actor may move an order from one status to another: the one rule the server enforces. */
export function canActorMove(actor: OrderActor, from: OrderStatus, to: OrderStatus): boolean {
  const allowed = actor === 'owner' ? ownerActions(from) : customerActions(from);
  return allowed.some((step) => step.to === to);
}

/** The order's statuses in the order they happen, for a progress tracker (cancelled stands apart). */
export const orderProgress: OrderStatus[] = ['pending', 'confirmed', 'preparing', 'ready', 'completed'];

const statusWords: Record<OrderStatus, string> = {
  pending: 'has been placed',
  confirmed: 'has been confirmed',
  preparing: 'is being prepared',
  ready: 'is ready for pickup',
  completed: 'has been collected',
  cancelled: 'has been cancelled',
};

/** The sentence a status change reads as, in the chat and in toasts: 'Order #12 is ready for pickup'. */
export function orderStatusMessage(orderId: number, status: OrderStatus): string {
  return `Order #${orderId} ${statusWords[status]}`;
}

/** A status as a badge shows it: 'Ready'. */
export function orderStatusLabel(status: OrderStatus): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}
