// The menu contract's constants without its schemas, for pages that need a number or a label but not zod (see
// shop-constants.ts; the landing budget test and the web bench watch what the first pages download).

export const menuCategories = ['coffee', 'tea', 'pastries', 'sandwiches', 'beverages', 'snacks'] as const;
export type MenuCategory = (typeof menuCategories)[number];

export const DEFAULT_MENU_CATEGORY: MenuCategory = 'coffee';

export const menuCategoryLabels: Record<MenuCategory, string> = {
  coffee: 'Coffee',
  tea: 'Tea',
  pastries: 'Pastries',
  sandwiches: 'Sandwiches',
  beverages: 'Beverages',
  snacks: 'Snacks',
};

export const MAX_PRICE_RAND = 10_000;
export const MAX_CALORIES = 10_000;
