// Reviews: one per customer per shop (a new one replaces the old); the shop's rating follows in the same transaction.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { CONFIRM_REVIEW_FIRST } from '../../../shared/api/auth.js';
import type { Review, ReviewResult, reviewBody } from '../../../shared/api/favorites.js';
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

function toReview(row: typeof reviews.$inferSelect & { username: string; verifiedOrder: boolean }): Review {
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
  };
}

export async function listReviews(db: Database, shopId: number, limit = 20): Promise<Review[]> {
  const rows = await db
    .select({ review: reviews, username: users.username, verifiedOrder: isVerifiedOrder })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(eq(reviews.shopId, shopId))
    .orderBy(desc(reviews.updatedAt))
    .limit(limit);
  return rows.map((row) =>
    toReview({ ...row.review, username: row.username, verifiedOrder: row.verifiedOrder }),
  );
}

export async function findOwnReview(db: Database, userId: number, shopId: number): Promise<Review | null> {
  const [row] = await db
    .select({ review: reviews, username: users.username, verifiedOrder: isVerifiedOrder })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(and(eq(reviews.userId, userId), eq(reviews.shopId, shopId)));
  return row ? toReview({ ...row.review, username: row.username, verifiedOrder: row.verifiedOrder }) : null;
}
