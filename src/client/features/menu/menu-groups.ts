// A menu in the order people read one: categories in the contract's order, items by name within each.
import type { MenuItem } from '@shared/api/menu';
import { type MenuCategory, menuCategories, menuCategoryLabels } from '@shared/api/menu-constants';
import { centsToRand, randToCents } from '@shared/domain/money';

export interface MenuGroup {
  category: MenuCategory;
  label: string;
  items: MenuItem[];
}

export function groupMenu(items: MenuItem[]): MenuGroup[] {
  return menuCategories
    .map((category) => ({
      category,
      label: menuCategoryLabels[category],
      items: items.filter((item) => item.category === category).sort((a, b) => a.name.localeCompare(b.name)),
    }))
    .filter((group) => group.items.length > 0);
}

/** The API's decimal text ('32.5' or '32.50') as people read it: 'R32.50' (spec §1, rule 16). */
export function priceLabel(price: string): string {
  return centsToRand(randToCents(Number(price)));
}
