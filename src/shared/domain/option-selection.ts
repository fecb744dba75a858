// The rule of choosing an item's options (issue 25), one place for the sheet and the server (CONVENTIONS rule 3):
// which choices are allowed, what they cost, how a line's options read, and when two lines are the same line.

/** What the rule needs of an option group: the menu's OptionGroup (prices as text) or the server's (cents). */
export interface SelectableGroup {
  id: number;
  name: string;
  minSelected: number;
  maxSelected: number;
  options: SelectableOption[];
}

export interface SelectableOption {
  id: number;
  name: string;
  isAvailable: boolean;
  isDefault?: boolean;
}

/** Why a choice cannot be ordered: 'invalid' is a 400 (the request is wrong), 'sold_out' a 409 (the shop ran out). */
export interface SelectionProblem {
  kind: 'invalid' | 'sold_out';
  message: string;
}

const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

/** 'Choose a Size', 'Choose up to 2', 'Choose 2 to 3': how a group asks, shown above its options. */
export function groupInstruction(
  group: Pick<SelectableGroup, 'name' | 'minSelected' | 'maxSelected'>,
): string {
  const { minSelected: min, maxSelected: max } = group;
  if (min === 1 && max === 1) return `Choose ${article(group.name)} ${group.name}`;
  if (min === 0 && max === 1) return 'Optional: choose 1';
  if (min === 0) return `Choose up to ${max}`;
  if (min === max) return `Choose ${min}`;
  return `Choose ${min} to ${max}`;
}

/**
 * The first thing wrong with choosing `chosenIds` for `itemName` offered with `groups` (in the item's order), or
 * null when it may be ordered: every id an option of one of the groups, none twice, each group's count within its
 * min and max, every chosen option available.
 */
export function selectionProblem(
  itemName: string,
  groups: readonly SelectableGroup[],
  chosenIds: readonly number[],
): SelectionProblem | null {
  const groupOf = new Map<number, { group: SelectableGroup; option: SelectableOption }>();
  for (const group of groups) for (const option of group.options) groupOf.set(option.id, { group, option });
  const seen = new Set<number>();
  for (const id of chosenIds) {
    const found = groupOf.get(id);
    if (!found) return { kind: 'invalid', message: `Option ${id} is not offered with ${itemName}` };
    if (seen.has(id))
      return { kind: 'invalid', message: `${found.option.name} is chosen twice for ${itemName}` };
    seen.add(id);
  }
  for (const group of groups) {
    const count = group.options.filter((option) => seen.has(option.id)).length;
    if (count < group.minSelected) {
      const message =
        group.minSelected === 1
          ? `Choose ${article(group.name)} ${group.name} for ${itemName}`
          : `Choose at least ${group.minSelected} ${group.name} for ${itemName}`;
      return { kind: 'invalid', message };
    }
    if (count > group.maxSelected) {
      const message =
        group.maxSelected === 1
          ? `Choose only one ${group.name} for ${itemName}`
          : `Choose at most ${group.maxSelected} ${group.name} for ${itemName}`;
      return { kind: 'invalid', message };
    }
  }
  const soldOut = chosenIds.map((id) => groupOf.get(id)!.option).find((option) => !option.isAvailable);
  if (soldOut) return { kind: 'sold_out', message: `${soldOut.name} is sold out` };
  return null;
}

/** The options a sheet starts with: each group's available defaults. */
export function defaultSelection(groups: readonly SelectableGroup[]): number[] {
  return groups.flatMap((group) =>
    group.options.filter((option) => option.isDefault && option.isAvailable).map((option) => option.id),
  );
}

/** The chosen options in the item's order (group by group, option by option), whatever order they were sent in. */
export function chosenInOrder<Group extends SelectableGroup>(
  groups: readonly Group[],
  chosenIds: readonly number[],
): { group: Group; option: Group['options'][number] }[] {
  const chosen = new Set(chosenIds);
  return groups.flatMap((group) =>
    group.options.filter((option) => chosen.has(option.id)).map((option) => ({ group, option })),
  );
}

/** Lines with the same item and the same set of options (in any order) are one line: this is their key. */
export function lineKey(menuItemId: number, optionIds: readonly number[]): string {
  return `${menuItemId}:${[...new Set(optionIds)].sort((a, b) => a - b).join(',')}`;
}

/** 'Large · Oat milk · Extra shot': a line's options as the cart, the barista and the receipt read them. */
export function optionsLabel(options: readonly { name: string }[]): string {
  return options.map((option) => option.name).join(' · ');
}

/** An item's unit price with its chosen options: the item's price plus each option's, in cents. */
export function unitPriceCents(itemPriceCents: number, optionPricesCents: readonly number[]): number {
  return optionPricesCents.reduce((sum, cents) => sum + cents, itemPriceCents);
}
