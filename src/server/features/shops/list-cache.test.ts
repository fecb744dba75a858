import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Shop } from '../../../shared/api/shops.js';
import { createShopListCache, isSharedQuery } from './list-cache.js';

const query = (extra: Partial<Parameters<typeof isSharedQuery>[0]> = {}) => ({
  limit: 50,
  offset: 0,
  ...extra,
});
const shop = (id: number, promotionExpiresAt: Date | null = null) =>
  ({
    id,
    name: `Shop ${id}`,
    isPromoted: promotionExpiresAt !== null,
    promotionExpiresAt: promotionExpiresAt?.toISOString() ?? null,
  }) as Shop;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A compute function that counts its calls and answers with shops numbered by the call. */
function counter(shops: (call: number) => Shop[] = (call) => [shop(call)]) {
  let calls = 0;
  return {
    compute: async () => shops(++calls),
    get calls() {
      return calls;
    },
  };
}

describe('shop list cache', () => {
  test('answers a repeated question from memory, as JSON; a different question is computed', async () => {
    const cache = createShopListCache();
    const source = counter();
    expect(JSON.parse(await cache.answer(query(), source.compute))).toEqual([shop(1)]);
    expect(JSON.parse(await cache.answer(query(), source.compute))).toEqual([shop(1)]);
    expect(source.calls).toBe(1);
    await cache.answer(query({ offset: 50 }), source.compute);
    await cache.answer(query({ category: 'artisan' }), source.compute);
    await cache.answer(query({ promoted: true }), source.compute);
    expect(source.calls).toBe(4);
  });

  test('a search is the same question whatever its letter case', async () => {
    const cache = createShopListCache();
    const source = counter();
    await cache.answer(query({ search: 'Father' }), source.compute);
    await cache.answer(query({ search: 'father' }), source.compute);
    expect(source.calls).toBe(1);
  });

  test('askers who arrive while an answer is being computed share that one computation', async () => {
    const cache = createShopListCache();
    const source = counter();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => cache.answer(query(), source.compute)),
    );
    expect(source.calls).toBe(1);
    expect(new Set(answers).size).toBe(1);
  });

  test('after clear() every question is asked again, and an answer begun before it is not kept', async () => {
    const cache = createShopListCache();
    const source = counter();
    await cache.answer(query(), source.compute);
    cache.clear();
    expect(JSON.parse(await cache.answer(query(), source.compute))).toEqual([shop(2)]);

    // A computation that began before a change may have read the old data: its askers get it, nobody after.
    let finish: (shops: Shop[]) => void = () => {};
    const slow = cache.answer(
      query({ search: 'slow' }),
      () => new Promise<Shop[]>((done) => (finish = done)),
    );
    cache.clear();
    const after = cache.answer(query({ search: 'slow' }), async () => [shop(99)]);
    finish([shop(98)]);
    expect(JSON.parse(await slow)).toEqual([shop(98)]);
    expect(JSON.parse(await after)).toEqual([shop(99)]);
    expect(JSON.parse(await cache.answer(query({ search: 'slow' }), async () => [shop(100)]))).toEqual([
      shop(99),
    ]);
  });

  test('an answer is kept for the time to live at most', async () => {
    const cache = createShopListCache({ ttlMs: 40 });
    const source = counter();
    await cache.answer(query(), source.compute);
    await cache.answer(query(), source.compute);
    await sleep(60);
    expect(JSON.parse(await cache.answer(query(), source.compute))).toEqual([shop(2)]);
  });

  test('an answer showing a featured shop is kept only until that promotion runs out', async () => {
    const cache = createShopListCache();
    const runsOut = new Date(Date.now() + 40);
    const source = counter((call) => [shop(call, call === 1 ? runsOut : null)]);
    await cache.answer(query({ promoted: true }), source.compute);
    await cache.answer(query({ promoted: true }), source.compute);
    expect(source.calls).toBe(1);
    await sleep(60);
    await cache.answer(query({ promoted: true }), source.compute);
    expect(source.calls).toBe(2);
  });

  test('Open Now is a question of its own', async () => {
    const cache = createShopListCache();
    const source = counter();
    await cache.answer(query(), source.compute);
    await cache.answer(query({ openNow: true }), source.compute);
    expect(source.calls).toBe(2);
  });

  describe('with the clock in hand', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    test('an answer is kept only until a shop it shows opens or closes', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-23T14:59:55Z') });
      const cache = createShopListCache();
      const closing = { ...shop(1), openNow: true, nextChangeAt: '2026-11-23T15:00:00.000Z' } as Shop;
      const source = counter(() => [closing]);
      await cache.answer(query(), source.compute);
      vi.setSystemTime(new Date('2026-11-23T14:59:59.999Z'));
      await cache.answer(query(), source.compute);
      expect(source.calls).toBe(1);
      vi.setSystemTime(new Date('2026-11-23T15:00:00Z'));
      await cache.answer(query(), source.compute);
      expect(source.calls).toBe(2);
    });

    test('an Open Now answer is kept only until the next whole minute, when a shop it leaves out may open', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-23T06:59:57Z') });
      const cache = createShopListCache();
      const source = counter(() => []);
      await cache.answer(query({ openNow: true }), source.compute);
      vi.setSystemTime(new Date('2026-11-23T06:59:59.999Z'));
      await cache.answer(query({ openNow: true }), source.compute);
      expect(source.calls).toBe(1);
      vi.setSystemTime(new Date('2026-11-23T07:00:00Z'));
      await cache.answer(query({ openNow: true }), source.compute);
      expect(source.calls).toBe(2);
    });
  });

  test('holds at most maxEntries answers, dropping the oldest', async () => {
    const cache = createShopListCache({ maxEntries: 2 });
    const source = counter();
    for (const offset of [0, 1, 2]) await cache.answer(query({ offset }), source.compute);
    await cache.answer(query({ offset: 2 }), source.compute);
    await cache.answer(query({ offset: 1 }), source.compute);
    expect(source.calls).toBe(3);
    await cache.answer(query({ offset: 0 }), source.compute);
    expect(source.calls).toBe(4);
  });

  test('only answers that depend neither on the customer’s location nor on a map area are shared', () => {
    expect(isSharedQuery(query({ search: 'x', category: 'artisan', promoted: true }))).toBe(true);
    expect(isSharedQuery(query({ latitude: -33.9, longitude: 18.4 }))).toBe(false);
    expect(isSharedQuery(query({ latitude: -33.9, longitude: 18.4, sortByDistance: true }))).toBe(false);
    // A map area (issue 31): another box at every pan, up to 500 shops each, and no part of the cache's key.
    const area = { minLatitude: -34, maxLatitude: -33.8, minLongitude: 18.3, maxLongitude: 18.5 };
    expect(isSharedQuery(query(area))).toBe(false);
    expect(isSharedQuery(query({ ...area, search: 'latte', category: 'artisan' }))).toBe(false);
  });
});
