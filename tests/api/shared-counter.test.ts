// The shared counters (src/server/limits/shared-counter.ts) on the test database (PGlite, or PostgreSQL with
// DATABASE_URL): windows, backoff, take-backs, the sweep, and @fastify/rate-limit counting through them, so a
// second app on the same database sees the first one's counts.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { Database } from '../../src/server/db/client.js';
import {
  type Backoff,
  backoffDelayMs,
  forget,
  hit,
  hitWithBackoff,
  peek,
  storedKey,
  sweepExpiredCounters,
  takeBack,
  waitsBefore,
} from '../../src/server/limits/shared-counter.js';
import { startAppOn, startTestApp, type TestApp } from '../support/test-app.js';

let server: TestApp;
let db: Database;

beforeAll(async () => {
  server = await startTestApp({ env: { REGISTRATIONS_PER_HOUR: '3' } });
  db = server.database.db;
});
afterAll(async () => server?.close());
beforeEach(async () => {
  await db.execute(sql`delete from limit_counters`);
});

const MINUTE = 60_000;
const at = (ms: number) => ({ now: Date.UTC(2026, 10, 25, 12) + ms });

describe('a window limit', () => {
  test('allows max hits, refuses the next without counting it, and opens a new window when this one ends', async () => {
    const limit = { max: 3, windowMs: MINUTE };
    const counts = [];
    for (let i = 0; i < 3; i += 1) counts.push((await hit(db, 'k', limit, at(i * 1000))).count);
    expect(counts).toEqual([1, 2, 3]);
    const refused = await hit(db, 'k', limit, at(10_000));
    expect(refused).toMatchObject({ allowed: false, count: 3, retryAfterMs: 50_000 });
    expect(refused.counted).toBeUndefined();
    expect(refused.resetAt.getTime()).toBe(at(MINUTE).now);
    expect((await peek(db, 'k', at(10_000))).count).toBe(3);
    const next = await hit(db, 'k', limit, at(MINUTE));
    expect(next).toMatchObject({ allowed: true, count: 1, retryAfterMs: 0 });
    expect(next.counted?.windowStart.getTime()).toBe(at(MINUTE).now);
  });

  test('20 concurrent hits against a limit of 5 let exactly 5 through', async () => {
    const hits = await Promise.all(
      Array.from({ length: 20 }, () => hit(db, 'burst', { max: 5, windowMs: MINUTE })),
    );
    expect(hits.filter((each) => each.allowed)).toHaveLength(5);
    expect(hits.filter((each) => each.allowed).map((each) => each.count)).toEqual(
      expect.arrayContaining([1, 2, 3, 4, 5]),
    );
  });

  test('a take-back frees a place in its own window, never in a later one', async () => {
    const limit = { max: 2, windowMs: MINUTE };
    const first = await hit(db, 'k', limit, at(0));
    await hit(db, 'k', limit, at(1));
    await takeBack(db, first.counted!);
    expect((await hit(db, 'k', limit, at(2))).allowed).toBe(true);
    expect((await hit(db, 'k', limit, at(3))).allowed).toBe(false);

    const later = await hit(db, 'k', limit, at(MINUTE));
    await takeBack(db, first.counted!); // the first window has ended: nothing to take back in this one
    expect((await peek(db, 'k', at(MINUTE + 1))).count).toBe(later.count);
  });

  test('keys are the caller’s text, however long: long ones are kept by a hash and never confused', async () => {
    const long = (end: string) => `login:account:${'a'.repeat(100_000)}${end}@b.co`;
    expect(storedKey(long('x')).length).toBeLessThan(200);
    expect(storedKey(storedKey(long('x')))).toBe(storedKey(long('x')));
    await hit(db, long('x'), { max: 1, windowMs: MINUTE });
    expect((await hit(db, long('y'), { max: 1, windowMs: MINUTE })).allowed).toBe(true);
    expect((await hit(db, long('x'), { max: 1, windowMs: MINUTE })).allowed).toBe(false);
    await forget(db, long('x'));
    expect((await hit(db, long('x'), { max: 1, windowMs: MINUTE })).allowed).toBe(true);
  });

  test('the sweep deletes the rows whose window has ended, and only those', async () => {
    await hit(db, 'ended', { max: 1, windowMs: 1 }, { now: Date.now() - MINUTE });
    await hit(db, 'live', { max: 1, windowMs: MINUTE });
    expect(await sweepExpiredCounters(db)).toBe(1);
    const keys = await db.execute<{ key: string }>(sql`select key from limit_counters`);
    expect((keys as unknown as { rows: { key: string }[] }).rows).toEqual([{ key: 'live' }]);
  });
});

describe('a backoff', () => {
  const backoff: Backoff = { free: 3, firstDelayMs: 1000, maxDelayMs: 60_000, memoryMs: 60 * MINUTE };

  test('its delay in SQL is the delay of backoffDelayMs after every count, up to the ceiling and past it', async () => {
    let now = 0;
    for (let count = 1; count <= 80; count += 1) {
      expect(await hitWithBackoff(db, 'account', backoff, at(now))).toMatchObject({ allowed: true, count });
      const wait = backoffDelayMs(count, backoff);
      if (wait > 0) {
        const early = await hitWithBackoff(db, 'account', backoff, at(now + wait - 1));
        expect(early).toMatchObject({ allowed: false, count, retryAfterMs: 1 });
      }
      now += wait; // the next round's hit, exactly when allowed
    }
    expect(backoffDelayMs(80, backoff)).toBe(60_000);
  });

  test('is forgotten memoryMs after the latest hit', async () => {
    for (let i = 0; i < 5; i += 1) await hitWithBackoff(db, 'account', backoff, at(i * 10_000));
    expect((await hitWithBackoff(db, 'account', backoff, at(40_000 + 60 * MINUTE))).count).toBe(1);
  });
});

test('waitsBefore reads how long each key must wait under its rule, and counts nothing', async () => {
  const limit = { max: 2, windowMs: MINUTE };
  const backoff: Backoff = { free: 1, firstDelayMs: 1000, maxDelayMs: 60_000, memoryMs: 60 * MINUTE };
  for (let i = 0; i < 2; i += 1) await hit(db, 'full', limit, at(0));
  await hit(db, 'half', limit, at(0));
  for (let i = 0; i < 3; i += 1) await hitWithBackoff(db, 'slow', backoff, at(i * 10_000));
  const checks = [
    { key: 'full', rule: limit },
    { key: 'half', rule: limit },
    { key: 'slow', rule: backoff },
    { key: 'unknown', rule: limit },
  ];
  expect(await waitsBefore(db, checks, at(20_500))).toEqual([39_500, 0, 3_500, 0]);
  expect(await waitsBefore(db, checks, at(20_500))).toEqual([39_500, 0, 3_500, 0]);
});

describe('@fastify/rate-limit through the shared counters', () => {
  const register = (api: TestApp['api'], index: number) =>
    api.post('/api/auth/register', {
      username: `shared${index}`,
      email: `shared${index}@example.co.za`,
      password: 'rooibos1',
      role: 'customer',
    });

  test('a second app on the same database sees the registrations the first one counted', async () => {
    const second = await startAppOn(server.database, { env: { REGISTRATIONS_PER_HOUR: '3' } });
    try {
      expect((await register(server.api, 1)).status).toBe(201);
      expect((await register(second.api, 2)).status).toBe(201);
      expect((await register(server.api, 3)).status).toBe(201);
      const refused = await register(second.api, 4);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
      const state = await peek(db, 'rate:POST /api/auth/register:127.0.0.1');
      expect(state.count).toBe(3);
    } finally {
      await second.close();
    }
  });
});
