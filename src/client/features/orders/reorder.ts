// Order again: a past order's lines as a new cart, priced from today's menu, with their options chosen again by
// id (issue 25). An item that cannot be had is named; a line whose options cannot all be had again (one sold out
// or no longer offered, or a group now required) is not added but chosen again in the item's sheet.
import type { MenuItem } from '@shared/api/menu';
import type { OrderLine, OrderLineOption } from '@shared/api/orders';
import { selectionProblem } from '@shared/domain/option-selection';
import { groupsOf } from '../menu/item-options';
import { type Cart, type CartLine, chosenOptions, makeCartLine, withinLimits } from './cart';

/** What Order again reads of a line: a past order's, or the usual's (issue 29), whose options carry no price. */
export type ReorderLine = Pick<OrderLine, 'menuItemId' | 'name' | 'quantity'> & {
  options?: readonly Pick<OrderLineOption, 'id' | 'name'>[];
};

/** A line to choose again in the item's sheet, with what still holds preselected. */
export interface ChooseAgain {
  item: MenuItem;
  /** The order's options that are still offered and available. */
  optionIds: number[];
  quantity: number;
  /** 'Oat milk is sold out — choose again': why the line was not added as it was. */
  reason: string;
}

export interface Reorder {
  /** The cart to fill: only items still on the menu and available, with options still offered, at today's price. */
  cart: Cart;
  /** Names of the items that are gone from the menu or sold out, in the order's order. */
  unavailable: string[];
  /** Lines whose options must be chosen again before they are added. */
  toChoose: ChooseAgain[];
}

export function reorderCart<Line extends ReorderLine>(
  shop: { id: number; name: string },
  lines: readonly Line[],
  menu: MenuItem[],
): Reorder {
  const byId = new Map(menu.map((item) => [item.id, item]));
  const unavailable: string[] = [];
  const toChoose: ChooseAgain[] = [];
  const cartLines: CartLine[] = [];
  for (const line of lines) {
    // A loyalty reward's line (issue 29) is no item to order again.
    if ((line as { kind?: string }).kind === 'discount') continue;
    const item = line.menuItemId === null ? undefined : byId.get(line.menuItemId);
    if (!item?.isAvailable || item.shopId !== shop.id) {
      unavailable.push(line.name);
      continue;
    }
    const groups = groupsOf(item);
    const offered = new Map(groups.flatMap((group) => group.options.map((option) => [option.id, option])));
    // Lines of orders placed before options existed carry none.
    const ordered = line.options ?? [];
    const problems: string[] = [];
    const kept: number[] = [];
    for (const option of ordered) {
      const today = offered.get(option.id);
      if (!today) problems.push(`${option.name} is no longer offered — choose again`);
      else if (!today.isAvailable) problems.push(`${today.name} is sold out — choose again`);
      else kept.push(option.id);
    }
    // What still holds may break today's rules (a group made required since, say): chosen again too.
    const rule = problems.length === 0 ? selectionProblem(item.name, groups, kept) : null;
    if (rule) problems.push(rule.message);
    if (problems.length > 0) {
      toChoose.push({ item, optionIds: kept, quantity: line.quantity, reason: problems.join('. ') });
      continue;
    }
    cartLines.push(makeCartLine(item, chosenOptions(groups, kept), line.quantity));
  }
  // The same item and options ordered on two lines become one line; an item's quantity stays within 20.
  return {
    cart: { shopId: shop.id, shopName: shop.name, lines: withinLimits(cartLines) },
    unavailable,
    toChoose,
  };
}
