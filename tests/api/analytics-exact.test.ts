// The rollup-based analytics (migration 0007) equal the straightforward scan of every order (the oracle in
// tests/support) to the last figure: hundreds of orders at arbitrary instants over 200 days, times to ready with
// fractional seconds, every status, and windows that end now, in the past with orders after them, on an hour, and
// a millisecond either side of one.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { getShopAnalytics } from '../../src/server/features/analytics/service.js';
import type { AuthResponse } from '../../src/shared/api/auth.js';
import type { Shop } from '../../src/shared/api/shops.js';
import { daysAgo, insertCustomers, insertPromotion } from '../support/analytics-factories.js';
import { oracleAnalytics } from '../support/analytics-oracle.js';
import { makeShop, makeUser } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let server: TestApp;
let owner: AuthResponse;
let shop: Shop;
/** A second shop of the same owner whose orders all lie before now: its figures come from the rollups alone. */
let settledShop: Shop;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Windows ending at fixed UTC times of day, 10 days ago: a window's partial first and last UTC days are read from
 * their shorter sides (the hours to the day's edge, or the whole day less the others), which differ early in the
 * day, late, at midday and on midnight. Orders are placed around every bound of these windows (beforeAll), so
 * each side is exercised.
 */
const fixedTimesOfDay: [string, number][] = [
  ['03:41:07.250 UTC', 3 * HOUR_MS + 41 * 60_000 + 7_250],
  ['20:18:44.500 UTC', 20 * HOUR_MS + 18 * 60_000 + 44_500],
  ['11:30 UTC', 11.5 * HOUR_MS],
  ['midnight UTC', 0],
].map(([label, sinceMidnight]) => [
  `${label}, 10 days ago`,
  Math.floor(Date.now() / DAY_MS) * DAY_MS - 10 * DAY_MS + Number(sinceMidnight),
]);

/** Instants a few minutes to an hour and a half either side of every bound of the fixed windows, and on them. */
function aroundTheBounds(): Date[] {
  const minutes = [-95, -61, -47, -13, -1, 0, 1, 13, 29, 47, 61, 95];
  const instants = new Set<number>();
  for (const [, end] of fixedTimesOfDay)
    for (const days of [7, 30, 90])
      for (const bound of [
        end,
        end - days * DAY_MS,
        end - 2 * days * DAY_MS,
        end - 7 * DAY_MS,
        end - 14 * DAY_MS,
      ])
        for (const offset of minutes) instants.add(bound + offset * 60_000);
  return [...instants].map((ms) => new Date(ms));
}

/** SQL: a number in [0, 1) drawn from the order number g and a salt, the same every run (as bench/analytics.ts). */
const draw = (salt: number) =>
  sql.raw(`((hashint4(hashint4(g) # ${salt})::float8 + 2147483648) / 4294967296)`);

/**
 * `count` orders of the shop between 200 days ago and `aheadDays` ahead (3 by default), or one at each of `at`, in
 * one statement, and their lines in another: customers drawn from a few (so many repeat), one or two lines, every
 * status, ready 3–23 minutes (with fractions of a second) after placement for those that got there.
 */
async function insertOrders(
  shopId: number,
  customerIds: number[],
  count: number,
  aheadDays = 3,
  at?: Date[],
) {
  const db = server.database.db;
  const names = sql.raw(`array['Flat White', 'Latte', 'Mocha', 'Scone', 'Rusks']`);
  const prices = sql.raw('array[3500, 4000, 4200, 2500, 1800]');
  const customers = sql.raw(`array[${customerIds.join(',')}]`);
  // With nothing ahead, a minute's margin: the test's own `now` comes after every order.
  const settled = aheadDays === 0 ? sql`interval '1 minute'` : sql`interval '0'`;
  await db.execute(sql`
    insert into orders (shop_id, customer_id, items, total_cents, status, ready_at, created_at, updated_at)
    select ${shopId}, customer, items, total, status,
      case when status in ('ready', 'completed') then created + (3 + ${draw(4)} * 20) * interval '1 minute' end,
      created, created
    from (
      select g, created, (${customers})[1 + floor(${draw(2)} * ${customerIds.length})::int] as customer,
        jsonb_build_array(jsonb_build_object('name', (${names})[first], 'quantity', quantity, 'priceCents', (${prices})[first]))
          || case when ${draw(5)} < 0.4 then jsonb_build_array(jsonb_build_object('name', (${names})[second],
            'quantity', 1, 'priceCents', (${prices})[second])) else '[]'::jsonb end as items,
        (${prices})[first] * quantity + case when ${draw(5)} < 0.4 then (${prices})[second] else 0 end as total,
        (array['pending', 'confirmed', 'preparing', 'ready', 'completed', 'completed', 'completed', 'cancelled'])
          [1 + floor(${draw(6)} * 8)::int]::order_status as status
      from (
        select g, created,
          1 + floor(${draw(7)} * 5)::int as first, 1 + floor(${draw(8)} * 5)::int as second,
          1 + floor(${draw(9)} * 3)::int as quantity
        from ${
          at
            ? sql`(select position::int as g, created
              from unnest(${`{${at.map((instant) => instant.toISOString()).join(',')}}`}::timestamptz[])
                with ordinality as given(created, position)) as given_times`
            : sql`(select g, now() + ${aheadDays} * interval '1 day' - ${settled}
                - ${draw(1)} * ${200 + aheadDays} * interval '1 day' as created
              from generate_series(1, ${count}) as g) as random_times`
        }
      ) drawn
    ) made
    returning id`);
  await db.execute(sql`
    insert into order_lines (order_id, shop_id, name, quantity, price_cents, created_at, is_cancelled)
    select o.id, o.shop_id, line->>'name', (line->>'quantity')::int, (line->>'priceCents')::int, o.created_at,
      o.status = 'cancelled'
    from orders o, jsonb_array_elements(o.items) as line
    where o.shop_id = ${shopId} and not exists (select from order_lines l where l.order_id = o.id)`);
}

beforeAll(async () => {
  server = await startTestApp();
  owner = await makeUser(server.api, 'shop_owner');
  shop = await makeShop(server.api, owner);
  const people = await insertCustomers(
    server.database.db,
    Array.from({ length: 12 }, (_, index) => `Exact ${index} ${Math.random().toString(36).slice(2, 7)}`),
  );
  await insertOrders(
    shop.id,
    people.map((person) => person.id),
    600,
  );
  await insertOrders(
    shop.id,
    people.map((person) => person.id),
    0,
    0,
    aroundTheBounds(),
  );
  await insertPromotion(server.database.db, shop.id, daysAgo(20), daysAgo(-10));
  settledShop = await makeShop(server.api, owner);
  await insertOrders(
    settledShop.id,
    people.map((person) => person.id),
    600,
    0,
  );
});
afterAll(() => server?.close());

describe('every figure equals a scan of every order', () => {
  const now = Date.now();
  const onTheHour = Math.floor(now / HOUR_MS) * HOUR_MS - 20 * 24 * HOUR_MS;
  const instants: [string, number][] = [
    ['now', now],
    ['3.2 days ago at an odd second, with orders after it', now - 3.2 * 24 * HOUR_MS - 17_503],
    ['on the hour, 20 days ago', onTheHour],
    ['a millisecond before that hour', onTheHour - 1],
    ['a millisecond after it', onTheHour + 1],
    // A window's partial first and last UTC days are read from their shorter sides (the hours to the day's edge,
    // or the whole day less the others): early in the day, late, midday, and on midnight itself.
    ...fixedTimesOfDay,
  ];
  for (const [label, at] of instants)
    for (const days of [7, 30, 90])
      test(`${days} days up to ${label}`, async () => {
        const db = server.database.db;
        const when = new Date(at);
        const answer = await getShopAnalytics(db, owner.user.id, shop.id, days, when);
        expect(answer.totalOrders).toBeGreaterThan(0);
        expect(answer).toEqual(await oracleAnalytics(db, shop.id, days, when));
      });
  // With no order after `now`, unique and repeat customers and the window's last hour come from the rollups rather
  // than from the orders: the path every real request takes.
  for (const days of [7, 30, 90])
    test(`${days} days up to now, no order after it`, async () => {
      const db = server.database.db;
      const when = new Date();
      const answer = await getShopAnalytics(db, owner.user.id, settledShop.id, days, when);
      expect(answer.totalOrders).toBeGreaterThan(0);
      expect(answer.uniqueCustomers).toBeGreaterThan(0);
      expect(answer).toEqual(await oracleAnalytics(db, settledShop.id, days, when));
    });
});
