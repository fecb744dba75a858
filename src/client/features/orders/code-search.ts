// Finding an order by what the customer shows or says at the counter (issue 30): its pickup code ('K7P2', typed in
// any case, with spaces or a dash), or its number ('#12'). Codes use no look-alike characters, so what is typed is
// matched as typed, from the start of the code.
import type { Order } from '@shared/api/orders';

/** What was typed, as a code: upper case, letters and digits only. */
export function normalizeCodeQuery(text: string): string {
  return text.toUpperCase().replace(/[^A-Z0-9#]/g, '');
}

/** Whether this order is the one asked for; an empty query matches every order. */
export function matchesOrderQuery(order: Pick<Order, 'id' | 'pickupCode'>, text: string): boolean {
  const query = normalizeCodeQuery(text);
  if (query === '') return true;
  const number = /^#(\d+)$/.exec(query);
  if (number) return order.id === Number(number[1]);
  return order.pickupCode?.startsWith(query.replace(/#/g, '')) ?? false;
}

export function filterOrdersByQuery<T extends Pick<Order, 'id' | 'pickupCode'>>(
  orders: T[],
  text: string,
): T[] {
  return orders.filter((order) => matchesOrderQuery(order, text));
}
