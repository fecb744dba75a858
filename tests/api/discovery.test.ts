// Discovery over real HTTP: the shop list's filters, distance and paging, shop creation, favourites, reviews.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { coffeeShops, favorites, reviews } from '../../src/server/db/schema.js';
import type { AuthResponse } from '../../src/shared/api/auth.js';
import type { Favorite, ReviewResult } from '../../src/shared/api/favorites.js';
import type { Shop } from '../../src/shared/api/shops.js';
import { makeShop, makeUser } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let server: TestApp;
let owner: AuthResponse;
let otherOwner: AuthResponse;
let customer: AuthResponse;
const shops: Record<string, Shop> = {};

// Where the shops stand, and where the customer asks from (Braamfontein, Johannesburg).
const here = { latitude: -26.1929, longitude: 28.0336 };
const places = {
  father: {
    name: 'Father Coffee',
    category: 'specialty',
    address: '73 Juta St, Braamfontein, Johannesburg',
    latitude: '-26.1929',
    longitude: '28.0336',
    description: 'Seasonal espresso',
  },
  beanThere: {
    name: 'Bean There Roasters',
    category: 'artisan',
    address: '44 Stanley Ave, Milpark, Johannesburg',
    latitude: '-26.1831',
    longitude: '28.0174',
    description: 'Fair-trade African beans',
  },
  truth: {
    name: 'Truth Coffee',
    category: 'artisan',
    address: '36 Buitenkant St, Cape Town',
    latitude: '-33.9286',
    longitude: '18.4238',
    description: 'Steampunk roastery',
  },
  colombo: {
    name: 'Colombo Quick Coffee',
    category: 'quick_service',
    address: '211 Kenneth Kaunda Rd, Durban',
    latitude: '-29.7920',
    longitude: '31.0380',
    description: 'Chai and flat whites in Durban',
  },
  nowhere: {
    name: 'Mystery Beans',
    category: 'specialty',
    address: 'Somewhere without coordinates',
    latitude: null,
    longitude: null,
    description: null,
  },
} as const;

/** Independent great-circle distance, to check the database's ordering against. */
function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number) {
  const toRad = (degrees: number) => (degrees * Math.PI) / 180;
  const a =
    Math.sin(toRad(lat2 - lat1) / 2) ** 2 +
    Math.cos(toRad(lat1)) * Math.cos(toRad(lat2)) * Math.sin(toRad(lon2 - lon1) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
}

const list = async (query: string) => {
  const reply = await server.api.get<Shop[]>(`/api/coffee-shops${query}`);
  expect(reply.status).toBe(200);
  return reply.body;
};
const names = (found: Shop[]) => found.map((shop) => shop.name);
const countRows = async (table: typeof coffeeShops | typeof reviews | typeof favorites) =>
  ((await server.database.db.select({ n: sql<number>`count(*)::int` }).from(table)) as [{ n: number }])[0].n;

beforeAll(async () => {
  server = await startTestApp();
  owner = await makeUser(server.api, 'shop_owner');
  otherOwner = await makeUser(server.api, 'shop_owner');
  customer = await makeUser(server.api, 'customer');
  for (const [key, place] of Object.entries(places)) {
    shops[key] = await makeShop(server.api, key === 'colombo' ? otherOwner : owner, place);
  }
  // Father Coffee is promoted for a week; Truth's promotion ran out yesterday.
  const day = 24 * 60 * 60 * 1000;
  await server.database.db
    .update(coffeeShops)
    .set({ isPromoted: true, promotionExpiresAt: new Date(Date.now() + 7 * day) })
    .where(eq(coffeeShops.id, shops.father!.id));
  await server.database.db
    .update(coffeeShops)
    .set({ isPromoted: true, promotionExpiresAt: new Date(Date.now() - day) })
    .where(eq(coffeeShops.id, shops.truth!.id));
});
afterAll(() => server?.close());

describe('the shop list', () => {
  test('search is case-insensitive over name, description and address', async () => {
    expect(names(await list('?search=FATHER'))).toEqual(['Father Coffee']);
    expect(names(await list('?search=fair-trade'))).toEqual(['Bean There Roasters']);
    expect(names(await list('?search=durban'))).toEqual(['Colombo Quick Coffee']);
  });

  test('better matches come first: a name that starts with the words leads', async () => {
    // 'Bean There Roasters' starts with it; 'Mystery Beans' has it later in the name.
    expect(names(await list('?search=bean'))).toEqual(['Bean There Roasters', 'Mystery Beans']);
  });

  test('a near miss still finds the shop', async () => {
    expect(names(await list('?search=colombo%20qiuck'))).toEqual(['Colombo Quick Coffee']);
  });

  test('category keeps only that category', async () => {
    const found = await list('?category=artisan');
    expect(names(found).sort()).toEqual(['Bean There Roasters', 'Truth Coffee']);
  });

  test('promoted=true keeps only shops whose promotion has not expired, and an expired one reads as not promoted', async () => {
    expect(names(await list('?promoted=true'))).toEqual(['Father Coffee']);
    const truth = (await server.api.get<Shop>(`/api/coffee-shops/${shops.truth!.id}`)).body;
    expect(truth.isPromoted).toBe(false);
    expect(truth.promotionExpiresAt).not.toBeNull();
  });

  test('filters combine', async () => {
    expect(names(await list('?category=artisan&search=cape'))).toEqual(['Truth Coffee']);
    expect(await list('?category=quick_service&promoted=true')).toEqual([]);
    expect(names(await list('?search=coffee&category=specialty&promoted=true'))).toEqual(['Father Coffee']);
  });

  test('featured shops lead the default order', async () => {
    expect((await list(''))[0]!.name).toBe('Father Coffee');
  });

  test('sortByDistance orders by great-circle distance, shops without a location last', async () => {
    const found = await list(`?latitude=${here.latitude}&longitude=${here.longitude}&sortByDistance=true`);
    expect(names(found)).toEqual([
      'Father Coffee',
      'Bean There Roasters',
      'Colombo Quick Coffee',
      'Truth Coffee',
      'Mystery Beans',
    ]);
    for (const shop of found.slice(0, 4)) {
      const expected = haversineKm(
        here.latitude,
        here.longitude,
        Number(shop.latitude),
        Number(shop.longitude),
      );
      expect(shop.distanceKm).toBeCloseTo(expected, 3);
    }
    expect(found[4]!.distanceKm).toBeNull();
  });

  test('a location without sortByDistance adds distances but keeps the usual order', async () => {
    const found = await list(`?latitude=${here.latitude}&longitude=${here.longitude}`);
    expect(found[0]!.name).toBe('Father Coffee');
    expect(found.find((shop) => shop.name === 'Truth Coffee')!.distanceKm).toBeGreaterThan(1000);
  });

  test('paging: limit and offset walk the list without overlap', async () => {
    const all = await list('?limit=100');
    const first = await list('?limit=2');
    const second = await list('?limit=2&offset=2');
    expect(names([...first, ...second])).toEqual(names(all).slice(0, 4));
    expect(await list('?offset=1000')).toEqual([]);
  });

  test.each([
    ['?limit=101', 'limit must be at most 100'],
    ['?limit=0', 'limit must be at least 1'],
    ['?offset=-1', 'offset'],
    ['?category=tea', 'category must be one of'],
    ['?latitude=95&longitude=10', 'latitude'],
    ['?latitude=-26', 'latitude and longitude must be given together'],
    ['?promoted=yes', 'promoted'],
  ])('refuses %s with 400 naming the problem', async (query, words) => {
    const reply = await server.api.get<{ message: string }>(`/api/coffee-shops${query}`);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toContain(words);
  });

  test('one shop by id, 404 when unknown and 400 when not a number', async () => {
    expect((await server.api.get<Shop>(`/api/coffee-shops/${shops.father!.id}`)).body.name).toBe(
      'Father Coffee',
    );
    expect((await server.api.get('/api/coffee-shops/999999')).status).toBe(404);
    expect((await server.api.get('/api/coffee-shops/abc')).status).toBe(400);
  });
});

describe('creating shops and my shops', () => {
  test('the owner comes from the token, never from the body', async () => {
    const reply = await server.api.as(otherOwner).post<Shop>('/api/coffee-shops', {
      name: 'Sneaky',
      category: 'specialty',
      address: '1 Main Rd',
      ownerId: owner.user.id,
      deliveryFee: 12.5,
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      ownerId: otherOwner.user.id,
      deliveryFee: 12.5,
      rating: '0.0',
      reviewCount: 0,
    });
  });

  test('visitors and customers cannot create shops', async () => {
    const body = { name: 'X', category: 'specialty', address: 'Y' };
    expect((await server.api.post('/api/coffee-shops', body)).status).toBe(401);
    expect((await server.api.as(customer).post('/api/coffee-shops', body)).status).toBe(403);
  });

  test.each([
    [{ category: 'specialty', address: 'A' }, 'name'],
    [{ name: 'N', address: 'A' }, 'category'],
    [{ name: 'N', category: 'specialty' }, 'address'],
    [{ name: 'N', category: 'bakery', address: 'A' }, 'category must be one of'],
    [{ name: 'N', category: 'specialty', address: 'A', deliveryFee: 'ten' }, 'deliveryFee'],
    [{ name: 'N', category: 'specialty', address: 'A', latitude: '91' }, 'latitude'],
    [{ name: 'N', category: 'specialty', address: 'A', email: 'not-mail' }, 'email'],
  ])('a bad shop %j gets 400 and stores nothing', async (body, words) => {
    const before = await countRows(coffeeShops);
    const reply = await server.api.as(owner).post<{ message: string }>('/api/coffee-shops', body);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toContain(words);
    expect(await countRows(coffeeShops)).toBe(before);
  });

  test('my shops lists only the caller’s shops; customers get 403 and visitors 401', async () => {
    const mine = await server.api.as(owner).get<Shop[]>('/api/my-shops');
    expect(mine.status).toBe(200);
    expect(names(mine.body).sort()).toEqual([
      'Bean There Roasters',
      'Father Coffee',
      'Mystery Beans',
      'Truth Coffee',
    ]);
    const theirs = await server.api.as(otherOwner).get<Shop[]>('/api/my-shops');
    expect(theirs.body.every((shop) => shop.ownerId === otherOwner.user.id)).toBe(true);
    expect((await server.api.as(customer).get('/api/my-shops')).status).toBe(403);
    expect((await server.api.get('/api/my-shops')).status).toBe(401);
  });
});

describe('favourites', () => {
  test('adding twice keeps one entry; the list carries the shop; check and remove agree', async () => {
    const fan = await makeUser(server.api, 'customer');
    const id = shops.beanThere!.id;
    expect((await server.api.as(fan).post('/api/favorites', { shopId: id })).status).toBe(201);
    expect((await server.api.as(fan).post('/api/favorites', { shopId: id })).status).toBe(201);
    const listed = await server.api.as(fan).get<Favorite[]>('/api/favorites');
    expect(listed.body).toHaveLength(1);
    expect(listed.body[0]!.shop.name).toBe('Bean There Roasters');
    expect((await server.api.as(fan).get(`/api/favorites/${id}/check`)).body).toEqual({ isFavorite: true });

    expect((await server.api.as(fan).delete(`/api/favorites/${id}`)).status).toBe(200);
    expect((await server.api.as(fan).delete(`/api/favorites/${id}`)).status).toBe(200);
    expect((await server.api.as(fan).get(`/api/favorites/${id}/check`)).body).toEqual({ isFavorite: false });
    expect((await server.api.as(fan).get<Favorite[]>('/api/favorites')).body).toEqual([]);
  });

  test('one customer’s favourites are not another’s', async () => {
    const first = await makeUser(server.api, 'customer');
    const second = await makeUser(server.api, 'customer');
    await server.api.as(first).post('/api/favorites', { shopId: shops.truth!.id });
    expect((await server.api.as(second).get<Favorite[]>('/api/favorites')).body).toEqual([]);
  });

  test('an unknown shop is 404 and adds nothing; bad ids are 400', async () => {
    const before = await countRows(favorites);
    expect((await server.api.as(customer).post('/api/favorites', { shopId: 999999 })).status).toBe(404);
    expect((await server.api.as(customer).post('/api/favorites', { shopId: 'x' })).status).toBe(400);
    expect((await server.api.as(customer).get('/api/favorites/abc/check')).status).toBe(400);
    expect(await countRows(favorites)).toBe(before);
  });

  test('visitors get 401 and shop owners 403 on every favourites call', async () => {
    const id = shops.father!.id;
    for (const caller of [server.api, server.api.as(owner)]) {
      const expected = caller === server.api ? 401 : 403;
      expect((await caller.get('/api/favorites')).status).toBe(expected);
      expect((await caller.get(`/api/favorites/${id}/check`)).status).toBe(expected);
      expect((await caller.post('/api/favorites', { shopId: id })).status).toBe(expected);
      expect((await caller.delete(`/api/favorites/${id}`)).status).toBe(expected);
    }
  });
});

describe('reviews', () => {
  test('a review updates the rating (one decimal, as text) and count; a second one replaces the first', async () => {
    const id = shops.colombo!.id;
    const first = await makeUser(server.api, 'customer');
    const second = await makeUser(server.api, 'customer');
    const a = await server.api
      .as(first)
      .post<ReviewResult>('/api/reviews', { shopId: id, rating: 5, comment: 'Lovely' });
    expect(a.status).toBe(201);
    expect(a.body.shop).toEqual({ id, rating: '5.0', reviewCount: 1 });
    expect(a.body.replaced).toBe(false);

    const b = await server.api
      .as(second)
      .post<ReviewResult>('/api/reviews', { shopId: id, rating: 2, comment: null });
    expect(b.body.shop).toEqual({ id, rating: '3.5', reviewCount: 2 });

    const again = await server.api.as(first).post<ReviewResult>('/api/reviews', { shopId: id, rating: 3 });
    expect(again.body.replaced).toBe(true);
    expect(again.body.shop).toEqual({ id, rating: '2.5', reviewCount: 2 });
    const shop = (await server.api.get<Shop>(`/api/coffee-shops/${id}`)).body;
    expect(shop).toMatchObject({ rating: '2.5', reviewCount: 2 });
  });

  test('a shop’s mean rounds to one decimal', async () => {
    const id = shops.nowhere!.id;
    for (const rating of [5, 4, 4]) {
      await server.api
        .as(await makeUser(server.api, 'customer'))
        .post('/api/reviews', { shopId: id, rating });
    }
    expect((await server.api.get<Shop>(`/api/coffee-shops/${id}`)).body.rating).toBe('4.3');
  });

  test.each([
    ['rating 0', { rating: 0 }, 'rating'],
    ['rating 6', { rating: 6 }, 'rating'],
    ['rating 2.5', { rating: 2.5 }, 'rating'],
    ['rating as text', { rating: 'five' }, 'rating'],
    [
      'a 1001-character comment',
      { rating: 4, comment: 'x'.repeat(1001) },
      'comment must be at most 1000 characters',
    ],
  ])('a review with %s gets 400 and changes nothing', async (_label, body, words) => {
    const before = await countRows(reviews);
    const shopBefore = (await server.api.get<Shop>(`/api/coffee-shops/${shops.father!.id}`)).body;
    const reply = await server.api
      .as(customer)
      .post<{ message: string }>('/api/reviews', { shopId: shops.father!.id, ...body });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toContain(words);
    expect(await countRows(reviews)).toBe(before);
    expect((await server.api.get<Shop>(`/api/coffee-shops/${shops.father!.id}`)).body).toEqual(shopBefore);
  });

  test('only customers review: visitors 401, owners 403; an unknown shop is 404', async () => {
    const body = { shopId: shops.father!.id, rating: 4 };
    expect((await server.api.post('/api/reviews', body)).status).toBe(401);
    expect((await server.api.as(owner).post('/api/reviews', body)).status).toBe(403);
    expect((await server.api.as(customer).post('/api/reviews', { shopId: 999999, rating: 4 })).status).toBe(
      404,
    );
  });
});

describe('search forgives typos', () => {
  test('a misspelt word is corrected to the closest word of a shop name', async () => {
    expect(names(await list('?search=colomboo'))).toEqual(['Colombo Quick Coffee']);
    expect(names(await list('?search=roastres'))).toEqual(['Bean There Roasters']);
  });

  test('a new shop’s name words are searchable for corrections at once', async () => {
    await makeShop(server.api, owner, {
      name: 'Jacaranda Espresso',
      category: 'specialty',
      address: '5 Pretoria Rd',
    });
    expect(names(await list('?search=jakaranda'))).toEqual(['Jacaranda Espresso']);
  });

  test('nonsense still finds nothing', async () => {
    expect(await list('?search=zzqxv')).toEqual([]);
  });
});

test('a phrase of mostly unknown words is not widened into a search for its one known word', async () => {
  expect(await list('?search=no%20such%20coffee%20anywhere')).toEqual([]);
});
