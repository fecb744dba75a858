// The option groups' limits without their schemas, for pages that need a number but not zod (see
// order-constants.ts). Item options follow Square's modifier lists and Toast's modifier groups (issue 25).

export const MAX_OPTION_GROUPS_PER_SHOP = 30;
export const MAX_OPTION_GROUPS_PER_ITEM = 10;
export const MAX_OPTIONS_PER_GROUP = 20;
/** minSelected is 0–10, maxSelected 1–10. */
export const MAX_SELECTED = 10;
/** The most an option may add to an item's price. */
export const MAX_OPTION_PRICE_RAND = 500;
export const MAX_OPTION_NAME = 50;
