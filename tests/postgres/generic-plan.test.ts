// The analytics statement on PostgreSQL's generic plan (db/prepared.ts executeOnGenericPlan): planned once per
// connection, never again for the values at hand, and the pooled connection handed back as it was. Needs
// DATABASE_URL (npm run test:postgres).
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.js';
import { executeOnGenericPlan } from '../../src/server/db/prepared.js';
import { getShopAnalytics } from '../../src/server/features/analytics/service.js';
import { openTestDatabase } from '../support/test-app.js';

if (!process.env.DATABASE_URL)
  throw new Error('The generic plan test needs DATABASE_URL=postgres://… (npm run test:postgres)');

describe('statements on a generic plan', () => {
  let handle: DatabaseHandle;
  let pool: pg.Pool;

  beforeAll(async () => {
    handle = await openTestDatabase();
    pool = handle.pool!;
  });
  afterAll(() => handle.close());

  /** The backend of the connection the pool hands out next (it hands out the last one returned). */
  async function nextBackend() {
    const client = await pool.connect();
    try {
      const { rows } = await client.query<{ pid: number; mode: string }>(
        `select pg_backend_pid() as pid, current_setting('plan_cache_mode') as mode`,
      );
      return rows[0]!;
    } finally {
      client.release();
    }
  }

  test('the analytics statement is planned once, generically, and the connection keeps its own setting', async () => {
    const before = await nextBackend();
    // Shop 1 does not exist: the statement runs in full and finds no shop (404), for each period.
    for (const days of [7, 30, 90, 30])
      await expect(getShopAnalytics(handle.db, 1, 1, days)).rejects.toMatchObject({ statusCode: 404 });
    const after = await nextBackend();
    expect(after).toEqual({ pid: before.pid, mode: 'auto' });
    const client = await pool.connect();
    try {
      const { rows } = await client.query<{ generic_plans: string; custom_plans: string }>(
        `select generic_plans, custom_plans from pg_prepared_statements where statement like '%window_rows%'`,
      );
      expect(rows).toEqual([{ generic_plans: '4', custom_plans: '0' }]);
    } finally {
      client.release();
    }
  });

  test('a statement that fails closes its connection instead of handing it back with the setting', async () => {
    const before = await nextBackend();
    const open = pool.totalCount;
    await expect(executeOnGenericPlan(handle.db, sql`select 1 / ${0}::int as quotient`)).rejects.toThrow(
      'division by zero',
    );
    expect(pool.totalCount).toBe(open - 1);
    const after = await nextBackend();
    expect(after.pid).not.toBe(before.pid);
    expect(after.mode).toBe('auto');
  });
});
