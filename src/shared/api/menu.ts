// The menu contract (spec §3 Menu item, §5 Menu item, §7 Menu and hours). Prices are decimal text outside,
// integer cents inside (rule 16).
import { z } from 'zod';
import { bodyId, pathId } from './ids.js';
import { MAX_CALORIES, MAX_PRICE_RAND, menuCategories } from './menu-constants.js';
import { MAX_OPTION_GROUPS_PER_ITEM, optionGroup } from './option-groups.js';
import { randAmount } from './price.js';
import { publicHttpUrl, safeText } from './text.js';

export * from './menu-constants.js';

export const menuCategory = z.enum(menuCategories, {
  error: (issue) =>
    issue.input === undefined
      ? 'category is required'
      : `category must be one of ${menuCategories.join(', ')}`,
});

export const menuItem = z.object({
  id: z.number().int(),
  shopId: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  category: menuCategory,
  /** Decimal text with two places: '32.50'. */
  price: z.string(),
  imageUrl: z.string().nullable(),
  isAvailable: z.boolean(),
  /** Free text such as '5-10 mins'. */
  preparationTime: z.string().nullable(),
  ingredients: z.array(z.string()).nullable(),
  allergens: z.array(z.string()).nullable(),
  calories: z.number().int().nullable(),
  isVegan: z.boolean(),
  isGlutenFree: z.boolean(),
  /** The option groups attached to the item, whole, in the owner's order (issue 25); [] for none. */
  optionGroups: z.array(optionGroup),
});
export type MenuItem = z.infer<typeof menuItem>;

export const menuShopParams = z.object({ shopId: pathId('shopId') });
export const menuItemParams = z.object({ id: pathId('id') });

/** Price: a number or numeric text, above 0, at most R10,000, at most two decimals. Parsed to cents. */
const price = randAmount({ field: 'price', allowZero: false, maxRand: MAX_PRICE_RAND });

const optionalText = (name: string, max: number) =>
  safeText(`${name} must be text`)
    .trim()
    .max(max, `${name} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

/** A list of text: entries trimmed, empty ones dropped; an empty list is null (spec §5). */
const textList = (name: string) =>
  z
    .array(safeText(`${name} must be a list of text`).trim().max(100), {
      message: `${name} must be a list of text`,
    })
    .max(50, `${name} must have at most 50 entries`)
    .nullish()
    .transform((list) => {
      const kept = (list ?? []).filter((entry) => entry !== '');
      return kept.length > 0 ? kept : null;
    });

const httpUrl = publicHttpUrl('imageUrl');

/** Every field of a menu item a client may set; the create body requires name, category and price. */
const menuItemFields = {
  name: safeText('name is required')
    .trim()
    .min(1, 'name is required')
    .max(100, 'name must be at most 100 characters'),
  description: optionalText('description', 500),
  category: menuCategory,
  price,
  imageUrl: httpUrl,
  isAvailable: z.boolean({ message: 'isAvailable must be true or false' }),
  preparationTime: optionalText('preparationTime', 40),
  ingredients: textList('ingredients'),
  allergens: textList('allergens'),
  // A form's empty field may arrive as '': no calories given, like null.
  calories: z
    .preprocess(
      (value) => (value === '' ? null : value),
      z
        .number({ message: 'calories must be a whole number' })
        .int('calories must be a whole number')
        .min(0, 'calories must be 0 or more')
        .max(MAX_CALORIES, `calories must be at most ${MAX_CALORIES}`)
        .nullish(),
    )
    .transform((value) => value ?? null),
  isVegan: z.boolean({ message: 'isVegan must be true or false' }),
  isGlutenFree: z.boolean({ message: 'isGlutenFree must be true or false' }),
  /** The shop's option groups to offer with the item, in order; replaces the attached list when sent. */
  optionGroupIds: z
    .array(bodyId('optionGroupIds'), { message: 'optionGroupIds must be a list of option group ids' })
    .max(MAX_OPTION_GROUPS_PER_ITEM, `optionGroupIds must have at most ${MAX_OPTION_GROUPS_PER_ITEM} groups`)
    .refine((ids) => new Set(ids).size === ids.length, 'optionGroupIds must not repeat a group'),
};

export const createMenuItemBody = z.object({
  shopId: bodyId('shopId'),
  ...menuItemFields,
  // Required, as spec §5 says (issue 32); the owner's form preselects DEFAULT_MENU_CATEGORY.
  category: menuCategory,
  isAvailable: menuItemFields.isAvailable.default(true),
  isVegan: menuItemFields.isVegan.default(false),
  isGlutenFree: menuItemFields.isGlutenFree.default(false),
  optionGroupIds: menuItemFields.optionGroupIds.default([]),
});
export type CreateMenuItemBody = z.input<typeof createMenuItemBody>;

/** Any subset of the fields; shopId may be sent (the dialog does) but an item never moves shops. */
export const updateMenuItemBody = z
  .object({ ...menuItemFields, shopId: z.unknown().optional() })
  .partial()
  .transform(({ shopId: _ignored, ...fields }) => fields);
export type UpdateMenuItemBody = z.input<typeof updateMenuItemBody>;
