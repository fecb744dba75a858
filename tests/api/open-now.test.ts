// Open now over real HTTP: openNow and nextChangeAt on the list, one shop and my shops; the openNow filter alone
// and with the other filters; special days; midnight; cached lists; and the SQL filter against the shared rule.
// The app's clock is held (only Date is faked; timers run) so every answer is deterministic whatever the hour.
import { TZDate } from '@date-fns/tz';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { businessHours, coffeeShops, specialHours } from '../../src/server/db/schema.js';
import { listShops } from '../../src/server/features/shops/service.js';
import type { AuthResponse } from '../../src/shared/api/auth.js';
import { type Shop, shopQuery } from '../../src/shared/api/shops.js';
import {
  localClock,
  openState,
  SHOP_TIME_ZONE,
  type SpecialHours,
  type WeeklyHours,
} from '../../src/shared/domain/opening-hours.js';
import { makeMenuItem, makeShop, makeUser } from '../support/factories.js';
import { closedDay, closedSpecialDay, openDay, setHours, specialDay } from '../support/hours.js';
import { type Caller, startTestApp, type TestApp } from '../support/test-app.js';

// Wednesday 25 November 2026, 10:00 in Johannesburg (UTC+2).
const WEDNESDAY_10AM = new Date('2026-11-25T08:00:00Z');
const WEDNESDAY = '2026-11-25';
const weekdays = (openTime: string, closeTime: string) =>
  [1, 2, 3, 4, 5].map((day) => openDay(day, openTime, closeTime));
const everyDay = (openTime: string, closeTime: string) =>
  [0, 1, 2, 3, 4, 5, 6].map((day) => openDay(day, openTime, closeTime));

let server: TestApp;
let owner: AuthResponse;
let otherOwner: AuthResponse;
const shops: Record<string, Shop> = {};

const list = async (caller: Caller, query = '') => {
  const reply = await caller.get<Shop[]>(`/api/coffee-shops${query}`);
  expect(reply.status).toBe(200);
  return reply.body;
};
const names = (found: Shop[]) => found.map((shop) => shop.name);
const stateOf = (found: Shop[], name: string) => {
  const shop = found.find((candidate) => candidate.name === name);
  return shop && { openNow: shop.openNow, nextChangeAt: shop.nextChangeAt };
};

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: WEDNESDAY_10AM });
  server = await startTestApp();
  owner = await makeUser(server.api, 'shop_owner');
  otherOwner = await makeUser(server.api, 'shop_owner');
  const place = {
    johannesburg: { latitude: '-26.1929', longitude: '28.0336' },
    capeTown: { latitude: '-33.9249', longitude: '18.4241' },
    polokwane: { latitude: '-23.9045', longitude: '29.4689' },
  };
  // Each with something on its menu: a shop with nothing to order is never open now (issue 32; tested below).
  const make = async (key: string, body: Parameters<typeof makeShop>[2], by = owner) => {
    shops[key] = await makeShop(server.api, by, { description: null, ...body });
    // Rooibos (tea): nothing a search for 'coffee' finds on the menu.
    await makeMenuItem(server.api, by, shops[key]!, { name: 'Rooibos', category: 'tea' });
  };
  await make('early', { name: 'Early Bird Espresso', category: 'specialty', ...place.johannesburg });
  await make('holiday', { name: 'Holiday Roasters', category: 'specialty' });
  await make('popUp', { name: 'Pop-up Brew', category: 'artisan', ...place.capeTown });
  await make('blank', { name: 'Blank Slate Cafe', category: 'quick_service' });
  await make('late', { name: 'Late Riser Coffee', category: 'artisan' });
  await make('shut', { name: 'Shuttered Beans', category: 'quick_service' });
  await make('morning', { name: 'Morning Kiosk', category: 'quick_service' });
  await make('nightOwl', { name: 'Night Owl Coffee', category: 'specialty' });
  await make('elsewhere', { name: 'Elsewhere Coffee', category: 'artisan', ...place.polokwane }, otherOwner);

  await setHours(server, shops.early!.id, weekdays('08:00', '17:00'));
  // Open on weekdays, but closed this Wednesday (a public holiday).
  await setHours(server, shops.holiday!.id, weekdays('08:00', '17:00'), [closedSpecialDay(WEDNESDAY)]);
  // Closed on Wednesdays, open this one for two hours.
  await setHours(
    server,
    shops.popUp!.id,
    [closedDay(3), openDay(6, '10:00', '14:00')],
    [specialDay(WEDNESDAY, '09:00', '11:00')],
  );
  await setHours(server, shops.late!.id, [openDay(3, '12:00', '18:00')]);
  await setHours(server, shops.shut!.id, [0, 1, 2, 3, 4, 5, 6].map(closedDay));
  // Open every day, but this Wednesday only from 06:00 to 09:00: already closed at 10:00.
  await setHours(server, shops.morning!.id, everyDay('08:00', '17:00'), [
    specialDay(WEDNESDAY, '06:00', '09:00'),
  ]);
  await setHours(server, shops.nightOwl!.id, [openDay(3, '20:00', '23:59'), openDay(4, '00:00', '02:00')]);
  await setHours(server, shops.elsewhere!.id, everyDay('00:00', '23:59'));
});

afterAll(async () => {
  await server?.close();
  vi.useRealTimers();
});

/** What every answer says of each shop at Wednesday 10:00. */
const atWednesday10am: Record<string, { openNow: boolean | null; nextChangeAt: string | null }> = {
  early: { openNow: true, nextChangeAt: '2026-11-25T15:00:00.000Z' },
  holiday: { openNow: false, nextChangeAt: '2026-11-26T06:00:00.000Z' },
  popUp: { openNow: true, nextChangeAt: '2026-11-25T09:00:00.000Z' },
  blank: { openNow: null, nextChangeAt: null },
  late: { openNow: false, nextChangeAt: '2026-11-25T10:00:00.000Z' },
  shut: { openNow: false, nextChangeAt: null },
  morning: { openNow: false, nextChangeAt: '2026-11-26T06:00:00.000Z' },
  nightOwl: { openNow: false, nextChangeAt: '2026-11-25T18:00:00.000Z' },
  elsewhere: { openNow: true, nextChangeAt: '2026-11-25T21:59:00.000Z' },
};

describe('every shop says whether it is open now (Wednesday 10:00 in Johannesburg)', () => {
  test('the discover list gives openNow and nextChangeAt from weekly hours and special days', async () => {
    const found = await list(server.api);
    for (const [key, expected] of Object.entries(atWednesday10am))
      expect(stateOf(found, shops[key]!.name), key).toEqual(expected);
  });

  test('one shop gives the same, for a visitor and for its owner', async () => {
    for (const [key, expected] of Object.entries(atWednesday10am)) {
      for (const caller of [server.api, server.api.as(owner)]) {
        const reply = await caller.get<Shop>(`/api/coffee-shops/${shops[key]!.id}`);
        expect(reply.status).toBe(200);
        expect({ openNow: reply.body.openNow, nextChangeAt: reply.body.nextChangeAt }, key).toEqual(expected);
      }
    }
  });

  test('my shops give the same for each of the owner’s shops', async () => {
    const reply = await server.api.as(owner).get<Shop[]>('/api/my-shops');
    expect(reply.status).toBe(200);
    expect(reply.body).toHaveLength(8);
    for (const [key, expected] of Object.entries(atWednesday10am)) {
      if (key === 'elsewhere') continue;
      expect(stateOf(reply.body, shops[key]!.name), key).toEqual(expected);
    }
  });
});

describe('the openNow filter', () => {
  test('lists only the shops open now, in the usual order', async () => {
    const open = await list(server.api, '?openNow=true');
    expect(new Set(names(open))).toEqual(new Set(['Early Bird Espresso', 'Pop-up Brew', 'Elsewhere Coffee']));
    expect(open.every((shop) => shop.openNow === true)).toBe(true);
    const all = await list(server.api);
    expect(names(open)).toEqual(names(all.filter((shop) => shop.openNow)));
  });

  test('openNow=false is no filter at all, not a list of closed shops', async () => {
    expect(names(await list(server.api, '?openNow=false'))).toEqual(names(await list(server.api)));
  });

  test('composes with a category and with a search', async () => {
    expect(names(await list(server.api, '?openNow=true&category=artisan'))).toEqual([
      'Pop-up Brew',
      'Elsewhere Coffee',
    ]);
    expect(names(await list(server.api, '?openNow=true&category=specialty'))).toEqual([
      'Early Bird Espresso',
    ]);
    expect(new Set(names(await list(server.api, '?search=coffee')))).toEqual(
      new Set(['Late Riser Coffee', 'Night Owl Coffee', 'Elsewhere Coffee']),
    );
    expect(names(await list(server.api, '?search=coffee&openNow=true'))).toEqual(['Elsewhere Coffee']);
    expect(names(await list(server.api, '?search=espresso&openNow=true&category=specialty'))).toEqual([
      'Early Bird Espresso',
    ]);
    expect(await list(server.api, '?search=espresso&openNow=true&category=artisan')).toEqual([]);
  });

  test('composes with nearest first and with distances from a place', async () => {
    const fromCapeTown = '?latitude=-33.92&longitude=18.42';
    const nearest = await list(server.api, `${fromCapeTown}&sortByDistance=true&openNow=true`);
    expect(names(nearest)).toEqual(['Pop-up Brew', 'Early Bird Espresso', 'Elsewhere Coffee']);
    expect(nearest.every((shop) => typeof shop.distanceKm === 'number')).toBe(true);
    const near = await list(server.api, `${fromCapeTown}&openNow=true&category=artisan`);
    expect(names(near)).toEqual(['Pop-up Brew', 'Elsewhere Coffee']);
  });

  test('composes with Featured Only', async () => {
    // Promotions are paid for elsewhere; here two shops, one open and one closed, are promoted by hand.
    const db = server.database.db;
    for (const key of ['popUp', 'late'])
      await db
        .update(coffeeShops)
        .set({ isPromoted: true, promotionExpiresAt: new Date('2030-01-01T00:00:00Z') })
        .where(eq(coffeeShops.id, shops[key]!.id));
    server.app.deps.shopsChanged();
    try {
      expect(new Set(names(await list(server.api, '?promoted=true')))).toEqual(
        new Set(['Pop-up Brew', 'Late Riser Coffee']),
      );
      expect(names(await list(server.api, '?promoted=true&openNow=true'))).toEqual(['Pop-up Brew']);
    } finally {
      await db.update(coffeeShops).set({ isPromoted: false, promotionExpiresAt: null });
      server.app.deps.shopsChanged();
    }
  });

  test('pages through the open shops, each once', async () => {
    const whole = names(await list(server.api, '?openNow=true'));
    const pages = [
      ...names(await list(server.api, '?openNow=true&limit=2')),
      ...names(await list(server.api, '?openNow=true&limit=2&offset=2')),
    ];
    expect(pages).toEqual(whole);
  });
});

describe('a shop with nothing to order', () => {
  /** The shop's open state as the discover list, its own page and its owner's shops each answer it. */
  const everyStateOf = async (shop: Shop) => {
    const one = (await server.api.get<Shop>(`/api/coffee-shops/${shop.id}`)).body;
    const mine = (await server.api.as(owner).get<Shop[]>('/api/my-shops')).body;
    const states = [
      stateOf(await list(server.api, '?limit=100'), shop.name),
      { openNow: one.openNow, nextChangeAt: one.nextChangeAt },
      stateOf(mine, shop.name),
    ];
    // A search's answer (a path of its own) says the same as the plain list.
    expect(stateOf(await list(server.api, `?search=${encodeURIComponent(shop.name)}`), shop.name)).toEqual(
      states[0],
    );
    return states;
  };

  test('is not open now by its hours alone: its first available item brings it into Open Now, selling out takes it out', async () => {
    const shop = await makeShop(server.api, owner, { name: 'Empty Shelf Cafe', description: null });
    const setupOf = async () =>
      (await server.api.as(owner).get<Shop[]>('/api/my-shops')).body.find((found) => found.id === shop.id)
        ?.setup;
    // No hours and nothing to order: nothing to say (openNow null, as for a shop that set no hours).
    const unknown = { openNow: null, nextChangeAt: null };
    expect(await everyStateOf(shop)).toEqual([unknown, unknown, unknown]);
    // Before anything: only the pin (the factory's coordinates); other shops' hours are not this one's.
    expect(await setupOf()).toEqual({
      photo: false,
      menu: false,
      hours: false,
      location: true,
      payouts: null,
    });
    await setHours(server, shop.id, everyDay('00:00', '23:59'));
    const inOpenNow = async () =>
      (await list(server.api, '?openNow=true&limit=100')).some((found) => found.id === shop.id);
    expect(await inOpenNow()).toBe(false);
    // Its card, its page and the owner's list agree with the filter: no green 'Open now' by its hours alone, and
    // no hour at which it opens (its first item opens it).
    const closed = { openNow: false, nextChangeAt: null };
    expect(await everyStateOf(shop)).toEqual([closed, closed, closed]);
    const item = await makeMenuItem(server.api, owner, shop);
    server.app.deps.shopsChanged();
    expect(await inOpenNow()).toBe(true);
    // Open until 23:59 Johannesburg, 21:59 UTC.
    const open = { openNow: true, nextChangeAt: '2026-11-25T21:59:00.000Z' };
    expect(await everyStateOf(shop)).toEqual([open, open, open]);
    await server.api.as(owner).put(`/api/menu-items/${item.id}`, { isAvailable: false });
    expect(await inOpenNow()).toBe(false);
    expect(await everyStateOf(shop)).toEqual([closed, closed, closed]);
    // The owner's checklist says what is missing.
    expect(await setupOf()).toEqual({
      photo: false,
      menu: false,
      hours: true,
      location: true,
      payouts: null,
    });
  });
});

describe('hours saved through the hours routes', () => {
  test('show at once in a list asked before, and a special day saved later overrides them', async () => {
    const shop = await makeShop(server.api, owner, { name: 'Fresh Hours Cafe', description: null });
    await makeMenuItem(server.api, owner, shop);
    expect(stateOf(await list(server.api), 'Fresh Hours Cafe')).toEqual({
      openNow: null,
      nextChangeAt: null,
    });
    const saved = await server.api.as(owner).post('/api/business-hours', {
      shopId: shop.id,
      dayOfWeek: 3,
      openTime: '09:00',
      closeTime: '12:00',
      isClosed: false,
    });
    expect(saved.status).toBe(201);
    expect(stateOf(await list(server.api), 'Fresh Hours Cafe')).toEqual({
      openNow: true,
      nextChangeAt: '2026-11-25T10:00:00.000Z',
    });
    expect(names(await list(server.api, '?openNow=true'))).toContain('Fresh Hours Cafe');

    const holiday = await server.api.as(owner).post('/api/special-hours', {
      shopId: shop.id,
      date: WEDNESDAY,
      isClosed: true,
      openTime: null,
      closeTime: null,
      note: 'Staff day',
    });
    expect(holiday.status).toBe(201);
    expect(stateOf(await list(server.api), 'Fresh Hours Cafe')).toEqual({
      openNow: false,
      nextChangeAt: '2026-12-02T07:00:00.000Z',
    });
    expect(names(await list(server.api, '?openNow=true'))).not.toContain('Fresh Hours Cafe');
  });
});

describe('as the clock moves on', () => {
  test('a kept Open Now list loses a shop the minute it closes, and the list says it closed', async () => {
    vi.setSystemTime(new Date('2026-11-25T14:59:30Z')); // 16:59:30
    expect(names(await list(server.api, '?openNow=true'))).toContain('Early Bird Espresso');
    expect(stateOf(await list(server.api), 'Early Bird Espresso')).toEqual({
      openNow: true,
      nextChangeAt: '2026-11-25T15:00:00.000Z',
    });
    vi.setSystemTime(new Date('2026-11-25T15:00:00Z')); // 17:00, nothing written since
    expect(names(await list(server.api, '?openNow=true'))).not.toContain('Early Bird Espresso');
    expect(stateOf(await list(server.api), 'Early Bird Espresso')).toEqual({
      openNow: false,
      nextChangeAt: '2026-11-26T06:00:00.000Z',
    });
  });

  test('across local midnight the new local day’s hours count: 22:30 UTC on Wednesday is Thursday 00:30', async () => {
    vi.setSystemTime(new Date('2026-11-25T21:58:30Z')); // Wednesday 23:58:30
    expect(stateOf(await list(server.api), 'Night Owl Coffee')).toEqual({
      openNow: true,
      nextChangeAt: '2026-11-25T21:59:00.000Z',
    });
    vi.setSystemTime(new Date('2026-11-25T22:30:00Z')); // Thursday 00:30
    const open = await list(server.api, '?openNow=true');
    expect(new Set(names(open))).toEqual(new Set(['Night Owl Coffee', 'Elsewhere Coffee']));
    expect(stateOf(open, 'Night Owl Coffee')).toEqual({
      openNow: true,
      nextChangeAt: '2026-11-26T00:00:00.000Z',
    });
    expect(stateOf(await list(server.api), 'Early Bird Espresso')).toEqual({
      openNow: false,
      nextChangeAt: '2026-11-26T06:00:00.000Z',
    });
  });
});

describe('the SQL filter and the shared rule', () => {
  /** A small seeded generator (mulberry32): the same shops and instants every run. */
  function seeded(seed: number) {
    let state = seed >>> 0;
    const next = () => {
      state = (state + 0x6d2b79f5) >>> 0;
      let value = Math.imul(state ^ (state >>> 15), 1 | state);
      value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
      return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
    };
    return { next, below: (limit: number) => Math.floor(next() * limit) };
  }

  test('agree on which shops are open, for 80 more shops at 110 instants over a week and at its edges', async () => {
    const random = seeded(9);
    const time = (minutes: number) =>
      `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    const hoursOf = () => {
      const open = random.below(23 * 60);
      const close = Math.min(23 * 60 + 59, open + 1 + random.below(12 * 60));
      return random.next() < 0.2
        ? { openTime: null, closeTime: null, isClosed: true }
        : { openTime: time(open), closeTime: time(close), isClosed: false };
    };
    const dates = ['2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30'];
    const db = server.database.db;
    const [ownerRow] = await db
      .select({ ownerId: coffeeShops.ownerId })
      .from(coffeeShops)
      .where(eq(coffeeShops.id, shops.early!.id));
    const created = await db
      .insert(coffeeShops)
      .values(
        Array.from({ length: 80 }, (_, index) => ({
          ownerId: ownerRow!.ownerId,
          name: `Random Hours ${index}`,
          category: 'specialty' as const,
          address: `${index} Random Rd`,
          // As the menu_items trigger keeps it for a shop with a Flat White: something to order.
          menuText: 'flat white | coffee',
        })),
      )
      .returning({ id: coffeeShops.id });
    for (const { id } of created) {
      const days = [0, 1, 2, 3, 4, 5, 6].filter(() => random.next() < 0.85);
      const weekly = days.map((dayOfWeek) => ({ dayOfWeek, ...hoursOf() }));
      const special = dates.filter(() => random.next() < 0.25).map((date) => ({ date, ...hoursOf() }));
      await setHours(server, id, weekly, special);
    }

    // Every shop's hours as stored, for the shared rule.
    const weeklyRows = await db.select().from(businessHours);
    const specialRows = await db.select().from(specialHours);
    // Shops with something to order: the filter leaves the others out whatever their hours (tested above).
    const allShops = await db
      .select({ id: coffeeShops.id })
      .from(coffeeShops)
      .where(sql`${coffeeShops.menuText} <> ''`);
    const hours = new Map<number, { weekly: WeeklyHours[]; special: SpecialHours[] }>(
      allShops.map(({ id }) => [id, { weekly: [], special: [] }]),
    );
    for (const row of weeklyRows) hours.get(row.shopId)?.weekly.push(row);
    for (const row of specialRows) hours.get(row.shopId)?.special.push(row);

    // Instants: anywhere in the week at any second, and exactly at (and a millisecond before) opening and
    // closing minutes that the rows use.
    const instants: Date[] = [];
    const weekStart = Date.parse('2026-11-25T00:00:00Z');
    for (let index = 0; index < 60; index += 1)
      instants.push(new Date(weekStart + random.below(6 * 24 * 3600) * 1000));
    const boundaryRows = [...weeklyRows, ...specialRows].filter((row) => row.openTime);
    for (let index = 0; index < 25; index += 1) {
      const row = boundaryRows[random.below(boundaryRows.length)]!;
      const date = dates[random.below(dates.length)]!;
      const [hour, minute] = (random.next() < 0.5 ? row.openTime! : row.closeTime!).split(':').map(Number);
      const [year, month, day] = date.split('-').map(Number);
      const at = new TZDate(year!, month! - 1, day!, hour!, minute!, SHOP_TIME_ZONE).getTime();
      instants.push(new Date(at), new Date(at - 1));
    }

    const query = shopQuery.parse({ openNow: 'true', limit: '100' });
    let openSeen = 0;
    for (const at of instants) {
      const fromSql = (await listShops(db, query, at)).map((shop) => shop.id).sort((a, b) => a - b);
      const fromRule = [...hours]
        .filter(([, shopHours]) => openState(shopHours.weekly, shopHours.special, at).openNow === true)
        .map(([id]) => id)
        .sort((a, b) => a - b);
      expect(fromSql, `${at.toISOString()} (${JSON.stringify(localClock(at))})`).toEqual(fromRule);
      openSeen += fromSql.length;
    }
    // The comparison had something to compare: on average a fair share of the shops was open.
    expect(openSeen / instants.length).toBeGreaterThan(10);
    const [counted] = (
      (await db.execute(sql`select count(*)::int as n from business_hours`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    expect(counted!.n).toBeGreaterThan(400);
  });
});
