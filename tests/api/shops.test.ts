// The coffee-shop API over real HTTP (spec §3 Coffee shop, §4 featured, §5 Create shop, §7 Shops): the discover
// list's search, filters, distance order and paging, one shop, my shops, creation, and who may call what.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { coffeeShops } from '../../src/server/db/schema.js';
import { expirePromotions } from '../../src/server/features/shops/service.js';
import type { AuthResponse } from '../../src/shared/api/auth.js';
import type { Shop } from '../../src/shared/api/shops.js';
import { confirmEmails, makeShop, makeUser } from '../support/factories.js';
import { type Caller, startTestApp, type TestApp } from '../support/test-app.js';

let server: TestApp;
let owner: AuthResponse;
let otherOwner: AuthResponse;
let customer: AuthResponse;
const shops: Record<string, Shop> = {};

const DAY_MS = 24 * 60 * 60 * 1000;
/** Where the customer asks from: Braamfontein, Johannesburg. */
const here = { latitude: -26.1929, longitude: 28.0336 };

// The shops every test starts from. Agulhas and Riviersonderend are placed so that the nearer in degrees is the
// farther on the globe (a degree of longitude is shorter than a degree of latitude at 34° south).
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
  mystery: {
    name: 'Mystery Beans',
    category: 'specialty',
    address: 'Somewhere without coordinates',
    latitude: null,
    longitude: null,
    description: null,
  },
  rosetta: {
    name: 'Rosetta Roastery',
    category: 'specialty',
    address: '11 Bree St, Cape Town',
    latitude: '-33.9190',
    longitude: '18.4190',
    description: 'Single-origin beans roasted on site',
  },
  deluxe: {
    name: 'Deluxe Coffeeworks',
    category: 'quick_service',
    address: '25 Beanfield Rd, Pretoria',
    latitude: '-25.7479',
    longitude: '28.2293',
    description: 'Small batch espresso',
  },
  agulhas: {
    name: 'Agulhas Brew',
    category: 'artisan',
    address: 'Main Rd, Struisbaai',
    latitude: '-34.0',
    longitude: '20.7',
    description: 'Fish and flat whites',
  },
  riviersonderend: {
    name: 'Riviersonderend Brew',
    category: 'quick_service',
    address: 'N2, Riviersonderend',
    latitude: '-33.4',
    longitude: '20.0',
    description: 'Padstal coffee',
  },
} as const;
const otherOwnersPlaces = new Set(['colombo', 'rosetta', 'deluxe']);

/** Independent great-circle distance, to check the database's order and distances against. */
function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number) {
  const toRad = (degrees: number) => (degrees * Math.PI) / 180;
  const a =
    Math.sin(toRad(lat2 - lat1) / 2) ** 2 +
    Math.cos(toRad(lat1)) * Math.cos(toRad(lat2)) * Math.sin(toRad(lon2 - lon1) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
}
const kmFrom = (from: typeof here, shop: Shop) =>
  haversineKm(from.latitude, from.longitude, Number(shop.latitude), Number(shop.longitude));

const list = async (query = '', caller: Caller = server.api) => {
  const reply = await caller.get<Shop[]>(`/api/coffee-shops${query}`);
  expect(reply.status).toBe(200);
  return reply.body;
};
const names = (found: Shop[]) => found.map((shop) => shop.name);
const ids = (found: Shop[]) => found.map((shop) => shop.id);
const nearHere = `latitude=${here.latitude}&longitude=${here.longitude}`;

/** Every shop there is, read page by page from the default list: the base expectations are computed from. */
async function everyShop() {
  const all: Shop[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await list(`?limit=100&offset=${offset}`);
    all.push(...page);
    if (page.length < 100) return all;
  }
}

/** Reads a list page by page until a short page, concatenated. */
async function walk(query: string, pageSize: number) {
  const all: Shop[] = [];
  for (let offset = 0; ; offset += pageSize) {
    const page = await list(`${query}&limit=${pageSize}&offset=${offset}`);
    all.push(...page);
    if (page.length < pageSize) return all;
  }
}

/**
 * `found` holds exactly `expected`, each once; located shops come nearest first by the independent haversine,
 * each reporting that distance; shops without a location come last with distanceKm null. Ties in distance may
 * come in any order, so this compares distances, not positions.
 */
function expectNearestFirst(found: Shop[], from: typeof here, expected: Shop[]) {
  expect(ids(found).sort((a, b) => a - b)).toEqual(ids(expected).sort((a, b) => a - b));
  const located = found.filter((shop) => shop.latitude !== null);
  expect(found.slice(0, located.length)).toEqual(located);
  let previous = 0;
  for (const shop of located) {
    const km = kmFrom(from, shop);
    expect(shop.distanceKm).toBeCloseTo(km, 3);
    expect(km).toBeGreaterThanOrEqual(previous - 1e-9);
    previous = km;
  }
  for (const shop of found.slice(located.length)) expect(shop.distanceKm).toBeNull();
}

const countShops = async () =>
  (
    (await server.database.db.select({ n: sql<number>`count(*)::int` }).from(coffeeShops)) as [{ n: number }]
  )[0].n;
/**
 * Promotions are bought in a later issue; until then tests set them in the database, and announce the change
 * as every writer of shops does, so cached discover answers are dropped.
 */
const setPromotion = async (shopId: number, isPromoted: boolean, promotionExpiresAt: Date | null) => {
  await server.database.db
    .update(coffeeShops)
    .set({ isPromoted, promotionExpiresAt })
    .where(eq(coffeeShops.id, shopId));
  server.app.deps.shopsChanged();
};
const shopRow = async (shopId: number) =>
  (await server.database.db.select().from(coffeeShops).where(eq(coffeeShops.id, shopId)))[0]!;

beforeAll(async () => {
  server = await startTestApp();
  owner = await makeUser(server.api, 'shop_owner');
  otherOwner = await makeUser(server.api, 'shop_owner');
  customer = await makeUser(server.api, 'customer');
  await confirmEmails(server.database.db, customer);
  for (const [key, place] of Object.entries(places)) {
    shops[key] = await makeShop(server.api, otherOwnersPlaces.has(key) ? otherOwner : owner, place);
  }
  // Father Coffee is featured for a week and Colombo for three days; Truth's promotion ran out yesterday and
  // the minute's sweep has not yet cleared its flag.
  await setPromotion(shops.father!.id, true, new Date(Date.now() + 7 * DAY_MS));
  await setPromotion(shops.colombo!.id, true, new Date(Date.now() + 3 * DAY_MS));
  await setPromotion(shops.truth!.id, true, new Date(Date.now() - DAY_MS));
});
afterAll(() => server?.close());

describe('search', () => {
  test.each([
    ['the name', 'FATHER', ['Father Coffee']],
    ['the description', 'fAIR-tRADE', ['Bean There Roasters']],
    ['the address', 'bEaNfIeLd', ['Deluxe Coffeeworks']],
    ['the address and description', 'DURBAN', ['Colombo Quick Coffee']],
  ])('is case-insensitive over %s', async (_where, term, expected) => {
    expect(names(await list(`?search=${encodeURIComponent(term)}`))).toEqual(expected);
  });

  test('better matches first: a name that starts with the words, then a name that holds them, then the rest', async () => {
    // 'Bean There Roasters' starts with 'bean'; 'Mystery Beans' has it later in the name; Rosetta has it only in
    // its description and Deluxe only in its address, and those two keep the usual order among themselves.
    expect(names(await list('?search=bean'))).toEqual([
      'Bean There Roasters',
      'Mystery Beans',
      'Rosetta Roastery',
      'Deluxe Coffeeworks',
    ]);
    const coffee = names(await list('?search=coffee'));
    expect(coffee.slice(0, 4).sort()).toEqual([
      'Colombo Quick Coffee',
      'Deluxe Coffeeworks',
      'Father Coffee',
      'Truth Coffee',
    ]);
    expect(coffee.slice(4)).toEqual(['Riviersonderend Brew']);
  });

  test('finds exactly the shops whose name, description or address holds the words', async () => {
    const all = await everyShop();
    for (const term of ['cape town', 'espresso', 'flat whites', 'st,']) {
      const expected = all.filter((shop) =>
        `${shop.name} ${shop.description ?? ''} ${shop.address}`.toLowerCase().includes(term),
      );
      const found = await list(`?search=${encodeURIComponent(term)}`);
      expect(ids(found).sort()).toEqual(ids(expected).sort());
    }
  });

  test('surrounding spaces are ignored and an empty search lists everything', async () => {
    expect(names(await list('?search=%20%20father%20'))).toEqual(['Father Coffee']);
    expect(await list('?search=')).toHaveLength((await list()).length);
  });

  test('% and _ are searched for literally, not as wildcards', async () => {
    expect(await list('?search=%25')).toEqual([]);
    expect(await list('?search=_')).toEqual([]);
  });

  test('a misspelt name still finds the shop, also when sorting by distance', async () => {
    expect(names(await list('?search=colomboo'))).toEqual(['Colombo Quick Coffee']);
    expect(names(await list('?search=mystrey'))).toEqual(['Mystery Beans']);
    // A word like nothing at all is dropped while most words are recognised.
    expect(names(await list('?search=colombo%20qiuck'))).toEqual(['Colombo Quick Coffee']);
    expect(names(await list(`?search=colomboo&${nearHere}&sortByDistance=true`))).toEqual([
      'Colombo Quick Coffee',
    ]);
  });

  test('nonsense finds nothing, and a phrase of mostly unknown words is not widened to its one known word', async () => {
    expect(await list('?search=zzqxv')).toEqual([]);
    expect(await list('?search=no%20such%20coffee%20anywhere')).toEqual([]);
  });
});

describe('filters and their combinations', () => {
  test('category keeps only that category', async () => {
    expect(names(await list('?category=artisan')).sort()).toEqual([
      'Agulhas Brew',
      'Bean There Roasters',
      'Truth Coffee',
    ]);
  });

  test('promoted=true keeps only featured shops: promoted, with an expiry still to come', async () => {
    // In today's turn order (featured-turns.test.ts), not by rating.
    expect(names(await list('?promoted=true')).sort()).toEqual(['Colombo Quick Coffee', 'Father Coffee']);
  });

  test.each([
    ['category and search', '?category=artisan&search=cape', ['Truth Coffee']],
    [
      'category and search, in another city',
      '?category=artisan&search=johannesburg',
      ['Bean There Roasters'],
    ],
    ['category and promoted', '?category=quick_service&promoted=true', ['Colombo Quick Coffee']],
    ['category and promoted, the promotion expired', '?category=artisan&promoted=true', []],
    ['search and promoted', '?search=durban&promoted=true', ['Colombo Quick Coffee']],
    ['search and promoted, none featured', '?search=cape&promoted=true', []],
    ['all three', '?search=coffee&category=specialty&promoted=true', ['Father Coffee']],
  ])('%s combine', async (_label, query, expected) => {
    expect(names(await list(query))).toEqual(expected);
  });

  test('visitors, customers and shop owners all see the same list', async () => {
    const asVisitor = await list('?limit=100');
    expect(await list('?limit=100', server.api.as(customer))).toEqual(asVisitor);
    expect(await list('?limit=100', server.api.as(owner))).toEqual(asVisitor);
    expect(await list('?limit=100', server.api.as(otherOwner))).toEqual(asVisitor);
  });
});

describe('distance', () => {
  test('sortByDistance lists the nearest first, as the crow flies, shops without a location last', async () => {
    const found = await list(`?${nearHere}&sortByDistance=true`);
    expect(names(found)).toEqual([
      'Father Coffee',
      'Bean There Roasters',
      'Deluxe Coffeeworks',
      'Colombo Quick Coffee',
      'Riviersonderend Brew',
      'Agulhas Brew',
      'Rosetta Roastery',
      'Truth Coffee',
      'Mystery Beans',
    ]);
    expectNearestFirst(found, here, await everyShop());
  });

  test.each([
    ['no filter', '', () => true],
    ['a category', '&category=artisan', (shop: Shop) => shop.category === 'artisan'],
    ['promoted', '&promoted=true', (shop: Shop) => shop.isPromoted],
    ['a search', '&search=coffee', (shop: Shop) => /coffee/i.test(`${shop.name} ${shop.description}`)],
    [
      'a category and a search',
      '&category=specialty&search=cape',
      (shop: Shop) => shop.category === 'specialty' && /cape/i.test(shop.address),
    ],
    [
      'a category and promoted',
      '&category=quick_service&promoted=true',
      (shop: Shop) => shop.category === 'quick_service' && shop.isPromoted,
    ],
  ])('nearest first with %s: every page agrees with the haversine order', async (_label, filter, keep) => {
    const expected = (await everyShop()).filter(keep);
    const whole = await list(`?${nearHere}&sortByDistance=true${filter}`);
    expectNearestFirst(whole, here, expected);
    // Small pages take the index's nearest-neighbour path; they must agree with the whole list.
    for (const pageSize of [1, 2, 3]) {
      expect(ids(await walk(`?${nearHere}&sortByDistance=true${filter}`, pageSize))).toEqual(ids(whole));
    }
  });

  test('PostgreSQL has the globe indexes nearest first walks; PGlite, without cube, uses the point index', async () => {
    const result = await server.database.db.execute(
      sql`select to_regclass('coffee_shops_globe') is not null as globe, to_regclass('coffee_shops_globe_promoted') is not null as featured, to_regclass('coffee_shops_location_gist') is not null as point`,
    );
    const [present] = (result as unknown as { rows: { globe: boolean; featured: boolean; point: boolean }[] })
      .rows;
    const onPostgres = server.database.kind === 'postgres';
    expect(present).toEqual({ globe: onPostgres, featured: onPostgres, point: true });
  });

  test('the nearest is by great-circle distance, not by degrees', async () => {
    const bredasdorp = { latitude: -34.0, longitude: 20.0 };
    const agulhas = shops.agulhas!;
    const riviersonderend = shops.riviersonderend!;
    // In degrees Riviersonderend (0.6° north) is nearer than Agulhas (0.7° east); on the globe it is not.
    expect(kmFrom(bredasdorp, agulhas)).toBeLessThan(kmFrom(bredasdorp, riviersonderend));
    const found = await list(
      `?latitude=${bredasdorp.latitude}&longitude=${bredasdorp.longitude}&sortByDistance=true&limit=1`,
    );
    expect(names(found)).toEqual(['Agulhas Brew']);
  });

  test('a location without sortByDistance adds distances but keeps the usual order', async () => {
    const withDistances = await list(`?${nearHere}`);
    expect(ids(withDistances)).toEqual(ids(await list()));
    for (const shop of withDistances) {
      if (shop.latitude === null) expect(shop.distanceKm).toBeNull();
      else expect(shop.distanceKm).toBeCloseTo(kmFrom(here, shop), 3);
    }
  });

  test('without a location there are no distances, and sortByDistance alone changes nothing', async () => {
    const plain = await list();
    expect(plain.every((shop) => shop.distanceKm === undefined)).toBe(true);
    expect(await list('?sortByDistance=true')).toEqual(plain);
  });
});

describe('bad list queries', () => {
  test.each([
    ['?limit=101', 'limit must be at most 100'],
    ['?limit=0', 'limit must be at least 1'],
    ['?limit=2.5', 'limit must be a whole number'],
    ['?limit=ten', 'limit'],
    ['?offset=-1', 'offset must be 0 or more'],
    ['?offset=1.5', 'offset must be a whole number'],
    ['?category=tea', 'category must be one of'],
    ['?latitude=95&longitude=10', 'latitude must be between -90 and 90'],
    ['?latitude=10&longitude=181', 'longitude must be between -180 and 180'],
    ['?latitude=north&longitude=10', 'latitude must be a number'],
    ['?latitude=-26', 'latitude and longitude must be given together'],
    ['?longitude=28', 'latitude and longitude must be given together'],
    ['?promoted=yes', 'promoted'],
    ['?sortByDistance=1', 'sortByDistance'],
    ['?search=<201 letters>', 'search must be at most 200 characters'],
  ])('%s is 400 naming the problem', async (query, words) => {
    const path = `/api/coffee-shops${query.replace('<201 letters>', 'a'.repeat(201))}`;
    const reply = await server.api.get<{ message: string }>(path);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toContain(words);
  });
});

describe('one shop', () => {
  test('is the same shop the list shows, for anyone', async () => {
    const listed = (await list('?search=father'))[0]!;
    for (const caller of [
      server.api,
      server.api.as(customer),
      server.api.as(owner),
      server.api.as(otherOwner),
    ]) {
      const reply = await caller.get<Shop>(`/api/coffee-shops/${shops.father!.id}`);
      expect(reply.status).toBe(200);
      // One shop's answer also says when an order placed now could be picked up; lists leave that out.
      expect(reply.body.nextPickupAt).toEqual(expect.any(String));
      expect({ ...reply.body, nextPickupAt: null }).toEqual(listed);
    }
  });

  test('an unknown id is 404 Coffee shop not found', async () => {
    const reply = await server.api.get('/api/coffee-shops/999999');
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ message: 'Coffee shop not found' });
  });

  test.each(['abc', '0', '-3', '1.5', '2147483648'])('the id %s is 400', async (id) => {
    const reply = await server.api.get<{ message: string }>(`/api/coffee-shops/${id}`);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/^id /);
  });
});

describe('my shops', () => {
  test('an owner sees exactly their own shops, another owner theirs, a new owner none', async () => {
    const mine = await server.api.as(owner).get<Shop[]>('/api/my-shops');
    expect(mine.status).toBe(200);
    const ownRows = await server.database.db
      .select({ id: coffeeShops.id })
      .from(coffeeShops)
      .where(eq(coffeeShops.ownerId, owner.user.id));
    expect(ids(mine.body).sort()).toEqual(ownRows.map((row) => row.id).sort());
    expect(names(mine.body)).toContain('Father Coffee');
    expect(mine.body.every((shop) => shop.ownerId === owner.user.id)).toBe(true);

    const theirs = await server.api.as(otherOwner).get<Shop[]>('/api/my-shops');
    expect(names(theirs.body).sort()).toEqual([
      'Colombo Quick Coffee',
      'Deluxe Coffeeworks',
      'Rosetta Roastery',
    ]);

    const newcomer = await makeUser(server.api, 'shop_owner');
    expect((await server.api.as(newcomer).get('/api/my-shops')).body).toEqual([]);
  });

  test('customers get 403, visitors and bad tokens 401', async () => {
    expect((await server.api.as(customer).get('/api/my-shops')).body).toEqual({
      message: 'Only shop owners can do this',
    });
    expect((await server.api.as(customer).get('/api/my-shops')).status).toBe(403);
    expect((await server.api.get('/api/my-shops')).status).toBe(401);
    expect((await server.api.as('not-a-token').get('/api/my-shops')).status).toBe(401);
  });
});

describe('creating a shop', () => {
  test('answers 201 with the whole shop, stored under the caller whatever body.ownerId says', async () => {
    const before = await countShops();
    const reply = await server.api.as(otherOwner).post<Shop>('/api/coffee-shops', {
      name: '  Sneaky Espresso  ',
      category: 'specialty',
      address: '1 Main Rd, Stellenbosch',
      description: 'Pour-over bar',
      phone: '021 555 0100',
      email: 'hello@sneaky.co.za',
      deliveryTime: '15-25 mins',
      deliveryFee: 12.5,
      latitude: '-33.9346',
      longitude: 18.861,
      ownerId: owner.user.id,
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      id: expect.any(Number),
      ownerId: otherOwner.user.id,
      name: 'Sneaky Espresso',
      description: 'Pour-over bar',
      category: 'specialty',
      address: '1 Main Rd, Stellenbosch',
      phone: '021 555 0100',
      email: 'hello@sneaky.co.za',
      imageUrl: null,
      rating: '0.0',
      reviewCount: 0,
      isPromoted: false,
      promotionExpiresAt: null,
      deliveryTime: '15-25 mins',
      deliveryFee: 12.5,
      latitude: '-33.9346',
      longitude: '18.861',
      locationApproximate: false,
      acceptingOrders: true,
      onlinePayment: 'off',
      prepMinutes: 10,
      maxOrdersPerSlot: null,
      busyExtraMinutes: null,
      busyUntil: null,
      autoCancelMinutes: 10,
      loyalty: null,
      // No hours set: an order placed now can be picked up in 10 minutes.
      nextPickupAt: expect.any(String),
      // No hours set yet.
      openNow: null,
      nextChangeAt: null,
    });
    expect(await countShops()).toBe(before + 1);
    const row = await shopRow(reply.body.id);
    expect(row).toMatchObject({ ownerId: otherOwner.user.id, deliveryFeeCents: 1250, latitude: -33.9346 });
    const read = (await server.api.get<Shop>(`/api/coffee-shops/${reply.body.id}`)).body;
    expect({ ...read, nextPickupAt: null }).toEqual({ ...reply.body, nextPickupAt: null });
    expect(ids((await server.api.as(otherOwner).get<Shop[]>('/api/my-shops')).body)).toContain(reply.body.id);
    expect(ids((await server.api.as(owner).get<Shop[]>('/api/my-shops')).body)).not.toContain(reply.body.id);
  });

  test('an owner cannot make their new shop featured or rated through the body', async () => {
    const reply = await server.api.as(owner).post<Shop>('/api/coffee-shops', {
      name: 'Self Promoter',
      category: 'artisan',
      address: '2 Main Rd, Paarl',
      isPromoted: true,
      promotionExpiresAt: new Date(Date.now() + 30 * DAY_MS).toISOString(),
      rating: '5.0',
      reviewCount: 99,
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      isPromoted: false,
      promotionExpiresAt: null,
      rating: '0.0',
      reviewCount: 0,
    });
    expect(await shopRow(reply.body.id)).toMatchObject({ isPromoted: false, promotionExpiresAt: null });
  });

  test('optional fields left empty are stored as null', async () => {
    const reply = await server.api.as(owner).post<Shop>('/api/coffee-shops', {
      name: 'Bare Bones',
      category: 'quick_service',
      address: '3 Main Rd, Worcester',
      description: '',
      phone: '',
      email: '',
      deliveryTime: '',
      deliveryFee: null,
      latitude: '',
      longitude: null,
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      description: null,
      phone: null,
      email: null,
      deliveryTime: null,
      deliveryFee: null,
      latitude: null,
      longitude: null,
    });
  });

  test.each([
    ['no name', { category: 'specialty', address: 'A' }, 'name is required'],
    ['a blank name', { name: '   ', category: 'specialty', address: 'A' }, 'name is required'],
    ['no category', { name: 'N', address: 'A' }, 'category must be one of'],
    ['an unknown category', { name: 'N', category: 'bakery', address: 'A' }, 'category must be one of'],
    ['no address', { name: 'N', category: 'specialty' }, 'address is required'],
    [
      'a delivery fee in words',
      { name: 'N', category: 'specialty', address: 'A', deliveryFee: 'ten' },
      'deliveryFee',
    ],
    [
      'a negative delivery fee',
      { name: 'N', category: 'specialty', address: 'A', deliveryFee: -1 },
      'deliveryFee',
    ],
    ['latitude 91', { name: 'N', category: 'specialty', address: 'A', latitude: '91' }, 'latitude'],
    [
      'longitude in words',
      { name: 'N', category: 'specialty', address: 'A', longitude: 'east' },
      'longitude',
    ],
    ['a bad email', { name: 'N', category: 'specialty', address: 'A', email: 'not-mail' }, 'email'],
    ['a bad image URL', { name: 'N', category: 'specialty', address: 'A', imageUrl: 'pic.png' }, 'imageUrl'],
    ['no body at all', undefined, 'name is required'],
  ])('a shop with %s gets 400 and nothing is stored', async (_label, body, words) => {
    const before = await countShops();
    const reply = await server.api.as(owner).post<{ message: string }>('/api/coffee-shops', body);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toContain(words);
    expect(await countShops()).toBe(before);
  });

  test('customers get 403 and visitors 401, and nothing is stored', async () => {
    const before = await countShops();
    const body = { name: 'Not Mine', category: 'specialty', address: '4 Main Rd' };
    const asCustomer = await server.api.as(customer).post('/api/coffee-shops', body);
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.body).toEqual({ message: 'Only shop owners can do this' });
    const asVisitor = await server.api.post('/api/coffee-shops', body);
    expect(asVisitor.status).toBe(401);
    expect(asVisitor.body).toEqual({ message: 'Please sign in to continue' });
    expect(await countShops()).toBe(before);
  });

  test('a new shop’s name is searchable, typos included, at once', async () => {
    await makeShop(server.api, owner, { name: 'Jacaranda Espresso', address: '5 Church St, Pretoria' });
    expect(names(await list('?search=jacaranda'))).toEqual(['Jacaranda Espresso']);
    expect(names(await list('?search=jakaranda'))).toEqual(['Jacaranda Espresso']);
  });
});

describe('featured and its expiry', () => {
  let kiosk: Shop;
  const everywhere = async (shopId: number) => [
    (await server.api.get<Shop>(`/api/coffee-shops/${shopId}`)).body,
    (await list('?limit=100')).find((shop) => shop.id === shopId)!,
    (await list(`?${nearHere}&sortByDistance=true&limit=100`)).find((shop) => shop.id === shopId)!,
    (await list('?search=kiosk')).find((shop) => shop.id === shopId)!,
    (await server.api.as(owner).get<Shop[]>('/api/my-shops')).body.find((shop) => shop.id === shopId)!,
  ];

  test('a shop promoted until tomorrow is featured in every answer and found by promoted=true', async () => {
    kiosk = await makeShop(server.api, owner, { name: 'Station Kiosk', category: 'quick_service' });
    const until = new Date(Date.now() + DAY_MS);
    await setPromotion(kiosk.id, true, until);
    for (const shop of await everywhere(kiosk.id)) {
      expect(shop).toMatchObject({ isPromoted: true, promotionExpiresAt: until.toISOString() });
    }
    expect(names(await list('?promoted=true'))).toContain('Station Kiosk');
  });

  test('once promotion_expires_at has passed it is not featured anywhere, before any sweep runs', async () => {
    const expired = new Date(Date.now() - 1000);
    await setPromotion(kiosk.id, true, expired);
    for (const shop of await everywhere(kiosk.id)) {
      expect(shop).toMatchObject({ isPromoted: false, promotionExpiresAt: expired.toISOString() });
    }
    expect(names(await list('?promoted=true'))).not.toContain('Station Kiosk');
    expect(names(await list(`?promoted=true&${nearHere}&sortByDistance=true`))).not.toContain(
      'Station Kiosk',
    );
    expect((await shopRow(kiosk.id)).isPromoted).toBe(true);
  });

  test('a promotion with no expiry date is not featured, and the lists still answer', async () => {
    await setPromotion(kiosk.id, true, null);
    for (const shop of await everywhere(kiosk.id)) {
      expect(shop).toMatchObject({ isPromoted: false, promotionExpiresAt: null });
    }
    expect(names(await list('?promoted=true')).sort()).toEqual(['Colombo Quick Coffee', 'Father Coffee']);
  });

  test('the minute’s sweep clears the flag of every run-out promotion and of no running one', async () => {
    expect(await expirePromotions(server.database.db)).toBe(2);
    expect((await shopRow(shops.truth!.id)).isPromoted).toBe(false);
    expect((await shopRow(kiosk.id)).isPromoted).toBe(false);
    expect((await shopRow(shops.father!.id)).isPromoted).toBe(true);
    expect((await shopRow(shops.colombo!.id)).isPromoted).toBe(true);
  });

  test('the default order is featured shops first, then the best rated', async () => {
    const review = await server.api
      .as(customer)
      .post('/api/reviews', { shopId: shops.deluxe!.id, rating: 5, comment: 'Quick and good' });
    expect(review.status).toBe(201);
    const found = names(await list());
    expect(found.slice(0, 2)).toEqual(['Father Coffee', 'Colombo Quick Coffee']);
    expect(found[2]).toBe('Deluxe Coffeeworks');
  });
});

describe('answers kept ready (the discover cache)', () => {
  test('a new shop is in the very next list and search, though both answers were kept', async () => {
    const before = await list('?limit=100&category=artisan');
    expect(await list('?search=vetkoek')).toEqual([]);
    const created = await makeShop(server.api, owner, {
      name: 'Vetkoek & Coffee',
      category: 'artisan',
      address: '2 Loop St, Cape Town',
    });
    expect(ids(await list('?limit=100&category=artisan'))).toEqual(
      expect.arrayContaining([...ids(before), created.id]),
    );
    expect(ids(await list('?search=vetkoek'))).toEqual([created.id]);
  });

  test('a review’s new rating is in the very next answer of every kept list', async () => {
    const shown = async () =>
      [await list('?search=deluxe'), await list('?limit=100')].map(
        (found) => found.find((shop) => shop.id === shops.deluxe!.id)!.reviewCount,
      );
    const [counted] = await shown();
    const fan = await makeUser(server.api, 'customer');
    await confirmEmails(server.database.db, fan);
    const review = await server.api.as(fan).post('/api/reviews', { shopId: shops.deluxe!.id, rating: 3 });
    expect(review.status).toBe(201);
    expect(await shown()).toEqual([counted! + 1, counted! + 1]);
  });

  test('a featured shop leaves Featured Only when its promotion runs out, though nothing was written', async () => {
    const popUp = await makeShop(server.api, owner, { name: 'Pop-up Espresso Cart' });
    await setPromotion(popUp.id, true, new Date(Date.now() + 1500));
    expect(names(await list('?promoted=true'))).toContain('Pop-up Espresso Cart');
    expect(names(await list('?promoted=true'))).toContain('Pop-up Espresso Cart');
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect(names(await list('?promoted=true'))).not.toContain('Pop-up Espresso Cart');
    await setPromotion(popUp.id, false, null);
  });

  test('answers for a location are never kept; the others are, until a change is announced', async () => {
    const near = `?${nearHere}&sortByDistance=true&limit=100`;
    const nameOf = async (query: string) =>
      (await list(query)).find((shop) => shop.id === shops.father!.id)!.name;
    expect(await nameOf('?limit=100')).toBe('Father Coffee');
    // A change made beside the app (by hand in SQL), which nobody announces:
    await server.database.db
      .update(coffeeShops)
      .set({ name: 'Father Coffee Braam' })
      .where(eq(coffeeShops.id, shops.father!.id));
    expect(await nameOf(near)).toBe('Father Coffee Braam');
    expect(await nameOf('?limit=100')).toBe('Father Coffee');
    server.app.deps.shopsChanged();
    expect(await nameOf('?limit=100')).toBe('Father Coffee Braam');

    await server.database.db
      .update(coffeeShops)
      .set({ name: 'Father Coffee' })
      .where(eq(coffeeShops.id, shops.father!.id));
    server.app.deps.shopsChanged();
  });

  test('a kept answer is sent as JSON with the usual security headers', async () => {
    await list();
    const response = await fetch(`${server.baseUrl}/api/coffee-shops`);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(Array.isArray(await response.json())).toBe(true);
  });
});

describe('paging', () => {
  const STALLS = 100;

  beforeAll(async () => {
    // A market of stalls around Upington, each at its own spot, so that there are more shops than a page holds.
    const categories = ['specialty', 'quick_service', 'artisan'] as const;
    for (let batch = 0; batch < STALLS; batch += 20) {
      await Promise.all(
        Array.from({ length: 20 }, (_, offset) => {
          const index = batch + offset;
          return makeShop(server.api, index % 2 ? owner : otherOwner, {
            name: `Karoo Stall ${String(index).padStart(3, '0')}`,
            category: categories[index % 3],
            address: `Stand ${index}, Upington`,
            description: null,
            latitude: String(-28.45 + (index % 10) * 0.0137 + index * 0.0001),
            longitude: String(21.25 + Math.floor(index / 10) * 0.0191 + index * 0.00007),
          });
        }),
      );
    }
  });

  test('without a limit a page holds 50 shops; limit goes up to 100', async () => {
    expect(await countShops()).toBeGreaterThan(STALLS + 10);
    expect(await list()).toHaveLength(50);
    expect(await list('?limit=100')).toHaveLength(100);
    expect((await server.api.get('/api/coffee-shops?limit=101')).status).toBe(400);
  });

  test('walking the default order with limit and offset meets every shop exactly once', async () => {
    const walked = await walk('?', 30);
    const stored = await server.database.db.select({ id: coffeeShops.id }).from(coffeeShops);
    expect(new Set(ids(walked)).size).toBe(walked.length);
    expect(ids(walked).sort((a, b) => a - b)).toEqual(stored.map((row) => row.id).sort((a, b) => a - b));
    expect(ids(walked.slice(0, 50))).toEqual(ids(await list()));
  });

  test('walking nearest first in pages of 7 meets every shop once, in great-circle order', async () => {
    const upington = { latitude: -28.4478, longitude: 21.2561 };
    const walked = await walk(
      `?latitude=${upington.latitude}&longitude=${upington.longitude}&sortByDistance=true`,
      7,
    );
    expectNearestFirst(walked, upington, await everyShop());
  });

  test('walking a search in pages gives what one big page does', async () => {
    const whole = await list('?search=karoo%20stall&limit=100');
    expect(whole).toHaveLength(100);
    expect(ids(await walk('?search=karoo%20stall', 9))).toEqual(ids(whole));
  });

  test('an offset past the end is an empty page, for every order', async () => {
    expect(await list('?offset=100000')).toEqual([]);
    expect(await list('?search=karoo&offset=100000')).toEqual([]);
    expect(await list(`?${nearHere}&sortByDistance=true&offset=100000`)).toEqual([]);
    expect(await list(`?${nearHere}&sortByDistance=true&promoted=true&offset=2`)).toEqual([]);
  });
});
