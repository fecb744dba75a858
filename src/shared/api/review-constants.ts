// The review contract's constants without its schemas, for pages that need a number or a label but not zod (see
// shop-constants.ts; the landing budget test and the web bench watch what the first pages download).

export const MAX_REVIEW_COMMENT = 1000;

/** An owner's public answer to a review (issue 29): 1 to 1,000 characters after trimming. */
export const MAX_REVIEW_REPLY = 1000;
/** Reviews in one page of a shop's list (GET /api/reviews/{shopId}?page=). */
export const REVIEW_PAGE_SIZE = 10;
/** The most reviews the owner's 'Reviews waiting for a reply' list holds. */
export const MAX_AWAITING_REPLY = 50;
/** The orders a shop's reviews can be listed in; newest is the default. */
export const reviewSorts = ['newest', 'highest', 'lowest'] as const;
export type ReviewSort = (typeof reviewSorts)[number];
