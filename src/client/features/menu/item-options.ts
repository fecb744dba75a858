// A menu item's option groups, read defensively: every menu answer carries them (issue 25), but a menu cached or
// answered before options existed has none, and such an item is ordered in one tap as before.
import type { MenuItem } from '@shared/api/menu';
import type { OptionGroup } from '@shared/api/option-groups';
import { centsToRand, randToCents } from '@shared/domain/money';

export function groupsOf(item: Pick<MenuItem, 'optionGroups'>): OptionGroup[] {
  return item.optionGroups ?? [];
}

/** Whether adding the item opens its options sheet rather than adding it in one tap. */
export function hasOptions(item: Pick<MenuItem, 'optionGroups'>): boolean {
  return groupsOf(item).length > 0;
}

/** What an option adds, as the sheet and the owner read it: '+R8.00', or null when it adds nothing. */
export function optionPriceLabel(price: string): string | null {
  const cents = randToCents(Number(price));
  return cents > 0 ? `+${centsToRand(cents)}` : null;
}

/** The owner's empty state, in the Options tab and in an item's form. */
export const NO_OPTIONS_YET = 'No options yet — add Size or Milk to offer choices';
