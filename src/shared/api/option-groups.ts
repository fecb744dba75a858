// The option groups contract (issue 25): a shop's groups of choices (Size, Milk, Extras), each attachable to any of
// its menu items, with per-option prices. Prices are decimal text outside, integer cents inside (rule 16).
import { z } from 'zod';
import { bodyId, pathId } from './ids.js';
import {
  MAX_OPTION_NAME,
  MAX_OPTION_PRICE_RAND,
  MAX_OPTIONS_PER_GROUP,
  MAX_SELECTED,
} from './option-constants.js';
import { randAmount } from './price.js';
import { safeText } from './text.js';

export * from './option-constants.js';

export const option = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Decimal text: what choosing it adds to the item's price, '8.00'; '0.00' adds nothing. */
  price: z.string(),
  isDefault: z.boolean(),
  /** False while it is sold out (oat milk has run out): shown greyed, refused when ordered. */
  isAvailable: z.boolean(),
});
export type Option = z.infer<typeof option>;

export const optionGroup = z.object({
  id: z.number().int(),
  shopId: z.number().int(),
  name: z.string(),
  /** 0: optional; 1 with maxSelected 1: choose exactly one (Size). */
  minSelected: z.number().int(),
  maxSelected: z.number().int(),
  /** In the owner's order. */
  options: z.array(option),
});
export type OptionGroup = z.infer<typeof optionGroup>;

export const optionGroupShopParams = z.object({ shopId: pathId('shopId') });
export const optionGroupParams = z.object({ id: pathId('id') });

const name = (field: string) =>
  safeText(`${field} is required`)
    .trim()
    .min(1, `${field} is required`)
    .max(MAX_OPTION_NAME, `${field} must be at most ${MAX_OPTION_NAME} characters`);

const selectedCount = (field: string, min: number) =>
  z
    .number({ message: `${field} must be a whole number from ${min} to ${MAX_SELECTED}` })
    .int(`${field} must be a whole number from ${min} to ${MAX_SELECTED}`)
    .min(min, `${field} must be a whole number from ${min} to ${MAX_SELECTED}`)
    .max(MAX_SELECTED, `${field} must be a whole number from ${min} to ${MAX_SELECTED}`);

const optionInput = z.object({
  /** An option that carries its id keeps it (past orders and carts still name it); without one it is new. */
  id: bodyId('options.id').optional(),
  name: name('option name'),
  price: randAmount({ field: 'option price', allowZero: true, maxRand: MAX_OPTION_PRICE_RAND }).default(0),
  isDefault: z.boolean({ message: 'isDefault must be true or false' }).default(false),
  isAvailable: z.boolean({ message: 'isAvailable must be true or false' }).default(true),
});

/** The group's own rules, checked together once each field is well formed. */
const groupFields = z
  .object({
    name: name('name'),
    minSelected: selectedCount('minSelected', 0),
    maxSelected: selectedCount('maxSelected', 1),
    options: z
      .array(optionInput, { message: 'options must be a list of { name, price }' })
      .min(1, 'options must have at least 1 option')
      .max(MAX_OPTIONS_PER_GROUP, `options must have at most ${MAX_OPTIONS_PER_GROUP} options`),
  })
  .superRefine((group, ctx) => {
    const issue = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: 'custom', path, message });
    if (group.maxSelected < group.minSelected)
      issue(['maxSelected'], 'maxSelected must be at least minSelected');
    if (group.minSelected > group.options.length)
      issue(['minSelected'], `minSelected must be at most the number of options (${group.options.length})`);
    const defaults = group.options.filter((entry) => entry.isDefault).length;
    if (defaults > group.maxSelected)
      issue(
        ['options'],
        `options may have at most ${group.maxSelected} default${group.maxSelected === 1 ? '' : 's'}`,
      );
    const seen = new Set<string>();
    group.options.forEach((entry, index) => {
      const key = entry.name.toLowerCase();
      if (seen.has(key))
        issue(['options', index, 'name'], `option name '${entry.name}' is used twice in this group`);
      seen.add(key);
    });
    const ids = group.options.flatMap((entry) => (entry.id === undefined ? [] : [entry.id]));
    if (new Set(ids).size !== ids.length) issue(['options'], 'options must not repeat an id');
  });

export const createOptionGroupBody = z.intersection(z.object({ shopId: bodyId('shopId') }), groupFields);
export type CreateOptionGroupBody = z.input<typeof createOptionGroupBody>;

/** The whole group again (shopId may be sent, as the dialog does, but a group never moves shops). */
export const updateOptionGroupBody = z.intersection(
  z.object({ shopId: z.unknown().optional() }),
  groupFields,
);
export type UpdateOptionGroupBody = z.input<typeof updateOptionGroupBody>;
