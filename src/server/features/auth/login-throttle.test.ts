// Unit tests of the failed-sign-in throttle: the account's growing delay and the address's cap, over the shared
// counters in an embedded database of their own (emptied before each test) and a clock of the test's own.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../db/client.js';
import type { HttpError } from '../../http-error.js';
import {
  accountDelayMs,
  FREE_ACCOUNT_FAILURES,
  LoginThrottle,
  MAX_ADDRESS_FAILURES,
} from './login-throttle.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory' });
}, 120_000); // every migration, on a busy machine
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  await database.db.execute(sql`delete from limit_counters`);
});

function clock(start = 0) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

async function fail(throttle: LoginThrottle, address: string, email: string) {
  await throttle.begin(address, email); // never told it succeeded: it stays a failure
}

test('an account must wait longer after each failure past the free ones, whatever the address', async () => {
  const time = clock();
  const throttle = new LoginThrottle(database.db, time.now);
  for (let i = 0; i < FREE_ACCOUNT_FAILURES; i += 1) await fail(throttle, `10.0.0.${i}`, 'a@b.co');
  await expect(throttle.begin('10.9.9.9', 'A@B.co')).rejects.toThrow(/try again in 1 seconds/);
  time.advance(1000);
  await fail(throttle, '10.9.9.8', 'a@b.co');
  time.advance(1000);
  await expect(throttle.begin('10.9.9.7', 'a@b.co')).rejects.toThrow(/try again in 1 seconds/);
  time.advance(1000);
  await expect(throttle.begin('10.9.9.7', 'a@b.co')).resolves.toBeDefined();
});

test('the delay stops growing at a minute, so an account takes at most about 70 guesses an hour', {
  timeout: 60_000,
}, async () => {
  expect(accountDelayMs(FREE_ACCOUNT_FAILURES - 1)).toBe(0);
  expect(accountDelayMs(FREE_ACCOUNT_FAILURES + 3)).toBe(8000);
  expect(accountDelayMs(FREE_ACCOUNT_FAILURES + 30)).toBe(60_000);
  const time = clock();
  const throttle = new LoginThrottle(database.db, time.now);
  // The best a guesser can do: try a second after each try, and when refused come back exactly when told to.
  let guesses = 0;
  while (time.now() < 3600 * 1000) {
    try {
      await throttle.begin(`10.0.${guesses % 200}.1`, 'victim@b.co');
      guesses += 1;
      time.advance(1000);
    } catch (error) {
      time.advance(1000 * (error as HttpError).retryAfterSeconds!);
    }
  }
  expect(guesses).toBeLessThanOrEqual(100);
  expect(guesses).toBeGreaterThan(50);
});

test('a success clears the account, and a try without a verdict does not count', async () => {
  const time = clock();
  const throttle = new LoginThrottle(database.db, time.now);
  for (let i = 0; i < FREE_ACCOUNT_FAILURES - 1; i += 1) await fail(throttle, '1.1.1.1', 'a@b.co');
  await (await throttle.begin('1.1.1.1', 'a@b.co')).abandoned();
  await (await throttle.begin('1.1.1.1', 'a@b.co')).succeeded();
  for (let i = 0; i < FREE_ACCOUNT_FAILURES; i += 1) await fail(throttle, '1.1.1.1', 'a@b.co');
  await expect(throttle.begin('1.1.1.1', 'a@b.co')).rejects.toThrow(/Too many failed sign-in attempts/);
});

test('one address failing over many emails is refused for a while, and others are not', async () => {
  const time = clock();
  const throttle = new LoginThrottle(database.db, time.now);
  for (let i = 0; i < MAX_ADDRESS_FAILURES; i += 1) await fail(throttle, '1.1.1.1', `user${i}@b.co`);
  await expect(throttle.begin('1.1.1.1', 'fresh@b.co')).rejects.toThrow(/try again in 15 minutes/);
  await expect(throttle.begin('2.2.2.2', 'fresh@b.co')).resolves.toBeDefined();
  time.advance(15 * 60 * 1000 + 1);
  await expect(throttle.begin('1.1.1.1', 'fresh2@b.co')).resolves.toBeDefined();
});

test('concurrent tries count from the start, so they cannot all slip past the cap', async () => {
  const throttle = new LoginThrottle(database.db, clock().now);
  const tries = await Promise.allSettled(
    Array.from({ length: 100 }, (_, i) => throttle.begin('1.1.1.1', `user${i}@b.co`)),
  );
  expect(tries.filter((each) => each.status === 'fulfilled')).toHaveLength(MAX_ADDRESS_FAILURES);
});
