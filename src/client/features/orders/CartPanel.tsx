// The cart and checkout on a shop page: lines, total, pickup time, notes, Place Order (customers only).
import type { Shop } from '@shared/api/shops';

export function CartPanel(_props: { shop: Shop }) {
  // Built by its issue.
  return null;
}
