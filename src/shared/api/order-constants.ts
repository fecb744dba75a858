// The order contract's constants without its schemas, for pages that need a number or a label but not zod (see
// shop-constants.ts; the landing budget test and the web bench watch what the first pages download).

export const MAX_ORDER_LINES = 30;
export const MAX_LINE_QUANTITY = 20;
export const MAX_ORDER_NOTES = 500;
/** How far ahead a pickup may be. */
export const MAX_PICKUP_AHEAD_DAYS = 2;
/** 'As soon as possible' is never sooner than this, whatever the items' preparation times. */
export const MIN_PREPARATION_MINUTES = 10;
/** Pickup slots are this many minutes apart. */
export const PICKUP_SLOT_MINUTES = 15;
/** Recent Orders on the dashboard overview (spec §9). */
export const RECENT_ORDERS = 5;
