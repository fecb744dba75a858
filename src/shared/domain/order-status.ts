// The order status machine of spec §4: which owner action moves an order from which status to which.
export const orderStatuses = [
  'pending',
  'confirmed',
  'preparing',
  'ready',
  'completed',
  'cancelled',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

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
