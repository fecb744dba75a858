// Business hours and special days over real HTTP (spec §3 Business hours, §7 Menu and hours; issue 9): the
// public week, upserts that leave one row per day however many saves race, each validation rule, special days
// from today on, and every refusal changing nothing.
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { businessHours, specialHours } from '../../src/server/db/schema.js';
import type { AuthResponse } from '../../src/shared/api/auth.js';
import type { BusinessHours, SpecialDay } from '../../src/shared/api/hours.js';
import type { Shop } from '../../src/shared/api/shops.js';
import { addDaysToDate, localDateOf } from '../../src/shared/domain/local-date.js';
import { makeShop, makeUser, setHours, setSpecialDay } from '../support/factories.js';
import { type Caller, startTestApp, type TestApp } from '../support/test-app.js';

let server: TestApp;
let owner: AuthResponse;
let otherOwner: AuthResponse;
let customer: AuthResponse;
let shop: Shop;

const storedHours = (shopId?: number) =>
  server.database.db
    .select()
    .from(businessHours)
    .where(shopId === undefined ? undefined : eq(businessHours.shopId, shopId))
    .orderBy(asc(businessHours.id));
const storedSpecialDays = (shopId?: number) =>
  server.database.db
    .select()
    .from(specialHours)
    .where(shopId === undefined ? undefined : eq(specialHours.shopId, shopId))
    .orderBy(asc(specialHours.id));
/** Both tables whole: what "nothing changed" is compared against. */
const snapshot = async () => ({ hours: await storedHours(), special: await storedSpecialDays() });
const weekday = (dayOfWeek: number, openTime = '09:00', closeTime = '17:00') => ({
  dayOfWeek,
  openTime,
  closeTime,
  isClosed: false,
});
/** Today in Johannesburg, and a day so many days from it. */
const today = () => localDateOf();
const inDays = (days: number) => addDaysToDate(today(), days);

beforeAll(async () => {
  server = await startTestApp();
  owner = await makeUser(server.api, 'shop_owner');
  otherOwner = await makeUser(server.api, 'shop_owner');
  customer = await makeUser(server.api, 'customer');
  shop = await makeShop(server.api, owner, { name: 'Rosetta Roastery' });
});
afterAll(() => server?.close());
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the public week', () => {
  test('anyone, visitors too, gets one row per day set, Sunday (0) first, times HH:MM and null when closed', async () => {
    const cafe = await makeShop(server.api, owner);
    await setHours(server.api, owner, cafe, {
      6: { openTime: '08:00', closeTime: '14:00' },
      1: { openTime: '07:00', closeTime: '17:30' },
      0: null,
    });
    for (const caller of [server.api, server.api.as(customer), server.api.as(otherOwner)] as Caller[]) {
      const reply = await caller.get<BusinessHours[]>(`/api/business-hours/${cafe.id}`);
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual([
        {
          id: expect.any(Number),
          shopId: cafe.id,
          dayOfWeek: 0,
          openTime: null,
          closeTime: null,
          isClosed: true,
        },
        {
          id: expect.any(Number),
          shopId: cafe.id,
          dayOfWeek: 1,
          openTime: '07:00',
          closeTime: '17:30',
          isClosed: false,
        },
        {
          id: expect.any(Number),
          shopId: cafe.id,
          dayOfWeek: 6,
          openTime: '08:00',
          closeTime: '14:00',
          isClosed: false,
        },
      ]);
    }
  });

  test('a shop without hours has an empty week; an unknown shop answers 404', async () => {
    const empty = await makeShop(server.api, otherOwner);
    expect((await server.api.get(`/api/business-hours/${empty.id}`)).body).toEqual([]);
    const unknown = await server.api.get('/api/business-hours/999999');
    expect(unknown).toMatchObject({ status: 404, body: { message: 'Coffee shop not found' } });
  });
});

describe('saving a day', () => {
  test('the first save of a day creates its row (201), the next replaces it (200), keeping one row', async () => {
    const cafe = await makeShop(server.api, owner);
    const first = await server.api
      .as(owner)
      .post<BusinessHours>('/api/business-hours', { shopId: cafe.id, ...weekday(3) });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ id: expect.any(Number), shopId: cafe.id, ...weekday(3) });

    const again = await server.api
      .as(owner)
      .post<BusinessHours>('/api/business-hours', { shopId: cafe.id, ...weekday(3, '08:00', '18:00') });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ id: first.body.id, shopId: cafe.id, ...weekday(3, '08:00', '18:00') });
    expect(await storedHours(cafe.id)).toEqual([
      {
        id: first.body.id,
        shopId: cafe.id,
        dayOfWeek: 3,
        openTime: '08:00',
        closeTime: '18:00',
        isClosed: false,
      },
    ]);
  });

  test('a closed day stores null times, even when the form sent its times along', async () => {
    const cafe = await makeShop(server.api, owner);
    const reply = await server.api.as(owner).post<BusinessHours>('/api/business-hours', {
      shopId: cafe.id,
      dayOfWeek: 0,
      openTime: '09:00',
      closeTime: '17:00',
      isClosed: true,
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ openTime: null, closeTime: null, isClosed: true });
    expect(await storedHours(cafe.id)).toEqual([
      expect.objectContaining({ dayOfWeek: 0, openTime: null, closeTime: null, isClosed: true }),
    ]);
  });

  test('the whole day, 00:00 to 23:59, is accepted', async () => {
    const cafe = await makeShop(server.api, owner);
    const [saved] = await setHours(server.api, owner, cafe, { 5: { openTime: '00:00', closeTime: '23:59' } });
    expect(saved).toMatchObject({ openTime: '00:00', closeTime: '23:59' });
  });

  test('the dialog’s seven parallel saves leave seven rows, one per day', async () => {
    const cafe = await makeShop(server.api, owner);
    const replies = await Promise.all(
      [0, 1, 2, 3, 4, 5, 6].map((day) =>
        server.api.as(owner).post('/api/business-hours', { shopId: cafe.id, ...weekday(day) }),
      ),
    );
    expect(replies.map((reply) => reply.status)).toEqual([201, 201, 201, 201, 201, 201, 201]);
    const rows = await storedHours(cafe.id);
    expect(rows.map((row) => row.dayOfWeek).sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  test('saving the week twice at once, as two tabs would, still leaves seven rows with one of the two saves', async () => {
    const cafe = await makeShop(server.api, owner);
    const tab = (openTime: string) =>
      [0, 1, 2, 3, 4, 5, 6].map((day) =>
        server.api.as(owner).post('/api/business-hours', { shopId: cafe.id, ...weekday(day, openTime) }),
      );
    const replies = await Promise.all([...tab('08:00'), ...tab('10:00')]);
    const statuses = replies.map((reply) => reply.status);
    // Per day, one save created the row and the other replaced it.
    expect(statuses.filter((status) => status === 201)).toHaveLength(7);
    expect(statuses.filter((status) => status === 200)).toHaveLength(7);
    const rows = await storedHours(cafe.id);
    expect(rows.map((row) => row.dayOfWeek).sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    for (const row of rows) expect(['08:00', '10:00']).toContain(row.openTime);
  });

  test('each save tells discover that open-now may have changed', async () => {
    const changed = vi.spyOn(server.app.deps, 'shopsChanged');
    await setHours(server.api, owner, shop, { 2: { openTime: '09:00', closeTime: '17:00' } });
    expect(changed).toHaveBeenCalledTimes(1);
  });

  test.each<[string, Record<string, unknown>, string]>([
    ['a day of 7', { dayOfWeek: 7 }, 'dayOfWeek'],
    ['a day of -1', { dayOfWeek: -1 }, 'dayOfWeek'],
    ['a fractional day', { dayOfWeek: 1.5 }, 'dayOfWeek'],
    ['a day as text', { dayOfWeek: '1' }, 'dayOfWeek'],
    ['no day', { dayOfWeek: undefined }, 'dayOfWeek'],
    ['an opening time of 24:00', { openTime: '24:00' }, 'openTime'],
    ['an opening time without a leading zero', { openTime: '9:00' }, 'openTime'],
    ['a closing time of 17:60', { closeTime: '17:60' }, 'closeTime'],
    ['a time in words', { openTime: 'nine' }, 'openTime'],
    ['a time with seconds', { closeTime: '17:00:00' }, 'closeTime'],
    ['an open day without an opening time', { openTime: null }, 'openTime'],
    ['an open day without a closing time', { closeTime: '' }, 'closeTime'],
    ['opening and closing at the same time', { openTime: '12:00', closeTime: '12:00' }, 'openTime'],
    ['closing before opening', { openTime: '18:00', closeTime: '08:00' }, 'openTime'],
    ['isClosed as text', { isClosed: 'yes' }, 'isClosed'],
    ['no shopId', { shopId: undefined }, 'shopId'],
  ])('refuses %s with 400 naming the field, and stores nothing', async (_case, change, field) => {
    const cafe = await makeShop(server.api, owner);
    const reply = await server.api
      .as(owner)
      .post<{ message: string }>('/api/business-hours', { shopId: cafe.id, ...weekday(1), ...change });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(new RegExp(`^${field}\\b`));
    expect(await storedHours(cafe.id)).toEqual([]);
  });
});

describe('changing a row by its id', () => {
  test('PUT with the same body replaces the times (200)', async () => {
    const cafe = await makeShop(server.api, owner);
    const [row] = await setHours(server.api, owner, cafe, { 4: { openTime: '09:00', closeTime: '17:00' } });
    const reply = await server.api.as(owner).put<BusinessHours>(`/api/business-hours/${row!.id}`, {
      shopId: cafe.id,
      ...weekday(4, '07:30', '16:00'),
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ id: row!.id, shopId: cafe.id, ...weekday(4, '07:30', '16:00') });

    const closed = await server.api.as(owner).put<BusinessHours>(`/api/business-hours/${row!.id}`, {
      shopId: cafe.id,
      dayOfWeek: 4,
      openTime: '07:30',
      closeTime: '16:00',
      isClosed: true,
    });
    expect(closed.body).toMatchObject({ openTime: null, closeTime: null, isClosed: true });
    expect(await storedHours(cafe.id)).toEqual([
      { id: row!.id, shopId: cafe.id, dayOfWeek: 4, openTime: null, closeTime: null, isClosed: true },
    ]);
  });

  test('a body naming another day is refused (400): a row never moves to a day that may have its own row', async () => {
    const cafe = await makeShop(server.api, owner);
    await setHours(server.api, owner, cafe, {
      1: { openTime: '09:00', closeTime: '17:00' },
      2: { openTime: '10:00', closeTime: '15:00' },
    });
    const before = await storedHours(cafe.id);
    const monday = before.find((row) => row.dayOfWeek === 1)!;
    const reply = await server.api
      .as(owner)
      .put<{ message: string }>(`/api/business-hours/${monday.id}`, { shopId: cafe.id, ...weekday(2) });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/^dayOfWeek\b/);
    expect(await storedHours(cafe.id)).toEqual(before);
  });

  test('a body naming another of my shops is refused (400) and both shops keep their rows', async () => {
    const cafe = await makeShop(server.api, owner);
    const sister = await makeShop(server.api, owner);
    const [row] = await setHours(server.api, owner, cafe, { 1: { openTime: '09:00', closeTime: '17:00' } });
    const reply = await server.api.as(owner).put<{ message: string }>(`/api/business-hours/${row!.id}`, {
      shopId: sister.id,
      ...weekday(1, '06:00'),
    });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/^shopId\b/);
    expect(await storedHours(cafe.id)).toEqual([expect.objectContaining({ openTime: '09:00' })]);
    expect(await storedHours(sister.id)).toEqual([]);
  });

  test('the same validation applies, and an unknown id answers 404', async () => {
    const cafe = await makeShop(server.api, owner);
    const [row] = await setHours(server.api, owner, cafe, { 1: { openTime: '09:00', closeTime: '17:00' } });
    const bad = await server.api.as(owner).put<{ message: string }>(`/api/business-hours/${row!.id}`, {
      shopId: cafe.id,
      ...weekday(1, '17:00', '09:00'),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^openTime\b/);
    expect(await storedHours(cafe.id)).toEqual([
      expect.objectContaining({ openTime: '09:00', closeTime: '17:00' }),
    ]);
    const unknown = await server.api
      .as(owner)
      .put('/api/business-hours/999999', { shopId: cafe.id, ...weekday(1) });
    expect(unknown).toMatchObject({ status: 404, body: { message: 'Business hours not found' } });
  });
});

describe('special days', () => {
  test('an owner marks a coming day closed (201) with a note; the date is a Johannesburg date', async () => {
    const cafe = await makeShop(server.api, owner);
    const date = inDays(10);
    const reply = await server.api.as(owner).post<SpecialDay>('/api/special-hours', {
      shopId: cafe.id,
      date,
      isClosed: true,
      openTime: '09:00',
      closeTime: '17:00',
      note: 'Public holiday',
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      id: expect.any(Number),
      shopId: cafe.id,
      date,
      isClosed: true,
      openTime: null,
      closeTime: null,
      note: 'Public holiday',
    });
    expect(await storedSpecialDays(cafe.id)).toEqual([
      {
        id: reply.body.id,
        shopId: cafe.id,
        date,
        isClosed: true,
        openTime: null,
        closeTime: null,
        note: 'Public holiday',
      },
    ]);
  });

  test('saving the same date again replaces it (200): one special day per shop and date', async () => {
    const cafe = await makeShop(server.api, owner);
    const first = await setSpecialDay(server.api, owner, cafe, inDays(3));
    const reply = await server.api.as(owner).post<SpecialDay>('/api/special-hours', {
      shopId: cafe.id,
      date: inDays(3),
      isClosed: false,
      openTime: '10:00',
      closeTime: '13:00',
      note: '',
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      id: first.id,
      shopId: cafe.id,
      date: inDays(3),
      isClosed: false,
      openTime: '10:00',
      closeTime: '13:00',
      note: null,
    });
    expect(await storedSpecialDays(cafe.id)).toHaveLength(1);
  });

  test('the same date saved twice at once still leaves one special day', async () => {
    const cafe = await makeShop(server.api, owner);
    const replies = await Promise.all(
      [1, 2, 3].map(() =>
        server.api.as(owner).post('/api/special-hours', { shopId: cafe.id, date: inDays(5), isClosed: true }),
      ),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 200, 201]);
    expect(await storedSpecialDays(cafe.id)).toHaveLength(1);
  });

  test('today and 366 days ahead are the first and last dates accepted', async () => {
    const cafe = await makeShop(server.api, owner);
    await setSpecialDay(server.api, owner, cafe, today());
    await setSpecialDay(server.api, owner, cafe, inDays(366));
    expect((await storedSpecialDays(cafe.id)).map((row) => row.date)).toEqual([today(), inDays(366)]);
  });

  test.each<[string, () => Record<string, unknown>, string]>([
    ['yesterday', () => ({ date: inDays(-1) }), 'date'],
    ['367 days ahead', () => ({ date: inDays(367) }), 'date'],
    ['a date that does not exist', () => ({ date: '2027-02-30' }), 'date'],
    ['a date in another format', () => ({ date: '30/12/2026' }), 'date'],
    ['no date', () => ({ date: undefined }), 'date'],
    ['an open day without times', () => ({ isClosed: false }), 'openTime'],
    [
      'closing before opening',
      () => ({ isClosed: false, openTime: '15:00', closeTime: '09:00' }),
      'openTime',
    ],
    ['a time of 25:00', () => ({ isClosed: false, openTime: '09:00', closeTime: '25:00' }), 'closeTime'],
    ['a 101-character note', () => ({ note: 'n'.repeat(101) }), 'note'],
  ])('refuses %s with 400 naming the field, and stores nothing', async (_case, change, field) => {
    const cafe = await makeShop(server.api, owner);
    const reply = await server.api.as(owner).post<{ message: string }>('/api/special-hours', {
      shopId: cafe.id,
      date: inDays(1),
      isClosed: true,
      ...change(),
    });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(new RegExp(`^${field}\\b`));
    expect(await storedSpecialDays(cafe.id)).toEqual([]);
  });

  test('the list holds upcoming days only, today included, soonest first', async () => {
    const cafe = await makeShop(server.api, owner);
    // A day already past cannot be saved through the API any more: it is left over from before.
    await server.database.db
      .insert(specialHours)
      .values({ shopId: cafe.id, date: inDays(-1), isClosed: true, note: 'Gone' });
    await setSpecialDay(server.api, owner, cafe, inDays(30), { note: 'Later' });
    await setSpecialDay(server.api, owner, cafe, today(), { note: 'Today' });
    await setSpecialDay(server.api, owner, cafe, inDays(2), {
      isClosed: false,
      openTime: '08:00',
      closeTime: '12:00',
      note: 'Short day',
    });
    const reply = await server.api.get<SpecialDay[]>(`/api/special-hours/${cafe.id}`);
    expect(reply.status).toBe(200);
    expect(reply.body.map((day) => [day.date, day.note])).toEqual([
      [today(), 'Today'],
      [inDays(2), 'Short day'],
      [inDays(30), 'Later'],
    ]);
    expect(reply.body[1]).toMatchObject({ isClosed: false, openTime: '08:00', closeTime: '12:00' });
    expect((await server.api.get('/api/special-hours/999999')).status).toBe(404);
  });

  test('deleting answers 204 and removes the day; deleting again answers 404', async () => {
    const cafe = await makeShop(server.api, owner);
    const keep = await setSpecialDay(server.api, owner, cafe, inDays(8));
    const day = await setSpecialDay(server.api, owner, cafe, inDays(9));
    const changed = vi.spyOn(server.app.deps, 'shopsChanged');
    expect((await server.api.as(owner).delete(`/api/special-hours/${day.id}`)).status).toBe(204);
    expect(changed).toHaveBeenCalledTimes(1);
    expect((await storedSpecialDays(cafe.id)).map((row) => row.id)).toEqual([keep.id]);
    const again = await server.api.as(owner).delete(`/api/special-hours/${day.id}`);
    expect(again).toMatchObject({ status: 404, body: { message: 'Special day not found' } });
  });
});

describe('who may change hours', () => {
  const writes = (hoursId: number, specialId: number, shopId: number) => [
    {
      call: 'saving a day',
      send: (caller: Caller) => caller.post('/api/business-hours', { shopId, ...weekday(1, '05:00') }),
    },
    {
      call: 'changing a row',
      send: (caller: Caller) =>
        caller.put(`/api/business-hours/${hoursId}`, { shopId, ...weekday(1, '05:00') }),
    },
    {
      call: 'saving a special day',
      send: (caller: Caller) =>
        caller.post('/api/special-hours', { shopId, date: inDays(4), isClosed: true }),
    },
    {
      call: 'deleting a special day',
      send: (caller: Caller) => caller.delete(`/api/special-hours/${specialId}`),
    },
  ];
  const callers = [
    { who: 'a visitor', status: 401, as: () => server.api },
    { who: 'a customer', status: 403, as: () => server.api.as(customer) },
    { who: 'another owner', status: 404, as: () => server.api.as(otherOwner) },
  ];

  test.each(callers)(
    '$who is refused $status for every write, and the database is unchanged',
    async ({ status, as }) => {
      const cafe = await makeShop(server.api, owner);
      const [monday] = await setHours(server.api, owner, cafe, {
        1: { openTime: '09:00', closeTime: '17:00' },
      });
      const special = await setSpecialDay(server.api, owner, cafe, inDays(6));
      const before = await snapshot();
      const changed = vi.spyOn(server.app.deps, 'shopsChanged');
      for (const { call, send } of writes(monday!.id, special.id, cafe.id)) {
        const reply = await send(as());
        expect({ call, status: reply.status }).toEqual({ call, status });
        expect(reply.body).toEqual({ message: expect.any(String) });
      }
      expect(await snapshot()).toEqual(before);
      expect(changed).not.toHaveBeenCalled();
    },
  );
});
