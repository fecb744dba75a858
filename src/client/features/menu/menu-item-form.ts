// The menu item form's text fields and their conversion to the API body (spec §5 Menu item): comma lists
// trimmed (empty -> null), calories parsed as an integer, optional fields empty -> null.
import {
  type CreateMenuItemBody,
  DEFAULT_MENU_CATEGORY,
  type MenuCategory,
  type MenuItem,
} from '@shared/api/menu';

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
  };
}
