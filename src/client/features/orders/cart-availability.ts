// Whether a cart line can still be ordered (issue 31): its item and options as the shop's menu says now. The menu is
// read again the moment the owner changes it (a shop_updated event), so an item sold out while it sat in the cart is
// marked at once, and Place Order waits until it is removed, rather than failing at checkout.
import type { MenuItem } from '@shared/api/menu';
import type { CartLine } from './cart';

/** Why the line cannot be ordered now ('Sold out', 'Oat milk is sold out'…), or null when it can or the menu is not in yet. */
export function unavailableReason(
  line: Pick<CartLine, 'menuItemId' | 'options'>,
  menu: readonly MenuItem[] | undefined,
): string | null {
  if (!menu) return null;
  const item = menu.find((entry) => entry.id === line.menuItemId);
  if (!item) return 'No longer on the menu';
  if (!item.isAvailable) return 'Sold out';
  const offered = new Map(
    item.optionGroups.flatMap((group) => group.options).map((option) => [option.id, option]),
  );
  for (const chosen of line.options) {
    const option = offered.get(chosen.id);
    if (!option) return `${chosen.name} is no longer offered`;
    if (!option.isAvailable) return `${chosen.name} is sold out`;
  }
  return null;
}

/** The lines that can be ordered now: what the cart's total counts while others wait to be removed. */
export function orderableLines<T extends Pick<CartLine, 'menuItemId' | 'options'>>(
  lines: readonly T[],
  menu: readonly MenuItem[] | undefined,
): T[] {
  return lines.filter((line) => unavailableReason(line, menu) === null);
}
