// The owner's switch on a shop card: pause or resume taking orders (acceptingOrders on the shop).
import type { Shop } from '@shared/api/shops';

export function AcceptingOrdersSwitch(_props: { shop: Shop }) {
  // Built by its issue.
  return null;
}
