// The favourites and reviews contract (spec §3 Favorite, Review; §7 Favourites and reviews).
import { z } from 'zod';
import { bodyId, pathId } from './ids.js';
import { MAX_REVIEW_COMMENT, MAX_REVIEW_REPLY, reviewSorts } from './review-constants.js';
import { shop } from './shops.js';
import { safeText } from './text.js';

export const shopIdParams = z.object({ shopId: pathId('shopId') });
export const addFavoriteBody = z.object({ shopId: bodyId('shopId') });

export const favorite = z.object({ shopId: z.number().int(), createdAt: z.string(), shop });
export type Favorite = z.infer<typeof favorite>;
export const favoriteCheck = z.object({ isFavorite: z.boolean() });

export * from './review-constants.js';
export const reviewBody = z.object({
  shopId: bodyId('shopId'),
  rating: z
    .number({ message: 'rating must be a whole number from 1 to 5' })
    .int('rating must be a whole number from 1 to 5')
    .min(1, 'rating must be a whole number from 1 to 5')
    .max(5, 'rating must be a whole number from 1 to 5'),
  comment: safeText('comment must be text')
    .trim()
    .max(MAX_REVIEW_COMMENT, `comment must be at most ${MAX_REVIEW_COMMENT} characters`)
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type ReviewBody = z.input<typeof reviewBody>;

/** The shop owner's public answer to a review (issue 29): one per review, editable. */
export const reviewReply = z.object({ text: z.string(), createdAt: z.string(), updatedAt: z.string() });
export type ReviewReply = z.infer<typeof reviewReply>;

export const review = z.object({
  id: z.number().int(),
  shopId: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** 'Verified order': the author has a completed order from this shop. */
  verifiedOrder: z.boolean(),
  /** The owner's answer ('Response from the owner'); null until they answer. */
  reply: reviewReply.nullable(),
});
export type Review = z.infer<typeof review>;

export const reviewResult = z.object({
  review,
  /** True when this replaced the customer's earlier review of the shop. */
  replaced: z.boolean(),
  shop: z.object({ id: z.number().int(), rating: z.string(), reviewCount: z.number().int() }),
});
export type ReviewResult = z.infer<typeof reviewResult>;

// Owners answer reviews, and a shop's reviews in pages with their summary (issue 29).

export const reviewIdParams = z.object({ id: pathId('id') });

export const reviewReplyBody = z.object({
  text: safeText('text is required')
    .trim()
    .min(1, 'text must not be empty')
    .max(MAX_REVIEW_REPLY, `text must be at most ${MAX_REVIEW_REPLY} characters`),
});
export type ReviewReplyBody = z.input<typeof reviewReplyBody>;

/** GET /api/reviews/{shopId}: still an array (spec §7), now in an order and a page of REVIEW_PAGE_SIZE. */
export const reviewListQuery = z.object({
  sort: z.enum(reviewSorts, { message: 'sort must be newest, highest or lowest' }).default('newest'),
  /** 1-based. */
  page: pathId('page').default(1),
});
export type ReviewListQuery = z.input<typeof reviewListQuery>;

/** A shop's reviews counted by the database: the mean to one decimal as text ('4.5'), null before the first. */
export const reviewSummary = z.object({
  count: z.number().int(),
  average: z.string().nullable(),
  histogram: z.object({
    '5': z.number().int(),
    '4': z.number().int(),
    '3': z.number().int(),
    '2': z.number().int(),
    '1': z.number().int(),
  }),
});
export type ReviewSummary = z.infer<typeof reviewSummary>;

/** A review of one of the owner's shops that has no answer yet, with the shop's name. */
export const awaitingReplyReview = review.extend({ shopName: z.string() });
export type AwaitingReplyReview = z.infer<typeof awaitingReplyReview>;
