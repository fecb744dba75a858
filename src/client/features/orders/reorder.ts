// Order again: a past order's lines as a new cart, priced from today's menu, and which items cannot be had now.
import type { MenuItem } from '@shared/api/menu';
import type { OrderLine } from '@shared/api/orders';
import type { Cart } from './cart';

export interface Reorder {
  /** The cart to fill: only items still on the menu and available, at today's price. */
  cart: Cart;
  /** Names of the items that are gone from the menu or sold out, in the order's order. */
  unavailable: string[];
}

export function reorderCart(
  shop: { id: number; name: string },
  lines: OrderLine[],
  menu: MenuItem[],
): Reorder {
  const byId = new Map(menu.map((item) => [item.id, item]));
  const cart: Cart = { shopId: shop.id, shopName: shop.name, lines: [] };
  const unavailable: string[] = [];
  for (const line of lines) {
    const item = line.menuItemId === null ? undefined : byId.get(line.menuItemId);
    if (!item?.isAvailable || item.shopId !== shop.id) {
      unavailable.push(line.name);
      continue;
    }
    // An item ordered on two lines becomes one line; the cart clamps the sum to the per-line maximum.
    const existing = cart.lines.find((entry) => entry.menuItemId === item.id);
    if (existing) existing.quantity += line.quantity;
    else
      cart.lines.push({
        menuItemId: item.id,
        name: item.name,
        price: item.price,
        quantity: line.quantity,
        preparationTime: item.preparationTime,
      });
  }
  return { cart, unavailable };
}
