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
/** Shops in one answer for a map area (issue 31: 'Search this area'); without an area MAX_PAGE_SIZE holds. */
export const MAX_AREA_PAGE_SIZE = 500;

/** A busy shop (issue 30): the ranges of the owner's settings. */
export const MIN_PREP_MINUTES = 5;
export const MAX_PREP_MINUTES = 60;
export const DEFAULT_PREP_MINUTES = 10;
export const MAX_ORDERS_PER_SLOT = 100;
export const MIN_BUSY_MINUTES = 5;
export const MAX_BUSY_MINUTES = 60;
/** How long a busy delay lasts when the owner does not say. */
export const DEFAULT_BUSY_HOURS = 1;
export const MIN_AUTO_CANCEL_MINUTES = 5;
export const MAX_AUTO_CANCEL_MINUTES = 30;
