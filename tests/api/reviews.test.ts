// Reviews over real HTTP (spec §3 Review, §5 Review, §7 POST /api/reviews, §9 rating scale 1 to 5): customers
// only, one per customer per shop, and the shop's rating (one decimal, as text) and count kept in step.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { coffeeShops, reviews } from '../../src/server/db/schema.js';
import type { AuthResponse } from '../../src/shared/api/auth.js';
import type { Review, ReviewResult } from '../../src/shared/api/favorites.js';
import type { Shop } from '../../src/shared/api/shops.js';
import { confirmEmails, makeShop, makeUser } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let server: TestApp;
let owner: AuthResponse;
let otherOwner: AuthResponse;
let customer: AuthResponse;
let reviewed: Shop;
/** Customers enough for any one shop's reviews: signing up hashes a password, so they are made once. */
let reviewers: AuthResponse[];

const countReviews = async () =>
  ((await server.database.db.select({ n: sql<number>`count(*)::int` }).from(reviews)) as [{ n: number }])[0]
    .n;
const reviewRows = (shopId: number) =>
  server.database.db.select().from(reviews).where(eq(reviews.shopId, shopId)).orderBy(reviews.id);
const shopRow = async (shopId: number) =>
  (await server.database.db.select().from(coffeeShops).where(eq(coffeeShops.id, shopId)))[0]!;
/**
 * A shop as anyone reads it, but for nextPickupAt, which moves on with the clock (a minute boundary between two reads
 * is no change a review made).
 */
const shown = async (shopId: number) => {
  const { nextPickupAt: _moves, ...shop } = (await server.api.get<Shop>(`/api/coffee-shops/${shopId}`)).body;
  return shop;
};
const review = (who: AuthResponse, body: Record<string, unknown>) =>
  server.api.as(who).post<ReviewResult & { message: string }>('/api/reviews', body);
/** Each rating from another of the reviewers, one after another. */
async function reviewedBy(shopId: number, ratings: number[]) {
  for (const [index, rating] of ratings.entries()) {
    const reply = await review(reviewers[index]!, { shopId, rating });
    expect(reply.status).toBe(201);
  }
}

beforeAll(async () => {
  server = await startTestApp();
  owner = await makeUser(server.api, 'shop_owner');
  otherOwner = await makeUser(server.api, 'shop_owner');
  customer = await makeUser(server.api, 'customer');
  reviewers = await Promise.all([1, 2, 3, 4, 5, 6].map(() => makeUser(server.api, 'customer')));
  await confirmEmails(server.database.db, customer, ...reviewers);
  reviewed = await makeShop(server.api, owner, { name: 'Colombo Quick Coffee', category: 'quick_service' });
});
afterAll(() => server?.close());

describe('submitting reviews', () => {
  test('a first review answers 201 with the review and the shop’s new rating and count, and is stored', async () => {
    const shop = await makeShop(server.api, owner);
    const reply = await review(customer, { shopId: shop.id, rating: 5, comment: '  Lovely flat white  ' });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      review: {
        id: expect.any(Number),
        shopId: shop.id,
        userId: customer.user.id,
        username: customer.user.username,
        rating: 5,
        comment: 'Lovely flat white',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        verifiedOrder: false,
        reply: null,
      },
      replaced: false,
      shop: { id: shop.id, rating: '5.0', reviewCount: 1 },
    });
    const rows = await reviewRows(shop.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: customer.user.id, rating: 5, comment: 'Lovely flat white' });
    expect(await shopRow(shop.id)).toMatchObject({ rating: '5.0', reviewCount: 1 });
    expect(await shown(shop.id)).toMatchObject({ rating: '5.0', reviewCount: 1 });
  });

  test('the rating is the mean of the reviews to one decimal, and the count follows', async () => {
    const [first, second] = reviewers as [AuthResponse, AuthResponse];
    expect((await review(first, { shopId: reviewed.id, rating: 5 })).body.shop).toEqual({
      id: reviewed.id,
      rating: '5.0',
      reviewCount: 1,
    });
    expect((await review(second, { shopId: reviewed.id, rating: 2, comment: null })).body.shop).toEqual({
      id: reviewed.id,
      rating: '3.5',
      reviewCount: 2,
    });
    expect(await shown(reviewed.id)).toMatchObject({ rating: '3.5', reviewCount: 2 });
    const listed = (await server.api.get<Shop[]>('/api/coffee-shops?search=colombo')).body[0]!;
    expect(listed).toMatchObject({ rating: '3.5', reviewCount: 2 });
  });

  test('a second review by the same customer replaces the first: replaced is true and the count stays', async () => {
    const shop = await makeShop(server.api, owner);
    const fan = reviewers[5]!;
    await reviewedBy(shop.id, [4]);
    const first = await review(fan, { shopId: shop.id, rating: 1, comment: 'Cold' });
    expect(first.body).toMatchObject({ replaced: false, shop: { rating: '2.5', reviewCount: 2 } });

    const again = await review(fan, { shopId: shop.id, rating: 5, comment: 'Much better now' });
    expect(again.status).toBe(201);
    expect(again.body.replaced).toBe(true);
    expect(again.body.shop).toEqual({ id: shop.id, rating: '4.5', reviewCount: 2 });
    expect(again.body.review).toMatchObject({
      id: first.body.review.id,
      rating: 5,
      comment: 'Much better now',
    });

    const mine = (await reviewRows(shop.id)).filter((row) => row.userId === fan.user.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ rating: 5, comment: 'Much better now' });
    expect(await shopRow(shop.id)).toMatchObject({ rating: '4.5', reviewCount: 2 });
  });

  test('leaving the comment out of a replacement clears the old comment', async () => {
    const shop = await makeShop(server.api, owner);
    const fan = reviewers[0]!;
    await review(fan, { shopId: shop.id, rating: 3, comment: 'Fine' });
    await review(fan, { shopId: shop.id, rating: 4 });
    expect((await reviewRows(shop.id))[0]).toMatchObject({ rating: 4, comment: null });
  });

  test.each([
    [[5, 4, 4], '4.3'],
    [[4, 5, 5], '4.7'],
    [[5, 4, 4, 4], '4.3'],
    [[1, 2], '1.5'],
    [[3, 3, 3], '3.0'],
  ])('ratings %j make %s', async (ratings, expected) => {
    const shop = await makeShop(server.api, owner);
    await reviewedBy(shop.id, ratings);
    expect(await shown(shop.id)).toMatchObject({ rating: expected, reviewCount: ratings.length });
    expect(await shopRow(shop.id)).toMatchObject({ rating: expected, reviewCount: ratings.length });
  });

  test('reviews arriving together are all counted and all in the mean', async () => {
    const shop = await makeShop(server.api, owner);
    const replies = await Promise.all(
      reviewers.slice(0, 5).map((who, index) => review(who, { shopId: shop.id, rating: index + 1 })),
    );
    expect(replies.map((reply) => reply.status)).toEqual([201, 201, 201, 201, 201]);
    expect(await shopRow(shop.id)).toMatchObject({ rating: '3.0', reviewCount: 5 });
  });

  test('a comment of exactly 1000 characters is kept whole; a blank one is stored as null', async () => {
    const shop = await makeShop(server.api, owner);
    const long = 'x'.repeat(1000);
    expect((await review(customer, { shopId: shop.id, rating: 4, comment: long })).status).toBe(201);
    expect((await reviewRows(shop.id))[0]!.comment).toBe(long);
    expect(
      (await review(reviewers[0]!, { shopId: shop.id, rating: 4, comment: '   ' })).body.review.comment,
    ).toBeNull();
  });
});

describe('bad reviews change nothing', () => {
  test.each([
    ['rating 0', { rating: 0 }, 'rating must be a whole number from 1 to 5'],
    ['rating 6', { rating: 6 }, 'rating must be a whole number from 1 to 5'],
    ['rating 2.5', { rating: 2.5 }, 'rating must be a whole number from 1 to 5'],
    ['rating as text', { rating: 'five' }, 'rating must be a whole number from 1 to 5'],
    ['rating as a numeric string', { rating: '5' }, 'rating must be a whole number from 1 to 5'],
    ['no rating', {}, 'rating must be a whole number from 1 to 5'],
    ['a 1001-character comment', { rating: 4, comment: 'x'.repeat(1001) }, 'comment must be at most 1000'],
    ['a comment that is not text', { rating: 4, comment: 42 }, 'comment must be text'],
  ])('a review with %s gets 400 and changes nothing', async (_label, body, words) => {
    // The customer has reviewed before: a refused review must neither add a row nor replace the old one.
    const shop = await makeShop(server.api, owner);
    await reviewedBy(shop.id, [2]);
    await review(customer, { shopId: shop.id, rating: 3, comment: 'Decent' });
    const rowsBefore = await reviewRows(shop.id);
    const shopBefore = await shown(shop.id);
    const countBefore = await countReviews();

    const reply = await review(customer, { shopId: shop.id, ...body });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toContain(words);
    expect(await countReviews()).toBe(countBefore);
    expect(await reviewRows(shop.id)).toEqual(rowsBefore);
    expect(await shown(shop.id)).toEqual(shopBefore);
  });

  test.each([
    ['no shopId', { rating: 4 }],
    ['a shopId in words', { shopId: 'one', rating: 4 }],
    ['shopId 0', { shopId: 0, rating: 4 }],
    ['a shopId beyond any id', { shopId: 2_147_483_648, rating: 4 }],
  ])('a review with %s gets 400 and stores nothing', async (_label, body) => {
    const before = await countReviews();
    const reply = await review(customer, body);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toContain('shopId');
    expect(await countReviews()).toBe(before);
  });

  test('a review of an unknown shop is 404 Coffee shop not found and stores nothing', async () => {
    const before = await countReviews();
    const reply = await review(customer, { shopId: 999999, rating: 4 });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ message: 'Coffee shop not found' });
    expect(await countReviews()).toBe(before);
  });
});

describe('reading reviews', () => {
  test('a shop’s reviews list newest first, with usernames, for anyone', async () => {
    const shop = await makeShop(server.api, owner);
    const [first, second] = reviewers as [AuthResponse, AuthResponse];
    await review(first, { shopId: shop.id, rating: 4, comment: 'Good' });
    await review(second, { shopId: shop.id, rating: 2, comment: 'Slow' });
    for (const caller of [
      server.api,
      server.api.as(customer),
      server.api.as(owner),
      server.api.as(otherOwner),
    ]) {
      const reply = await caller.get<Review[]>(`/api/reviews/${shop.id}`);
      expect(reply.status).toBe(200);
      expect(reply.body.map((entry) => [entry.username, entry.rating, entry.comment])).toEqual([
        [second.user.username, 2, 'Slow'],
        [first.user.username, 4, 'Good'],
      ]);
    }
  });

  test('a customer reads back their own review of a shop, or null', async () => {
    const shop = await makeShop(server.api, owner);
    const fan = reviewers[0]!;
    expect((await server.api.as(fan).get(`/api/reviews/${shop.id}/mine`)).body).toBeNull();
    await review(fan, { shopId: shop.id, rating: 5, comment: 'Best in town' });
    const mine = await server.api.as(fan).get<Review>(`/api/reviews/${shop.id}/mine`);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ userId: fan.user.id, rating: 5, comment: 'Best in town' });
  });
});

describe('who may review', () => {
  test('visitors and bad tokens get 401; the shop’s owner and another owner 403; nothing is stored', async () => {
    const before = await countReviews();
    const body = { shopId: reviewed.id, rating: 5, comment: 'My own shop is great' };
    const visitor = await server.api.post('/api/reviews', body);
    expect(visitor.status).toBe(401);
    expect(visitor.body).toEqual({ message: 'Please sign in to continue' });
    expect((await server.api.as('not-a-token').post('/api/reviews', body)).status).toBe(401);
    for (const shopOwner of [owner, otherOwner]) {
      const refused = await review(shopOwner, body);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ message: 'Only customers can do this' });
    }
    expect(await countReviews()).toBe(before);
    const ownersRows = await server.database.db
      .select()
      .from(reviews)
      .where(and(eq(reviews.shopId, reviewed.id), eq(reviews.userId, owner.user.id)));
    expect(ownersRows).toEqual([]);
  });

  test('reading one’s own review is for customers: visitors 401, owners 403', async () => {
    expect((await server.api.get(`/api/reviews/${reviewed.id}/mine`)).status).toBe(401);
    expect((await server.api.as(owner).get(`/api/reviews/${reviewed.id}/mine`)).status).toBe(403);
    expect((await server.api.as(otherOwner).get(`/api/reviews/${reviewed.id}/mine`)).status).toBe(403);
  });
});
