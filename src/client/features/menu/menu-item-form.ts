// The menu item form's text fields and their conversion to the API body (spec §5 Menu item): comma lists
// trimmed (empty -> null), calories parsed as an integer, optional fields empty -> null.
import {
  type CreateMenuItemBody,
  DEFAULT_MENU_CATEGORY,
  type MenuCategory,
  type MenuItem,
} from '@shared/api/menu';
import { groupsOf } from './item-options';

export interface MenuItemForm {
  name: string;
  description: string;
  category: MenuCategory;
  price: string;
  imageUrl: string;
  preparationTime: string;
  ingredients: string;
  allergens: string;
  calories: string;
  isVegan: boolean;
  isGlutenFree: boolean;
  isAvailable: boolean;
  /** The shop's option groups offered with the item, in the order the customer sees them (issue 25). */
  optionGroupIds: number[];
}

export const emptyMenuItemForm: MenuItemForm = {
  name: '',
  description: '',
  category: DEFAULT_MENU_CATEGORY,
  price: '',
  imageUrl: '',
  preparationTime: '',
  ingredients: '',
  allergens: '',
  calories: '',
  isVegan: false,
  isGlutenFree: false,
  isAvailable: true,
  optionGroupIds: [],
};

export function formFromItem(item: MenuItem): MenuItemForm {
  return {
    name: item.name,
    description: item.description ?? '',
    category: item.category,
    price: item.price,
    imageUrl: item.imageUrl ?? '',
    preparationTime: item.preparationTime ?? '',
    ingredients: item.ingredients?.join(', ') ?? '',
    allergens: item.allergens?.join(', ') ?? '',
    calories: item.calories === null ? '' : String(item.calories),
    isVegan: item.isVegan,
    isGlutenFree: item.isGlutenFree,
    isAvailable: item.isAvailable,
    optionGroupIds: groupsOf(item).map((group) => group.id),
  };
}

/** 'milk, , oats ' -> ['milk', 'oats']; nothing left -> null. */
export function commaList(text: string): string[] | null {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  return entries.length > 0 ? entries : null;
}

export function bodyFromForm(shopId: number, form: MenuItemForm): CreateMenuItemBody {
  const calories = form.calories.trim();
  return {
    shopId,
    name: form.name.trim(),
    description: form.description.trim() || null,
    category: form.category,
    // Sent as typed: the server reads numeric text and names the rule a bad price breaks.
    price: form.price.trim(),
    imageUrl: form.imageUrl.trim() || null,
    preparationTime: form.preparationTime.trim() || null,
    ingredients: commaList(form.ingredients),
    allergens: commaList(form.allergens),
    calories: calories === '' ? null : Number.parseInt(calories, 10),
    isVegan: form.isVegan,
    isGlutenFree: form.isGlutenFree,
    isAvailable: form.isAvailable,
    optionGroupIds: form.optionGroupIds,
  };
}

/** The attached groups with one ticked (added last) or cleared. */
export function attachGroup(ids: readonly number[], groupId: number, attached: boolean): number[] {
  const others = ids.filter((id) => id !== groupId);
  return attached ? (ids.includes(groupId) ? [...ids] : [...others, groupId]) : others;
}

/** The attached groups with one moved a place up (-1) or down (+1); at an end it stays. */
export function moveGroup(ids: readonly number[], groupId: number, step: -1 | 1): number[] {
  const from = ids.indexOf(groupId);
  const to = from + step;
  if (from < 0 || to < 0 || to >= ids.length) return [...ids];
  const moved = [...ids];
  [moved[from], moved[to]] = [moved[to]!, moved[from]!];
  return moved;
}
