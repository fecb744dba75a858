// The option group form (issue 25) and its conversion to the API body: the owner picks a kind ('Choose one
// (required)', 'Optional, up to N', 'Choose at least 1, up to N') rather than typing a minimum and a maximum.

import { MAX_SELECTED } from '@shared/api/option-constants';
import type { CreateOptionGroupBody, OptionGroup } from '@shared/api/option-groups';

export type GroupKind = 'one' | 'upTo' | 'atLeast';

export interface OptionRowForm {
  /** A React key for the row, also for rows not yet saved. */
  rowKey: string;
  /** The saved option's id, sent back so past orders and carts still name it; none for a new row. */
  id?: number;
  name: string;
  /** As typed, in rand: '8.00', '8', or '' for nothing extra. */
  price: string;
  isDefault: boolean;
  isAvailable: boolean;
}

export interface OptionGroupForm {
  name: string;
  kind: GroupKind;
  /** The least to choose for 'atLeast' (1 unless the group was saved with more). */
  atLeast: number;
  /** The most to choose, for 'upTo' and 'atLeast'. */
  upTo: number;
  options: OptionRowForm[];
}

let rowCount = 0;
export function emptyOptionRow(): OptionRowForm {
  rowCount += 1;
  return { rowKey: `new-${rowCount}`, name: '', price: '', isDefault: false, isAvailable: true };
}

export function emptyOptionGroupForm(): OptionGroupForm {
  return { name: '', kind: 'one', atLeast: 1, upTo: 1, options: [emptyOptionRow(), emptyOptionRow()] };
}

export function kindOf(group: Pick<OptionGroup, 'minSelected' | 'maxSelected'>): GroupKind {
  if (group.minSelected === 0) return 'upTo';
  return group.minSelected === 1 && group.maxSelected === 1 ? 'one' : 'atLeast';
}

/** The kind select's words, with the form's own numbers in them. */
export function kindLabel(kind: GroupKind, form: Pick<OptionGroupForm, 'atLeast' | 'upTo'>): string {
  if (kind === 'one') return 'Choose one (required)';
  if (kind === 'upTo') return `Optional, up to ${form.upTo}`;
  return `Choose at least ${form.atLeast}, up to ${Math.max(form.upTo, form.atLeast)}`;
}

export function limitsOf(form: Pick<OptionGroupForm, 'kind' | 'atLeast' | 'upTo'>): {
  minSelected: number;
  maxSelected: number;
} {
  if (form.kind === 'one') return { minSelected: 1, maxSelected: 1 };
  if (form.kind === 'upTo') return { minSelected: 0, maxSelected: form.upTo };
  return { minSelected: form.atLeast, maxSelected: Math.max(form.upTo, form.atLeast) };
}

export function formFromGroup(group: OptionGroup): OptionGroupForm {
  return {
    name: group.name,
    kind: kindOf(group),
    atLeast: Math.max(1, group.minSelected),
    upTo: group.maxSelected,
    options: group.options.map((option) => ({
      rowKey: `saved-${option.id}`,
      id: option.id,
      name: option.name,
      price: option.price,
      isDefault: option.isDefault,
      isAvailable: option.isAvailable,
    })),
  };
}

export function bodyFromForm(shopId: number, form: OptionGroupForm): CreateOptionGroupBody {
  return {
    shopId,
    name: form.name.trim(),
    ...limitsOf(form),
    options: form.options.map((row) => ({
      ...(row.id === undefined ? {} : { id: row.id }),
      name: row.name.trim(),
      // Sent as typed: the server reads decimal text and names the rule a bad price breaks.
      price: row.price.trim() || '0',
      isDefault: row.isDefault,
      isAvailable: row.isAvailable,
    })),
  };
}

/** A saved group sent back whole (the one-click Sold out switch): every option keeps its id. */
export function bodyFromGroup(group: OptionGroup): CreateOptionGroupBody {
  return {
    shopId: group.shopId,
    name: group.name,
    minSelected: group.minSelected,
    maxSelected: group.maxSelected,
    options: group.options.map(({ id, name, price, isDefault, isAvailable }) => ({
      id,
      name,
      price,
      isDefault,
      isAvailable,
    })),
  };
}

/**
 * A row's Default ticked or cleared. A group of at most one choice has one default, so ticking one clears the
 * others; a larger group may have up to its maximum, which the server checks.
 */
export function setDefault(form: OptionGroupForm, rowKey: string, isDefault: boolean): OptionRowForm[] {
  const single = limitsOf(form).maxSelected === 1;
  return form.options.map((row) =>
    row.rowKey === rowKey ? { ...row, isDefault } : isDefault && single ? { ...row, isDefault: false } : row,
  );
}

/** The form with another kind; a choose-one group keeps one default at most, the first. */
export function withKind(form: OptionGroupForm, kind: GroupKind): OptionGroupForm {
  if (kind !== 'one') return { ...form, kind };
  const first = form.options.findIndex((row) => row.isDefault);
  return {
    ...form,
    kind,
    options: form.options.map((row, index) =>
      row.isDefault && index !== first ? { ...row, isDefault: false } : row,
    ),
  };
}

/** The 'up to' numbers the form offers: 1 to the contract's maximum. */
export const upToChoices = Array.from({ length: MAX_SELECTED }, (_, index) => index + 1);
