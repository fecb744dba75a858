// Reviews: one per customer per shop (a new one replaces the old); the shop's rating follows in the same transaction.
// A shop's reviews read in pages and sorts, and counted by stars (issue 29); the owners' answers are in replies.ts.
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { CONFIRM_REVIEW_FIRST } from '../../../shared/api/auth.js';
import {
  REVIEW_PAGE_SIZE,
  type Review,
  type ReviewResult,
  type ReviewSort,
  type ReviewSummary,
  type reviewBody,
} from '../../../shared/api/favorites.js';
import type { Database, Transaction } from '../../db/client.js';
import { coffeeShops, orders, reviews, users } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';

/**
 * 'Verified order': the review's author picked up (completed) an order from the shop. Completed rather than
 * merely placed: an order placed and cancelled proves nothing, and one still pending may never be collected.
 */
const isVerifiedOrder = sql<boolean>`exists (select 1 from ${orders} where ${orders.customerId} = ${reviews.userId} and ${orders.shopId} = ${reviews.shopId} and ${orders.status} = 'completed')`;

/**
 * An account whose email is not confirmed (a /register sign-up that has not entered its code) may review only a
 * shop it has completed an order at (issue 32): a throw-away account cannot move a shop's rating.
 */
async function assertMayReview(tx: Transaction, userId: number, shopId: number) {
  const [author] = await tx
    .select({
      emailVerified: users.emailVerified,
      customerOf: sql<boolean>`exists (select 1 from ${orders} where ${orders.customerId} = ${userId} and ${orders.shopId} = ${shopId} and ${orders.status} = 'completed')`,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (author && !author.emailVerified && !author.customerOf) throw new HttpError(403, CONFIRM_REVIEW_FIRST);
}

export async function submitReview(
  db: Database,
  user: { id: number; username?: string },
  input: z.output<typeof reviewBody>,
): Promise<ReviewResult> {
  return db.transaction(async (tx) => {
    // Locking the shop row serialises concurrent reviews of one shop, so the recomputed rating is never stale.
    const [shop] = await tx
      .select({ id: coffeeShops.id })
      .from(coffeeShops)
      .where(eq(coffeeShops.id, input.shopId))
      .for('update');
    if (!shop) throw new HttpError(404, 'Coffee shop not found');
    await assertMayReview(tx, user.id, input.shopId);

    const [existing] = await tx
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.userId, user.id), eq(reviews.shopId, input.shopId)));
    const now = new Date();
    const [saved] = await tx
      .insert(reviews)
      .values({ userId: user.id, shopId: input.shopId, rating: input.rating, comment: input.comment })
      .onConflictDoUpdate({
        target: [reviews.userId, reviews.shopId],
        set: { rating: input.rating, comment: input.comment, updatedAt: now },
      })
      .returning();

    const [summary] = await tx
      .update(coffeeShops)
      .set({
        rating: sql`(select round(avg(rating), 1) from ${reviews} where ${reviews.shopId} = ${input.shopId})`,
        reviewCount: sql`(select count(*)::int from ${reviews} where ${reviews.shopId} = ${input.shopId})`,
      })
      .where(eq(coffeeShops.id, input.shopId))
      .returning({ id: coffeeShops.id, rating: coffeeShops.rating, reviewCount: coffeeShops.reviewCount });
    const [author] = await tx
      .select({ username: users.username, verifiedOrder: isVerifiedOrder })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .where(eq(reviews.id, saved!.id));

    return {
      review: toReview({
        ...saved!,
        username: author?.username ?? '',
        verifiedOrder: author?.verifiedOrder ?? false,
      }),
      replaced: Boolean(existing),
      shop: {
        id: summary!.id,
        rating: Number(summary!.rating).toFixed(1),
        reviewCount: summary!.reviewCount,
      },
    };
  });
}

/** A review row as the contract shapes it; the reply is there only once it has text (issue 29). */
export function toReview(
  row: typeof reviews.$inferSelect & { username: string; verifiedOrder: boolean },
): Review {
  return {
    id: row.id,
    shopId: row.shopId,
    userId: row.userId,
    username: row.username,
    rating: row.rating,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    verifiedOrder: row.verifiedOrder,
    reply:
      row.replyText !== null && row.replyCreatedAt
        ? {
            text: row.replyText,
            createdAt: row.replyCreatedAt.toISOString(),
            updatedAt: (row.replyUpdatedAt ?? row.replyCreatedAt).toISOString(),
          }
        : null,
  };
}

/** What every read of reviews selects: the row, its author's name and whether they collected an order. */
export const reviewColumns = { review: reviews, username: users.username, verifiedOrder: isVerifiedOrder };

/** Reviews read with reviewColumns, as the contract shapes them. */
export function toReviews(
  rows: { review: typeof reviews.$inferSelect; username: string; verifiedOrder: boolean }[],
): Review[] {
  return rows.map((row) =>
    toReview({ ...row.review, username: row.username, verifiedOrder: row.verifiedOrder }),
  );
}

/**
 * Each sort's ORDER BY. Newest is by the last change, as before sorts existed: a replaced review is news again.
 * Ties end on the id, so a page boundary never shows one review twice or skips one.
 */
const reviewOrders: Record<ReviewSort, SQL[]> = {
  newest: [desc(reviews.updatedAt), desc(reviews.id)],
  highest: [desc(reviews.rating), desc(reviews.updatedAt), desc(reviews.id)],
  lowest: [asc(reviews.rating), desc(reviews.updatedAt), desc(reviews.id)],
};

/** One page (1-based, REVIEW_PAGE_SIZE reviews) of a shop's reviews in the sort asked for. */
export async function listReviews(
  db: Database,
  shopId: number,
  { sort, page }: { sort: ReviewSort; page: number },
): Promise<Review[]> {
  const rows = await db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(eq(reviews.shopId, shopId))
    .orderBy(...reviewOrders[sort])
    .limit(REVIEW_PAGE_SIZE)
    .offset((page - 1) * REVIEW_PAGE_SIZE);
  return toReviews(rows);
}

export async function findOwnReview(db: Database, userId: number, shopId: number): Promise<Review | null> {
  const [row] = await db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(and(eq(reviews.userId, userId), eq(reviews.shopId, shopId)));
  return row ? toReview({ ...row.review, username: row.username, verifiedOrder: row.verifiedOrder }) : null;
}

/**
 * A shop's reviews counted by the database in one pass: how many, the mean to one decimal (rounded as the shop's
 * rating is, so the two agree) and how many of each star. A shop without reviews counts zeros and no mean.
 */
export async function summarizeReviews(db: Database, shopId: number): Promise<ReviewSummary> {
  const stars = (rating: number) => sql<number>`(count(*) filter (where ${reviews.rating} = ${rating}))::int`;
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      average: sql<string | null>`round(avg(${reviews.rating}), 1)::text`,
      five: stars(5),
      four: stars(4),
      three: stars(3),
      two: stars(2),
      one: stars(1),
    })
    .from(reviews)
    .where(eq(reviews.shopId, shopId));
  return {
    count: Number(row?.count ?? 0),
    average: row?.average ?? null,
    histogram: {
      '5': Number(row?.five ?? 0),
      '4': Number(row?.four ?? 0),
      '3': Number(row?.three ?? 0),
      '2': Number(row?.two ?? 0),
      '1': Number(row?.one ?? 0),
    },
  };
}
