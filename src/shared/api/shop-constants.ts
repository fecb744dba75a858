// The shop contract's constants without its schemas: pages on the critical path import these, so the first
// script a phone downloads carries no zod (the landing page's budget, tests/build/landing-budget.test.ts).
export const shopCategories = ['specialty', 'quick_service', 'artisan'] as const;
export type ShopCategory = (typeof shopCategories)[number];

export const shopCategoryLabels: Record<ShopCategory, string> = {
  specialty: 'Specialty Coffee',
  quick_service: 'Quick Service',
  artisan: 'Artisan Roasters',
};

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 50;
