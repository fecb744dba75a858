// How the options sheet's inputs change a choice (issue 25): a group of at most one is a set of radio buttons, any
// other a set of check boxes that stop at the group's maximum. What may be ordered is the shared rule's to say
// (selectionProblem); this only keeps the inputs from building what it would refuse.
import type { OptionGroup } from '@shared/api/option-groups';
import { defaultSelection } from '@shared/domain/option-selection';

/** Radio buttons: picking one replaces the group's choice. */
export function isSingleChoice(group: Pick<OptionGroup, 'maxSelected'>): boolean {
  return group.maxSelected === 1;
}

/** The chosen ids after an option of the group is picked or unpicked; `null` picks none of a single choice. */
export function pickOption(
  group: OptionGroup,
  chosen: readonly number[],
  optionId: number | null,
  picked: boolean,
): number[] {
  const inGroup = new Set(group.options.map((option) => option.id));
  if (isSingleChoice(group)) {
    const others = chosen.filter((id) => !inGroup.has(id));
    return picked && optionId !== null ? [...others, optionId] : others;
  }
  if (optionId === null) return [...chosen];
  if (!picked) return chosen.filter((id) => id !== optionId);
  const count = chosen.filter((id) => inGroup.has(id)).length;
  return chosen.includes(optionId) || count >= group.maxSelected ? [...chosen] : [...chosen, optionId];
}

/** Whether an unchosen check box may still be ticked: the option is available and the group has room. */
export function canPick(group: OptionGroup, chosen: readonly number[], optionId: number): boolean {
  const option = group.options.find((entry) => entry.id === optionId);
  if (!option?.isAvailable) return false;
  if (isSingleChoice(group) || chosen.includes(optionId)) return true;
  const inGroup = new Set(group.options.map((entry) => entry.id));
  return chosen.filter((id) => inGroup.has(id)).length < group.maxSelected;
}

/**
 * What the sheet starts with: the given ids (a cart line being edited, an order chosen again) that are still
 * offered and available, or, with none given, each group's available defaults.
 */
export function initialChoice(groups: readonly OptionGroup[], optionIds?: readonly number[]): number[] {
  if (!optionIds) return defaultSelection(groups);
  const available = new Set(
    groups.flatMap((group) =>
      group.options.filter((option) => option.isAvailable).map((option) => option.id),
    ),
  );
  return optionIds.filter((id) => available.has(id));
}
