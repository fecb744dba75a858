// Limits that hold on every instance (issue 33): two apps, each with its own connection pool, on one PostgreSQL
// database, as behind a load balancer. Wrong passwords spread over both trip an account's delay exactly as on
// one; sign-in tries at once over both cannot slip past the address's cap or the account's delay; an address's
// registrations are counted once across both, even twenty at once. Each instance kept its own
// counts before the shared counters (docs/decisions/0006-shared-limits.md), and let twice as many through.
import { count, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client.js';
import { users } from '../../src/server/db/schema.js';
import {
  FREE_ACCOUNT_FAILURES,
  LoginThrottle,
  MAX_ADDRESS_FAILURES,
} from '../../src/server/features/auth/login-throttle.js';
import { makeUser } from '../support/factories.js';
import { type Api, createPostgresDatabase, startAppOn } from '../support/test-app.js';

const postgresUrl = process.env.DATABASE_URL;
if (!postgresUrl)
  throw new Error('The shared limits test needs DATABASE_URL=postgres://… (npm run test:postgres)');

const REGISTRATIONS_PER_HOUR = 5;

describe('limits shared by two instances on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  const handles: DatabaseHandle[] = [];
  let closers: (() => Promise<void>)[] = [];
  let a: Api;
  let b: Api;

  beforeAll(async () => {
    database = await createPostgresDatabase(postgresUrl);
    // Opened one after the other, so the second finds the schema migrated; each instance has its own pool.
    for (let i = 0; i < 2; i += 1)
      handles.push(await openDatabase({ databaseUrl: database.url, dataDir: 'memory' }));
  });
  afterAll(async () => {
    await Promise.all(handles.map((handle) => handle.close()));
    await database?.drop();
  });
  // Every request comes from 127.0.0.1, so each test starts with no counts, and with instances that have seen
  // nothing (an instance's own memory was where the counts used to be).
  beforeEach(async () => {
    await handles[0]!.db.execute(sql`delete from limit_counters`);
    const env = { REGISTRATIONS_PER_HOUR: String(REGISTRATIONS_PER_HOUR) };
    const instances = await Promise.all(handles.map((handle) => startAppOn(handle, { env })));
    closers = instances.map((instance) => instance.close);
    [a, b] = instances.map((instance) => instance.api) as [Api, Api];
  });
  afterEach(async () => {
    await Promise.all(closers.map((close) => close()));
  });

  const countUsers = async () => (await handles[0]!.db.select({ n: count() }).from(users))[0]!.n;
  const register = (api: Api, name: string) =>
    api.post('/api/auth/register', {
      username: name,
      email: `${name}@example.co.za`,
      password: 'rooibos1',
      role: 'customer',
    });

  test('ten wrong passwords spread over both instances make the eleventh try wait, on either', async () => {
    const made = await makeUser(a, 'customer', { password: 'flatwhite1' });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < FREE_ACCOUNT_FAILURES; attempt += 1) {
      const via = attempt % 2 === 0 ? a : b;
      statuses.push(
        (await via.post('/api/auth/login', { email: made.user.email, password: 'guess-1' })).status,
      );
    }
    expect(statuses).toEqual(Array(FREE_ACCOUNT_FAILURES).fill(401));
    // Even the right password waits, on either instance, as on one.
    const right = { email: made.user.email, password: 'flatwhite1' };
    for (const refused of [await b.post('/api/auth/login', right), await a.post('/api/auth/login', right)]) {
      expect({ status: refused.status, body: refused.body }).toEqual({
        status: 429,
        body: {
          message: expect.stringMatching(
            /^Too many failed sign-in attempts\. Please try again in \d+ seconds\.$/,
          ),
        },
      });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
  });

  test('sign-in tries at once over both instances: the address cap and the account delay each let exactly their number start', async () => {
    // The throttles as each instance's routes make them, on their own pools, at one moment (a clock of our own).
    const now = Date.now();
    const [first, second] = handles.map((handle) => new LoginThrottle(handle.db, () => now)) as [
      LoginThrottle,
      LoginThrottle,
    ];
    const manyAccounts = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) => (i % 2 ? first : second).begin('10.0.0.1', `user${i}@b.co`)),
    );
    expect(manyAccounts.filter((each) => each.status === 'fulfilled')).toHaveLength(MAX_ADDRESS_FAILURES);

    for (let i = 0; i < FREE_ACCOUNT_FAILURES - 1; i += 1) await first.begin(`10.1.0.${i}`, 'victim@b.co');
    const oneAccount = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? first : second).begin(`10.2.0.${i}`, 'victim@b.co')),
    );
    // The tenth failure is free; from then on each try waits a second after the last one.
    expect(oneAccount.filter((each) => each.status === 'fulfilled')).toHaveLength(1);
  });

  test("an address's registrations are counted once across both instances", async () => {
    const before = await countUsers();
    const statuses: number[] = [];
    for (let index = 0; index < REGISTRATIONS_PER_HOUR + 2; index += 1)
      statuses.push((await register(index % 2 === 0 ? a : b, `spread${index}`)).status);
    expect(statuses).toEqual([...Array(REGISTRATIONS_PER_HOUR).fill(201), 429, 429]);
    expect(await countUsers()).toBe(before + REGISTRATIONS_PER_HOUR);
  });

  test('twenty registrations at once, ten through each instance, against a limit of five let exactly five through', async () => {
    const before = await countUsers();
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, index) => register(index % 2 === 0 ? a : b, `burst${index}`)),
    );
    const statuses = replies.map((reply) => reply.status).sort();
    expect(statuses).toEqual([...Array(REGISTRATIONS_PER_HOUR).fill(201), ...Array(15).fill(429)]);
    expect(await countUsers()).toBe(before + REGISTRATIONS_PER_HOUR);
  });
});
