// The review contract's constants without its schemas, for pages that need a number or a label but not zod (see
// shop-constants.ts; the landing budget test and the web bench watch what the first pages download).

export const MAX_REVIEW_COMMENT = 1000;
