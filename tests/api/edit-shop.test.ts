// PUT /api/coffee-shops/{id} over real HTTP: an owner edits any subset of the create fields and the orders
// switch; fields a client must not set are dropped; every refusal changes nothing; a new address without
// coordinates is looked up again through a fake Nominatim (which the app asks at most once a second).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { coffeeShops } from '../../src/server/db/schema.js';
import type { AuthResponse } from '../../src/shared/api/auth.js';
import type { Shop } from '../../src/shared/api/shops.js';
import { makeShop, makeUser } from '../support/factories.js';
import { type FakeNominatim, startFakeNominatim } from '../support/fake-nominatim.js';
import { startAppOn, startTestApp, type TestApp } from '../support/test-app.js';

let nominatim: FakeNominatim;
let server: TestApp;
let owner: AuthResponse;
let otherOwner: AuthResponse;
let customer: AuthResponse;

beforeAll(async () => {
  nominatim = await startFakeNominatim();
  server = await startTestApp({ env: { GEOCODER_URL: nominatim.url } });
  owner = await makeUser(server.api, 'shop_owner');
  otherOwner = await makeUser(server.api, 'shop_owner');
  customer = await makeUser(server.api, 'customer');
});
afterAll(async () => {
  await server?.close();
  await nominatim?.close();
});

/** The shop's row as stored, without the columns the database keeps up itself. */
async function stored(id: number) {
  const [row] = await server.database.db.select().from(coffeeShops).where(eq(coffeeShops.id, id));
  const { searchText: _searchText, createdAt: _createdAt, ...fields } = row!;
  return fields;
}
const edit = (who: AuthResponse | null, id: number, body: unknown) =>
  (who ? server.api.as(who) : server.api).put<Shop & { message: string }>(`/api/coffee-shops/${id}`, body);

describe('an owner edits their shop', () => {
  test('changes the fields sent and answers the whole shop; the lists and searches show it at once', async () => {
    const shop = await makeShop(server.api, owner, { name: 'Old Name Roasters', phone: '021 000 0000' });
    // Asked once before the edit, so a cached answer exists that the edit must replace.
    const before = await server.api.get<Shop[]>('/api/coffee-shops?search=kudu');
    expect(before.body).toEqual([]);

    const reply = await edit(owner, shop.id, {
      name: 'Kudu Coffee Co',
      description: 'Cold brew on tap',
      category: 'artisan',
      phone: '021 555 0101',
      email: 'hello@kudu.co.za',
      imageUrl: 'https://images.example.co.za/kudu.jpg',
      deliveryTime: '10-20 mins',
      deliveryFee: 12.5,
      acceptingOrders: false,
    });
    expect(reply.status).toBe(200);
    // nextPickupAt moves with the clock (a minute later, a minute later): compared apart.
    expect(reply.body.nextPickupAt).toEqual(expect.any(String));
    expect({ ...reply.body, nextPickupAt: null }).toEqual({
      ...shop,
      nextPickupAt: null,
      name: 'Kudu Coffee Co',
      description: 'Cold brew on tap',
      category: 'artisan',
      phone: '021 555 0101',
      email: 'hello@kudu.co.za',
      imageUrl: 'https://images.example.co.za/kudu.jpg',
      deliveryTime: '10-20 mins',
      deliveryFee: 12.5,
      acceptingOrders: false,
    });
    expect(await stored(shop.id)).toMatchObject({
      name: 'Kudu Coffee Co',
      category: 'artisan',
      deliveryFeeCents: 1250,
      acceptingOrders: false,
      address: shop.address,
      latitude: -33.92,
      longitude: 18.42,
    });
    const after = await server.api.get<Shop[]>('/api/coffee-shops?search=kudu');
    expect(after.body.map((found) => found.id)).toEqual([shop.id]);
    const one = await server.api.get<Shop>(`/api/coffee-shops/${shop.id}`);
    expect({ ...one.body, nextPickupAt: null }).toEqual({ ...reply.body, nextPickupAt: null });
  });

  test('a subset changes only what it names; an empty body changes nothing and answers the shop', async () => {
    const shop = await makeShop(server.api, owner);
    const untouched = await stored(shop.id);
    const reply = await edit(owner, shop.id, { phone: '011 222 3333' });
    expect(reply.status).toBe(200);
    expect(await stored(shop.id)).toEqual({ ...untouched, phone: '011 222 3333' });

    const empty = await edit(owner, shop.id, {});
    expect(empty.status).toBe(200);
    expect({ ...empty.body, nextPickupAt: null }).toEqual({ ...reply.body, nextPickupAt: null });
    expect(await stored(shop.id)).toEqual({ ...untouched, phone: '011 222 3333' });
  });

  test('optional fields sent empty or null are cleared', async () => {
    const shop = await makeShop(server.api, owner, { phone: '021 111 1111', email: 'a@b.co.za' });
    const reply = await edit(owner, shop.id, {
      phone: '',
      email: null,
      description: '   ',
      deliveryFee: null,
      latitude: null,
      longitude: null,
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      phone: null,
      email: null,
      description: null,
      deliveryFee: null,
      latitude: null,
      longitude: null,
    });
    expect(await stored(shop.id)).toMatchObject({
      phone: null,
      email: null,
      description: null,
      deliveryFeeCents: null,
      latitude: null,
      longitude: null,
    });
  });

  test('ownerId, rating, reviewCount, isPromoted and promotionExpiresAt are dropped, never stored', async () => {
    const shop = await makeShop(server.api, owner);
    const untouched = await stored(shop.id);
    const reply = await edit(owner, shop.id, {
      name: 'Honest Beans',
      ownerId: otherOwner.user.id,
      rating: '5.0',
      reviewCount: 999,
      isPromoted: true,
      promotionExpiresAt: '2099-01-01T00:00:00.000Z',
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      name: 'Honest Beans',
      ownerId: owner.user.id,
      rating: '0.0',
      reviewCount: 0,
      isPromoted: false,
      promotionExpiresAt: null,
    });
    expect(await stored(shop.id)).toEqual({ ...untouched, name: 'Honest Beans' });
  });
});

describe('what is refused changes nothing', () => {
  let shop: Shop;
  let untouched: Awaited<ReturnType<typeof stored>>;
  beforeAll(async () => {
    shop = await makeShop(server.api, owner, { name: 'Guarded Grounds' });
    untouched = await stored(shop.id);
  });

  const refusals: [string, () => AuthResponse | null, number, string][] = [
    ['a visitor', () => null, 401, 'Please sign in to continue'],
    ['a customer', () => customer, 403, 'Only shop owners can do this'],
    ['another owner', () => otherOwner, 404, 'Coffee shop not found'],
  ];
  test.each(refusals)('%s is answered %i', async (_who, who, status, message) => {
    const reply = await edit(who(), shop.id, { name: 'Taken Over' });
    expect(reply.status).toBe(status);
    expect(reply.body).toEqual({ message });
    expect(await stored(shop.id)).toEqual(untouched);
  });

  test('a shop that does not exist is 404', async () => {
    const reply = await edit(owner, 999_999, { name: 'Ghost' });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ message: 'Coffee shop not found' });
  });

  test.each([
    ['an empty name', { name: '  ' }, /name is required/],
    ['an unknown category', { category: 'drive_thru' }, /category must be one of/],
    ['a malformed email', { email: 'not-an-email' }, /email must be a valid email address/],
    ['an image that is not a URL', { imageUrl: 'kudu.jpg' }, /imageUrl must be/],
    ['a negative delivery fee', { deliveryFee: -1 }, /deliveryFee must be 0 or more/],
    [
      'a latitude out of range',
      { latitude: 91, longitude: 18 },
      /latitude must be a number between -90 and 90/,
    ],
    ['a latitude without a longitude', { latitude: -33.9 }, /latitude and longitude must be given together/],
    [
      'an orders switch that is not a boolean',
      { acceptingOrders: 'no' },
      /acceptingOrders must be true or false/,
    ],
    ['an address over 300 characters', { address: 'a'.repeat(301) }, /address/],
  ])('%s is 400 naming the field', async (_what, body, message) => {
    const reply = await edit(owner, shop.id, { ...body, phone: '000' });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(message);
    expect(await stored(shop.id)).toEqual(untouched);
  });
});

describe('a new address', () => {
  test('without coordinates is looked up again and the shop moves there', async () => {
    nominatim.setMode('found');
    const shop = await makeShop(server.api, owner);
    const asked = nominatim.requests.length;
    const reply = await edit(owner, shop.id, { address: '73 Juta St, Braamfontein, Johannesburg' });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ latitude: '-26.1929', longitude: '28.0336' });
    expect(await stored(shop.id)).toMatchObject({
      address: '73 Juta St, Braamfontein, Johannesburg',
      latitude: -26.1929,
      longitude: 28.0336,
    });
    expect(nominatim.requests.slice(asked).map((request) => request.query.get('q'))).toEqual([
      '73 Juta St, Braamfontein, Johannesburg',
    ]);
  });

  test('with coordinates keeps the ones sent and asks nobody', async () => {
    const shop = await makeShop(server.api, owner);
    const asked = nominatim.requests.length;
    const reply = await edit(owner, shop.id, {
      address: '1 Long Street, Cape Town',
      latitude: '-33.9',
      longitude: '18.41',
    });
    expect(reply.status).toBe(200);
    expect(await stored(shop.id)).toMatchObject({ latitude: -33.9, longitude: 18.41 });
    expect(nominatim.requests.length).toBe(asked);
  });

  test('the same address sent again is no move: the coordinates stay and nobody is asked', async () => {
    const shop = await makeShop(server.api, owner);
    const asked = nominatim.requests.length;
    const reply = await edit(owner, shop.id, { address: shop.address, name: 'Same Place Cafe' });
    expect(reply.status).toBe(200);
    expect(await stored(shop.id)).toMatchObject({ latitude: -33.92, longitude: 18.42 });
    expect(nominatim.requests.length).toBe(asked);
  });

  test.each([
    ['finds nothing', 'empty', '5 Nowhere Lane, Qwerty Flats'],
    ['fails', 'fail', '6 Broken Rd, Qwerty Flats'],
  ] as const)(
    'when the look-up %s, the old coordinates are cleared, not left pointing at the old place',
    async (_what, mode, address) => {
      const shop = await makeShop(server.api, owner);
      const asked = nominatim.requests.length;
      nominatim.setMode(mode);
      try {
        const reply = await edit(owner, shop.id, { address });
        expect(reply.status).toBe(200);
        expect(reply.body).toMatchObject({ address, latitude: null, longitude: null });
        expect(await stored(shop.id)).toMatchObject({ address, latitude: null, longitude: null });
        expect(nominatim.requests.length).toBe(asked + 1);
      } finally {
        nominatim.setMode('found');
      }
    },
  );

  test('with no geocoder configured, an address naming no known place clears the old coordinates too', async () => {
    const bare = await startAppOn(server.database);
    try {
      const shop = await makeShop(server.api, owner);
      const asked = nominatim.requests.length;
      const reply = await bare.api.as(owner).put<Shop>(`/api/coffee-shops/${shop.id}`, {
        address: '7 Unmapped Rd, Qwerty Flats',
      });
      expect(reply.status).toBe(200);
      expect(await stored(shop.id)).toMatchObject({
        address: '7 Unmapped Rd, Qwerty Flats',
        latitude: null,
        longitude: null,
      });
      expect(nominatim.requests.length).toBe(asked);
    } finally {
      await bare.close();
    }
  });

  test('with no geocoder configured, a known town in the new address places the shop at its centre', async () => {
    const bare = await startAppOn(server.database);
    try {
      const shop = await makeShop(server.api, owner);
      const reply = await bare.api.as(owner).put<Shop>(`/api/coffee-shops/${shop.id}`, {
        address: '7 Unmapped Rd, Paarl',
      });
      expect(reply.status).toBe(200);
      const row = await stored(shop.id);
      // Paarl's centre (GeoNames), not the old Cape Town coordinates.
      expect(row.latitude).toBeCloseTo(-33.73, 1);
      expect(row.longitude).toBeCloseTo(18.96, 1);
    } finally {
      await bare.close();
    }
  });
});
