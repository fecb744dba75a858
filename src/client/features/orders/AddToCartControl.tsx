// Beside each menu item on a shop page: add it to the cart, or step its quantity (customers only).
import type { MenuItem } from '@shared/api/menu';
import type { Shop } from '@shared/api/shops';

export function AddToCartControl(_props: { shop: Shop; item: MenuItem }) {
  // Built by its issue.
  return null;
}
