// Discovery search of issue 31 over real HTTP: a map area ('Search this area': only the shops inside, edges
// included, nearest its centre first, at most 500), and search that finds a shop by what it sells (matchedItems).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { coffeeShops } from '../../src/server/db/schema.js';
import type { AuthResponse } from '../../src/shared/api/auth.js';
import type { MenuItem } from '../../src/shared/api/menu.js';
import type { CreateShopBody, Shop } from '../../src/shared/api/shops.js';
import { makeMenuItem, makeShop, makeUser } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let server: TestApp;
let owner: AuthResponse;

/** Independent great-circle distance, to check the database's order against. */
function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number) {
  const toRad = (degrees: number) => (degrees * Math.PI) / 180;
  const a =
    Math.sin(toRad(lat2 - lat1) / 2) ** 2 +
    Math.cos(toRad(lat1)) * Math.cos(toRad(lat2)) * Math.sin(toRad(lon2 - lon1) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
}

const list = async (query: string) => {
  const reply = await server.api.get<Shop[]>(`/api/coffee-shops${query}`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
};
const names = (found: Shop[]) => found.map((shop) => shop.name);
const ids = (found: Shop[]) => found.map((shop) => shop.id);
const byId = (left: number, right: number) => left - right;

/** A map area in the query's words, with its centre (the midpoint of its latitudes and of its longitudes). */
function area(minLatitude: number, maxLatitude: number, minLongitude: number, maxLongitude: number) {
  return {
    query: `minLatitude=${minLatitude}&maxLatitude=${maxLatitude}&minLongitude=${minLongitude}&maxLongitude=${maxLongitude}`,
    centre: { latitude: (minLatitude + maxLatitude) / 2, longitude: (minLongitude + maxLongitude) / 2 },
  };
}
const kmFromCentre = (where: ReturnType<typeof area>, shop: Shop) =>
  haversineKm(where.centre.latitude, where.centre.longitude, Number(shop.latitude), Number(shop.longitude));

/** Each shop no farther from the area's centre than the next, by the independent haversine. */
function expectNearestCentreFirst(found: Shop[], where: ReturnType<typeof area>) {
  const distances = found.map((shop) => kmFromCentre(where, shop));
  for (let index = 1; index < distances.length; index += 1)
    expect(distances[index]!).toBeGreaterThanOrEqual(distances[index - 1]! - 1e-9);
}

// Gardens, Cape Town: a map area, and shops inside it, on each of its edges, a hair outside each, and elsewhere.
const gardens = area(-33.95, -33.9, 18.4, 18.46);
const placed: Record<string, Partial<CreateShopBody>> = {
  middle: { name: 'Gardens Middle', latitude: '-33.926', longitude: '18.431', category: 'artisan' },
  inside: { name: 'Gardens Inside', latitude: '-33.91', longitude: '18.45', category: 'specialty' },
  southEdge: { name: 'South Edge', latitude: '-33.95', longitude: '18.42', category: 'artisan' },
  northEdge: { name: 'North Edge', latitude: '-33.9', longitude: '18.44', category: 'specialty' },
  westEdge: { name: 'West Edge', latitude: '-33.92', longitude: '18.4', category: 'quick_service' },
  eastEdge: { name: 'East Edge', latitude: '-33.94', longitude: '18.46', category: 'artisan' },
  corner: { name: 'South West Corner', latitude: '-33.95', longitude: '18.4', category: 'specialty' },
  southOut: { name: 'Just South', latitude: '-33.950001', longitude: '18.42', category: 'artisan' },
  northOut: { name: 'Just North', latitude: '-33.899999', longitude: '18.44', category: 'artisan' },
  westOut: { name: 'Just West', latitude: '-33.92', longitude: '18.399999', category: 'artisan' },
  eastOut: { name: 'Just East', latitude: '-33.94', longitude: '18.460001', category: 'artisan' },
  far: { name: 'Far Away Braamfontein', latitude: '-26.1929', longitude: '28.0336', category: 'artisan' },
  nowhere: { name: 'No Pin Cafe', latitude: null, longitude: null, category: 'artisan' },
};
const insideGardens = ['middle', 'inside', 'southEdge', 'northEdge', 'westEdge', 'eastEdge', 'corner'];
const shops: Record<string, Shop> = {};

// Johannesburg: shops found by their words or by their menus. None says 'latte' in its name, description or
// address except where the name says so.
const johannesburg = { latitude: '-26.19', longitude: '28.03' };
let items: Record<string, MenuItem> = {};

beforeAll(async () => {
  server = await startTestApp();
  owner = await makeUser(server.api, 'shop_owner');
  for (const [key, place] of Object.entries(placed))
    shops[key] = await makeShop(server.api, owner, { description: 'Coffee in town', ...place });

  const menuShop = async (key: string, overrides: Partial<CreateShopBody>) => {
    shops[key] = await makeShop(server.api, owner, {
      description: 'Coffee and cake',
      address: `${key} Road, Johannesburg`,
      ...johannesburg,
      ...overrides,
    });
  };
  await menuShop('lounge', { name: 'Latte Lounge' });
  await menuShop('described', { name: 'Bean Counter', description: 'The best lattes in Melville' });
  await menuShop('kloof', { name: 'Kloof Street Roasters', category: 'artisan' });
  await menuShop('many', { name: 'Many Milks', category: 'quick_service' });
  await menuShop('soldOut', { name: 'Sold Out Corner' });
  await menuShop('bakery', { name: 'Crumb Bakery' });
  await menuShop('plain', { name: 'Plain Filter Bar' });

  const item = async (key: string, shopKey: string, overrides: Parameters<typeof makeMenuItem>[3]) => {
    items[key] = await makeMenuItem(server.api, owner, shops[shopKey]!, overrides);
  };
  items = {};
  await item('loungeLatte', 'lounge', { name: 'House Latte' });
  await item('describedLatte', 'described', { name: 'Caffe Latte' });
  await item('kloofEspresso', 'kloof', { name: 'Espresso' });
  await item('kloofOat', 'kloof', { name: 'Oat Latte' });
  await item('kloofVanilla', 'kloof', { name: 'Vanilla Latte', isAvailable: false });
  await item('kloofIced', 'kloof', { name: 'Iced Latte' });
  for (const name of ['Almond Latte', 'Soy Latte', 'Oat Latte', 'Coconut Latte', 'Macadamia Latte'])
    await item(name, 'many', { name });
  await item('soldOutChai', 'soldOut', { name: 'Chai Latte', isAvailable: false });
  await item('croissant', 'bakery', { name: 'Croissant', category: 'pastries' });
  await item('scone', 'bakery', { name: 'Scone', category: 'pastries' });
  await item('bakeryFlat', 'bakery', { name: 'Flat White' });
  await item('plainFilter', 'plain', { name: 'Filter Coffee' });
  await item('cappuccino', 'plain', { name: 'Cappuccino' });
  // A shop in the Gardens area that sells a latte, for searches within an area.
  await item('gardensLatte', 'inside', { name: 'Rooibos Latte' });
});
afterAll(() => server?.close());

describe('a map area', () => {
  test('holds exactly the shops inside it, edges included, nearest its centre first', async () => {
    const found = await list(`?${gardens.query}`);
    expect(ids(found).sort(byId)).toEqual(insideGardens.map((key) => shops[key]!.id).sort(byId));
    expectNearestCentreFirst(found, gardens);
    expect(found[0]!.name).toBe('Gardens Middle');
    // Nothing a hair outside an edge, nothing far away, nothing without a pin.
    for (const outside of ['Just South', 'Just North', 'Just West', 'Just East', 'Far Away Braamfontein'])
      expect(names(found)).not.toContain(outside);
    expect(names(found)).not.toContain('No Pin Cafe');
  });

  test('a box no wider than a line still holds the shops on it', async () => {
    const line = area(-33.95, -33.95, 18.3, 18.5);
    expect(names(await list(`?${line.query}`)).sort()).toEqual(['South Edge', 'South West Corner']);
    const point = area(-33.92, -33.92, 18.4, 18.4);
    expect(names(await list(`?${point.query}`))).toEqual(['West Edge']);
  });

  test('is ordered from its own centre, whatever location the customer sends', async () => {
    // From the east of the area the customer gets distances from where they are, but the area's order.
    const found = await list(`?${gardens.query}&latitude=-33.94&longitude=18.46&sortByDistance=true`);
    expectNearestCentreFirst(found, gardens);
    const east = found.find((shop) => shop.name === 'East Edge')!;
    expect(east.distanceKm).toBeCloseTo(0, 6);
    expect(found[0]!.name).toBe('Gardens Middle');
  });

  test('combines with category, search and open now filters', async () => {
    const artisan = await list(`?${gardens.query}&category=artisan`);
    expect(names(artisan).sort()).toEqual(['East Edge', 'Gardens Middle', 'South Edge']);
    expectNearestCentreFirst(artisan, gardens);

    const edges = await list(`?${gardens.query}&search=edge`);
    expect(names(edges).sort()).toEqual(['East Edge', 'North Edge', 'South Edge', 'West Edge']);
    // A search in an area finds shops by their menu too, and says what matched.
    const lattes = await list(`?${gardens.query}&search=latte`);
    expect(lattes.map((shop) => [shop.name, shop.matchedItems])).toEqual([
      ['Gardens Inside', ['Rooibos Latte']],
    ]);
    // No shop here has hours: none is open now.
    expect(await list(`?${gardens.query}&openNow=true`)).toEqual([]);
  });

  test('pages go on in the same order', async () => {
    const whole = await list(`?${gardens.query}`);
    const pages: Shop[] = [];
    for (let offset = 0; offset < whole.length + 2; offset += 2)
      pages.push(...(await list(`?${gardens.query}&limit=2&offset=${offset}`)));
    expect(ids(pages)).toEqual(ids(whole));
  });

  test('answers at most 500 shops, the 500 nearest its centre; without a limit a page of 50', async () => {
    // 510 shops in a spiral around Durban, each 20 m farther from the centre than the one before.
    const durban = area(-30.05, -29.65, 30.82, 31.22);
    const { latitude, longitude } = durban.centre;
    const spiral = Array.from({ length: 510 }, (_, index) => {
      const km = 0.05 + index * 0.02;
      const bearing = (index * 137.5 * Math.PI) / 180;
      const toRad = Math.PI / 180;
      const angle = km / 6371;
      const lat = Math.asin(
        Math.sin(latitude * toRad) * Math.cos(angle) +
          Math.cos(latitude * toRad) * Math.sin(angle) * Math.cos(bearing),
      );
      const lon =
        longitude * toRad +
        Math.atan2(
          Math.sin(bearing) * Math.sin(angle) * Math.cos(latitude * toRad),
          Math.cos(angle) - Math.sin(latitude * toRad) * Math.sin(lat),
        );
      return {
        ownerId: owner.user.id,
        name: `Spiral ${index}`,
        category: 'quick_service' as const,
        address: `${index} Florida Rd, Durban`,
        latitude: Number((lat / toRad).toFixed(6)),
        longitude: Number((lon / toRad).toFixed(6)),
      };
    });
    // Made in one statement: 510 shops through the API would be most of this file's time.
    await server.database.db.insert(coffeeShops).values(spiral);

    const all = await list(`?${durban.query}&limit=500`);
    expect(names(all)).toEqual(spiral.slice(0, 500).map((shop) => shop.name));
    expect(names(await list(`?${durban.query}`))).toEqual(spiral.slice(0, 50).map((shop) => shop.name));
    expect(names(await list(`?${durban.query}&limit=100&offset=450`))).toEqual(
      spiral.slice(450).map((shop) => shop.name),
    );
    const tooMany = await server.api.get<{ message: string }>(`/api/coffee-shops?${durban.query}&limit=501`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toContain('limit must be at most 500');
  });

  test('is never kept: a change made beside the app is in the very next answer', async () => {
    const before = await list(`?${gardens.query}`);
    expect(names(before)).toContain('North Edge');
    await server.database.db.execute(
      sql`update coffee_shops set latitude = -33.85 where id = ${shops.northEdge!.id}`,
    );
    try {
      expect(names(await list(`?${gardens.query}`))).not.toContain('North Edge');
    } finally {
      await server.database.db.execute(
        sql`update coffee_shops set latitude = -33.9 where id = ${shops.northEdge!.id}`,
      );
    }
  });

  test.each([
    ['minLatitude=-34&maxLatitude=-33&minLongitude=18', 'maxLongitude missing'],
    ['minLatitude=-34&maxLatitude=-33', 'minLongitude, maxLongitude missing'],
    ['maxLongitude=19', 'minLatitude, maxLatitude, minLongitude missing'],
    ['minLatitude=south&maxLatitude=-33&minLongitude=18&maxLongitude=19', 'minLatitude must be a number'],
    ['minLatitude=-34&maxLatitude=-33&minLongitude=18&maxLongitude=', 'maxLongitude must be a number'],
    [
      'minLatitude=-91&maxLatitude=-33&minLongitude=18&maxLongitude=19',
      'minLatitude must be between -90 and 90',
    ],
    [
      'minLatitude=-34&maxLatitude=-33&minLongitude=18&maxLongitude=180.5',
      'maxLongitude must be between -180 and 180',
    ],
    [
      'minLatitude=-33&maxLatitude=-34&minLongitude=18&maxLongitude=19',
      'minLatitude must not be greater than maxLatitude',
    ],
    [
      'minLatitude=-34&maxLatitude=-33&minLongitude=19&maxLongitude=18',
      'minLongitude must not be greater than maxLongitude',
    ],
    ['limit=101', 'limit must be at most 100 (500 with a map area)'],
  ])('?%s is 400 naming the problem', async (query, words) => {
    const reply = await server.api.get<{ message: string }>(`/api/coffee-shops?${query}`);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toContain(words);
  });
});

describe('search by what a shop sells', () => {
  test('finds a shop by an available item and says which, at most three', async () => {
    const found = await list('?search=latte');
    const kloof = found.find((shop) => shop.name === 'Kloof Street Roasters')!;
    // Vanilla Latte is sold out: it neither finds the shop nor is named.
    expect(kloof.matchedItems).toEqual(['Oat Latte', 'Iced Latte']);
    const many = found.find((shop) => shop.name === 'Many Milks')!;
    expect(many.matchedItems).toEqual(['Almond Latte', 'Soy Latte', 'Oat Latte']);
    // Case does not matter, and a word inside a name is found.
    expect((await list('?search=OAT%20LAT')).map((shop) => [shop.name, shop.matchedItems]).sort()).toEqual([
      ['Kloof Street Roasters', ['Oat Latte']],
      ['Many Milks', ['Oat Latte']],
    ]);
  });

  test('a name match comes first, then the shop’s other words, then shops found by their menu alone', async () => {
    const found = await list('?search=latte');
    expect(names(found)).toEqual([
      'Latte Lounge',
      'Bean Counter',
      // Menu-only matches in the usual order (all unrated and unpromoted: oldest first).
      'Gardens Inside',
      'Kloof Street Roasters',
      'Many Milks',
    ]);
    // Found by its own words: nothing to explain, though both sell a latte.
    expect(found[0]).not.toHaveProperty('matchedItems');
    expect(found[1]).not.toHaveProperty('matchedItems');
  });

  test('a sold-out item finds nothing; back in stock, it finds its shop again', async () => {
    // Answers for a location are never kept, so each of these is asked of the database.
    const near = `&latitude=${johannesburg.latitude}&longitude=${johannesburg.longitude}`;
    expect(names(await list(`?search=chai${near}`))).toEqual([]);
    const back = await server.api
      .as(owner)
      .put(`/api/menu-items/${items.soldOutChai!.id}`, { isAvailable: true });
    expect(back.status).toBe(200);
    expect((await list(`?search=chai${near}`)).map((shop) => [shop.name, shop.matchedItems])).toEqual([
      ['Sold Out Corner', ['Chai Latte']],
    ]);
    await server.api.as(owner).put(`/api/menu-items/${items.soldOutChai!.id}`, { isAvailable: false });
    expect(names(await list(`?search=chai${near}`))).toEqual([]);
  });

  test('a menu category finds the shops with available items in it, named as matched', async () => {
    const found = await list('?search=pastries');
    expect(found.map((shop) => [shop.name, shop.matchedItems])).toEqual([
      ['Crumb Bakery', ['Croissant', 'Scone']],
    ]);
  });

  test('menu matches are found nearest first and with filters too', async () => {
    const near = `latitude=${johannesburg.latitude}&longitude=${johannesburg.longitude}&sortByDistance=true`;
    const nearest = await list(`?search=latte&${near}`);
    expect(names(nearest).sort()).toEqual(
      ['Bean Counter', 'Gardens Inside', 'Kloof Street Roasters', 'Latte Lounge', 'Many Milks'].sort(),
    );
    expect(nearest.find((shop) => shop.name === 'Many Milks')!.matchedItems).toHaveLength(3);
    expect(
      (await list('?search=latte&category=artisan')).map((shop) => [shop.name, shop.matchedItems]),
    ).toEqual([['Kloof Street Roasters', ['Oat Latte', 'Iced Latte']]]);
  });

  test('paging walks the name, word and menu matches in one order', async () => {
    const whole = await list('?search=latte');
    for (const size of [1, 2, 3]) {
      const pages: Shop[] = [];
      for (let offset = 0; offset < whole.length + size; offset += size)
        pages.push(...(await list(`?search=latte&limit=${size}&offset=${offset}`)));
      expect(ids(pages)).toEqual(ids(whole));
    }
    expect(await list('?search=latte&offset=5')).toEqual([]);
  });

  test('a misspelt drink is corrected against the words of menu items', async () => {
    expect((await list('?search=capucino')).map((shop) => [shop.name, shop.matchedItems])).toEqual([
      ['Plain Filter Bar', ['Cappuccino']],
    ]);
  });
});

describe('what a shop sells follows its menu', () => {
  // Answers for a location are never kept, so each of these is asked of the database.
  const near = `latitude=${johannesburg.latitude}&longitude=${johannesburg.longitude}`;
  const menuText = async (shopId: number) =>
    (
      (await server.database.db.execute(
        sql`select menu_text from coffee_shops where id = ${shopId}`,
      )) as unknown as { rows: { menu_text: string }[] }
    ).rows[0]!.menu_text;

  test('a renamed item is found by its new name and no longer by its old one', async () => {
    const renamed = await server.api
      .as(owner)
      .put(`/api/menu-items/${items.plainFilter!.id}`, { name: 'Pour Over' });
    expect(renamed.status).toBe(200);
    expect((await list(`?search=pour%20over&${near}`)).map((shop) => [shop.name, shop.matchedItems])).toEqual(
      [['Plain Filter Bar', ['Pour Over']]],
    );
    expect(names(await list(`?search=filter%20coffee&${near}`))).toEqual([]);
    expect(await menuText(shops.plain!.id)).toBe('pour over | cappuccino | coffee');
  });

  test('a deleted item no longer finds its shop; a shop with nothing on sale sells nothing', async () => {
    for (const item of [items.plainFilter!, items.cappuccino!])
      expect((await server.api.as(owner).delete(`/api/menu-items/${item.id}`)).status).toBe(204);
    expect(names(await list(`?search=cappuccino&${near}`))).toEqual([]);
    expect(await menuText(shops.plain!.id)).toBe('');
  });
});

describe('what did not change', () => {
  test('only shops found by their menu alone carry matchedItems', async () => {
    for (const query of ['', '?category=artisan', `?${gardens.query}`, '?latitude=-26.19&longitude=28.03'])
      for (const shop of await list(query)) expect(shop).not.toHaveProperty('matchedItems');
    const coffee = await list('?search=coffee');
    // Every shop's description says coffee but Bean Counter's, found by its Caffe Latte's category.
    expect(
      coffee.filter((shop) => 'matchedItems' in shop).map((shop) => [shop.name, shop.matchedItems]),
    ).toEqual([['Bean Counter', ['Caffe Latte']]]);
    // A shop found by its own words answers exactly as the shop itself does (lists leave out nextPickupAt).
    const [lounge] = await list('?search=latte%20lounge');
    const alone = await server.api.get<Shop>(`/api/coffee-shops/${shops.lounge!.id}`);
    expect({ ...alone.body, nextPickupAt: null }).toEqual(lounge);
  });

  test('a search that only shop words answer lists what it did before menus were searched', async () => {
    // 'edge' is in four shop names and in no menu: the name matches, in the usual order.
    expect(names(await list('?search=edge'))).toEqual(['South Edge', 'North Edge', 'West Edge', 'East Edge']);
    expect(await list('?search=zzqxv')).toEqual([]);
  });
});
