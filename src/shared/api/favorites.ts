// The favourites and reviews contract (spec §3 Favorite, Review; §7 Favourites and reviews).
import { z } from 'zod';
import { bodyId, pathId } from './ids.js';
import { MAX_REVIEW_COMMENT } from './review-constants.js';
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
});
export type Review = z.infer<typeof review>;

export const reviewResult = z.object({
  review,
  /** True when this replaced the customer's earlier review of the shop. */
  replaced: z.boolean(),
  shop: z.object({ id: z.number().int(), rating: z.string(), reviewCount: z.number().int() }),
});
export type ReviewResult = z.infer<typeof reviewResult>;
