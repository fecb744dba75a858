// Favourites over real HTTP (spec §3 Favorite, §4 Favourite toggles, §7 Favourites): list, check, add, remove;
// customers only, idempotent both ways, each customer's own.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { coffeeShops, favorites } from '../../src/server/db/schema.js';
import type { AuthResponse } from '../../src/shared/api/auth.js';
import type { Favorite } from '../../src/shared/api/favorites.js';
import type { Shop } from '../../src/shared/api/shops.js';
import { makeShop, makeUser } from '../support/factories.js';
import { type Caller, startTestApp, type TestApp } from '../support/test-app.js';

let server: TestApp;
let owner: AuthResponse;
let otherOwner: AuthResponse;
let customer: AuthResponse;
let roastery: Shop;
let kiosk: Shop;

const countFavorites = async () =>
  ((await server.database.db.select({ n: sql<number>`count(*)::int` }).from(favorites)) as [{ n: number }])[0]
    .n;
/** The stored favourites of one customer, as shop ids. */
const storedFor = async (who: AuthResponse) =>
  (
    await server.database.db
      .select({ shopId: favorites.shopId })
      .from(favorites)
      .where(eq(favorites.userId, who.user.id))
  ).map((row) => row.shopId);
const check = async (who: AuthResponse, shopId: number) =>
  (await server.api.as(who).get<{ isFavorite: boolean }>(`/api/favorites/${shopId}/check`)).body;

beforeAll(async () => {
  server = await startTestApp();
  owner = await makeUser(server.api, 'shop_owner');
  otherOwner = await makeUser(server.api, 'shop_owner');
  customer = await makeUser(server.api, 'customer');
  roastery = await makeShop(server.api, owner, {
    name: 'Rosetta Roastery',
    address: '11 Bree St, Cape Town',
  });
  kiosk = await makeShop(server.api, otherOwner, {
    name: 'Station Kiosk',
    category: 'quick_service',
    address: 'Park Station, Johannesburg',
  });
});
afterAll(() => server?.close());

describe('adding and removing', () => {
  test('adding answers 201 and stores the favourite; check then says true', async () => {
    const fan = await makeUser(server.api, 'customer');
    expect(await check(fan, roastery.id)).toEqual({ isFavorite: false });
    const reply = await server.api.as(fan).post('/api/favorites', { shopId: roastery.id });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({ shopId: roastery.id, isFavorite: true });
    expect(await storedFor(fan)).toEqual([roastery.id]);
    expect(await check(fan, roastery.id)).toEqual({ isFavorite: true });
  });

  test('adding the same shop twice keeps one entry', async () => {
    const fan = await makeUser(server.api, 'customer');
    expect((await server.api.as(fan).post('/api/favorites', { shopId: kiosk.id })).status).toBe(201);
    expect((await server.api.as(fan).post('/api/favorites', { shopId: kiosk.id })).status).toBe(201);
    expect(await storedFor(fan)).toEqual([kiosk.id]);
    expect((await server.api.as(fan).get<Favorite[]>('/api/favorites')).body).toHaveLength(1);
  });

  test('adding the same shop twice at once still keeps one entry', async () => {
    const fan = await makeUser(server.api, 'customer');
    const replies = await Promise.all(
      [1, 2, 3].map(() => server.api.as(fan).post('/api/favorites', { shopId: kiosk.id })),
    );
    expect(replies.map((reply) => reply.status)).toEqual([201, 201, 201]);
    expect(await storedFor(fan)).toEqual([kiosk.id]);
  });

  test('removing answers 200 and deletes only that favourite; removing again changes nothing', async () => {
    const fan = await makeUser(server.api, 'customer');
    await server.api.as(fan).post('/api/favorites', { shopId: roastery.id });
    await server.api.as(fan).post('/api/favorites', { shopId: kiosk.id });

    const reply = await server.api.as(fan).delete(`/api/favorites/${roastery.id}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ shopId: roastery.id, isFavorite: false });
    expect(await storedFor(fan)).toEqual([kiosk.id]);
    expect(await check(fan, roastery.id)).toEqual({ isFavorite: false });

    const again = await server.api.as(fan).delete(`/api/favorites/${roastery.id}`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ shopId: roastery.id, isFavorite: false });
    expect(await storedFor(fan)).toEqual([kiosk.id]);
  });

  test('a shop id sent as text is a 400, as every body id that is not a JSON integer (issue 33)', async () => {
    const fan = await makeUser(server.api, 'customer');
    expect((await server.api.as(fan).post('/api/favorites', { shopId: String(kiosk.id) })).status).toBe(400);
    expect(await storedFor(fan)).toEqual([]);
  });
});

describe('the list', () => {
  test('each entry carries the whole shop, newest favourite first', async () => {
    const fan = await makeUser(server.api, 'customer');
    await server.api.as(fan).post('/api/favorites', { shopId: roastery.id });
    await server.api.as(fan).post('/api/favorites', { shopId: kiosk.id });
    const reply = await server.api.as(fan).get<Favorite[]>('/api/favorites');
    expect(reply.status).toBe(200);
    expect(reply.body.map((entry) => entry.shopId)).toEqual([kiosk.id, roastery.id]);
    const shown = (await server.api.get<Shop>(`/api/coffee-shops/${roastery.id}`)).body;
    // A list's shop leaves out nextPickupAt (one shop's answer works it out).
    expect(reply.body[1]).toEqual({
      shopId: roastery.id,
      createdAt: expect.any(String),
      shop: { ...shown, nextPickupAt: null },
    });
    expect(Number.isNaN(Date.parse(reply.body[1]!.createdAt))).toBe(false);
  });

  test('a customer with no favourites gets an empty list', async () => {
    const newcomer = await makeUser(server.api, 'customer');
    const reply = await server.api.as(newcomer).get('/api/favorites');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([]);
  });

  test('a favourite shop reads as featured only while its promotion lasts', async () => {
    const fan = await makeUser(server.api, 'customer');
    const promoted = await makeShop(server.api, owner, { name: 'Featured Beans' });
    await server.api.as(fan).post('/api/favorites', { shopId: promoted.id });
    const promote = (until: Date) =>
      server.database.db
        .update(coffeeShops)
        .set({ isPromoted: true, promotionExpiresAt: until })
        .where(eq(coffeeShops.id, promoted.id));
    const featured = async () =>
      (await server.api.as(fan).get<Favorite[]>('/api/favorites')).body[0]!.shop.isPromoted;

    await promote(new Date(Date.now() + 60 * 60 * 1000));
    expect(await featured()).toBe(true);
    await promote(new Date(Date.now() - 1000));
    expect(await featured()).toBe(false);
  });

  test('one customer’s favourites are not another’s, and another cannot remove them', async () => {
    const first = await makeUser(server.api, 'customer');
    const second = await makeUser(server.api, 'customer');
    await server.api.as(first).post('/api/favorites', { shopId: roastery.id });

    expect((await server.api.as(second).get('/api/favorites')).body).toEqual([]);
    expect(await check(second, roastery.id)).toEqual({ isFavorite: false });
    expect((await server.api.as(second).delete(`/api/favorites/${roastery.id}`)).status).toBe(200);
    expect(await storedFor(first)).toEqual([roastery.id]);
    expect(await check(first, roastery.id)).toEqual({ isFavorite: true });
  });
});

describe('bad requests', () => {
  test('an unknown shop is 404 Coffee shop not found and adds nothing', async () => {
    const before = await countFavorites();
    const reply = await server.api.as(customer).post('/api/favorites', { shopId: 999999 });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ message: 'Coffee shop not found' });
    expect(await countFavorites()).toBe(before);
  });

  test.each([
    ['no body', undefined],
    ['no shopId', { shop: 1 }],
    ['a shopId in words', { shopId: 'x' }],
    ['shopId 0', { shopId: 0 }],
    ['a negative shopId', { shopId: -4 }],
    ['a fractional shopId', { shopId: 1.5 }],
    ['a shopId beyond any id', { shopId: 2_147_483_648 }],
  ])('adding with %s is 400 and adds nothing', async (_label, body) => {
    const before = await countFavorites();
    const reply = await server.api.as(customer).post<{ message: string }>('/api/favorites', body);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toContain('shopId');
    expect(await countFavorites()).toBe(before);
  });

  test.each(['abc', '0', '1.5', '2147483648'])('the shop id %s in a path is 400', async (shopId) => {
    await server.api.as(customer).post('/api/favorites', { shopId: kiosk.id });
    const before = await countFavorites();
    expect((await server.api.as(customer).get(`/api/favorites/${shopId}/check`)).status).toBe(400);
    expect((await server.api.as(customer).delete(`/api/favorites/${shopId}`)).status).toBe(400);
    expect(await countFavorites()).toBe(before);
  });
});

describe('who may call', () => {
  // Each call, and the status a customer gets from it.
  const calls: [string, (caller: Caller) => ReturnType<Caller['get']>, number][] = [
    ['list', (caller) => caller.get('/api/favorites'), 200],
    ['check', (caller) => caller.get(`/api/favorites/${roastery.id}/check`), 200],
    ['add', (caller) => caller.post('/api/favorites', { shopId: roastery.id }), 201],
    ['remove', (caller) => caller.delete(`/api/favorites/${roastery.id}`), 200],
  ];

  test.each(calls)(
    '%s: visitors and bad tokens get 401, the shop’s owner and another owner 403',
    async (_name, call) => {
      // A customer who already has the favourite: a refused remove must not take it away.
      const fan = await makeUser(server.api, 'customer');
      await server.api.as(fan).post('/api/favorites', { shopId: roastery.id });
      const before = await countFavorites();

      const visitor = await call(server.api);
      expect(visitor.status).toBe(401);
      expect(visitor.body).toEqual({ message: 'Please sign in to continue' });
      expect((await call(server.api.as('not-a-token'))).status).toBe(401);
      for (const shopOwner of [owner, otherOwner]) {
        const refused = await call(server.api.as(shopOwner));
        expect(refused.status).toBe(403);
        expect(refused.body).toEqual({ message: 'Only customers can do this' });
      }
      expect(await countFavorites()).toBe(before);
      const ownersRows = await server.database.db
        .select()
        .from(favorites)
        .where(and(eq(favorites.shopId, roastery.id), eq(favorites.userId, owner.user.id)));
      expect(ownersRows).toEqual([]);
    },
  );

  test.each(calls)('%s: a customer is served', async (_name, call, status) => {
    expect((await call(server.api.as(customer))).status).toBe(status);
  });
});
