// Featured shops take turns on the landing page (issue 31): Featured Only is a rotation that moves three places
// a Johannesburg day, so every shop that paid for "featured placement on the home page" gets it, however many
// are featured. Days are simulated by asking the list service for other dates.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { coffeeShops } from '../../src/server/db/schema.js';
import { dayNumber } from '../../src/server/features/shops/featured-turns.js';
import { listShops } from '../../src/server/features/shops/service.js';
import { type Shop, shopQuery } from '../../src/shared/api/shops.js';
import { FEATURED_ON_LANDING } from '../../src/shared/domain/featured.js';
import { makeShop, makeUser } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let server: TestApp;
const featuredIds: number[] = [];
let plainId: number;

/** Noon in Johannesburg on the given day after 2026-12-01. */
const day = (index: number) => new Date(Date.UTC(2026, 11, 1 + index, 10, 0));
const landing = async (at: Date) =>
  (await listShops(server.database.db, shopQuery.parse({ promoted: 'true' }), at))
    .slice(0, FEATURED_ON_LANDING)
    .map((shop) => shop.id);

beforeAll(async () => {
  server = await startTestApp();
  const owner = await makeUser(server.api, 'shop_owner');
  for (let index = 0; index < 8; index += 1) featuredIds.push((await makeShop(server.api, owner)).id);
  plainId = (await makeShop(server.api, owner)).id;
  await server.database.db
    .update(coffeeShops)
    .set({ isPromoted: true, promotionExpiresAt: new Date('2027-06-01T00:00:00Z') })
    .where(inArray(coffeeShops.id, featuredIds));
  // The best-rated shop is featured too: by rating alone it would hold the first place every day.
  await server.database.db
    .update(coffeeShops)
    .set({ rating: '4.9', reviewCount: 120 })
    .where(eq(coffeeShops.id, featuredIds[0]!));
  server.app.deps.shopsChanged();
});
afterAll(async () => server?.close());

test('a day is a Johannesburg day: 23:30 and 00:30 local are different days, noon and 23:30 the same', () => {
  expect(dayNumber(new Date('2026-12-01T21:30:00Z'))).toBe(dayNumber(new Date('2026-12-01T10:00:00Z')));
  expect(dayNumber(new Date('2026-12-01T22:30:00Z'))).toBe(dayNumber(new Date('2026-12-01T10:00:00Z')) + 1);
});

test('over three simulated days the landing page shows all 8 featured shops, three new ones a day', async () => {
  const days = [await landing(day(0)), await landing(day(1)), await landing(day(2))];
  for (const shown of days) expect(shown).toHaveLength(3);
  expect(new Set(days.flat())).toEqual(new Set(featuredIds));
  // Consecutive days do not repeat a shop while others wait (8 shops: the third day wraps round to one).
  expect(days[0]!.some((id) => days[1]!.includes(id))).toBe(false);
  expect(days[1]!.some((id) => days[2]!.includes(id))).toBe(false);
});

test('each shop is on the landing page equally often: 24 days give each of 8 shops 9 places', async () => {
  const counts = new Map<number, number>();
  for (let index = 0; index < 24; index += 1)
    for (const id of await landing(day(index))) counts.set(id, (counts.get(id) ?? 0) + 1);
  expect([...counts.values()]).toEqual(Array(8).fill(9));
});

test('within a day the order holds, the whole list is every featured shop once, and no other shop', async () => {
  const morning = await listShops(
    server.database.db,
    shopQuery.parse({ promoted: 'true' }),
    new Date('2026-12-05T05:00:00Z'),
  );
  const evening = await listShops(
    server.database.db,
    shopQuery.parse({ promoted: 'true' }),
    new Date('2026-12-05T20:00:00Z'),
  );
  const ids = (shops: Shop[]) => shops.map((shop) => shop.id);
  expect(ids(evening)).toEqual(ids(morning));
  expect([...ids(morning)].sort((a, b) => a - b)).toEqual([...featuredIds].sort((a, b) => a - b));
  expect(ids(morning)).not.toContain(plainId);
  // Pages of the rotation join up without gaps or repeats.
  const at = new Date('2026-12-05T05:00:00Z');
  const first = await listShops(server.database.db, shopQuery.parse({ promoted: 'true', limit: '5' }), at);
  const second = await listShops(
    server.database.db,
    shopQuery.parse({ promoted: 'true', limit: '5', offset: '5' }),
    at,
  );
  expect([...ids(first), ...ids(second)]).toEqual(ids(morning));
});

test('the API answers the same rotation today, and the default list still puts the best rated first', async () => {
  const today = await server.api.get<Shop[]>('/api/coffee-shops?promoted=true');
  expect(today.body.slice(0, 3).map((shop) => shop.id)).toEqual(await landing(new Date()));
  const all = await server.api.get<Shop[]>('/api/coffee-shops');
  expect(all.body[0]!.id).toBe(featuredIds[0]);
});
