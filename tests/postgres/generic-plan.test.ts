// The analytics statement on PostgreSQL's generic plan (db/prepared.ts executeOnGenericPlan): planned once per
// connection, never again for the values at hand, on connections of its own, so that no other statement is run
// that way. Needs DATABASE_URL (npm run test:postgres).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.js';
import { executeOnGenericPlan, executePrepared } from '../../src/server/db/prepared.js';
import { getShopAnalytics } from '../../src/server/features/analytics/service.js';
import { openTestDatabase } from '../support/test-app.js';

if (!process.env.DATABASE_URL)
  throw new Error('The generic plan test needs DATABASE_URL=postgres://… (npm run test:postgres)');

describe('statements on a generic plan', () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(() => handle.close());

  const setting = sql`select current_setting('plan_cache_mode') as mode`;

  test('the analytics statement is planned once, generically, whatever the period', async () => {
    // Shop 1 does not exist: the statement runs in full and finds no shop (404), for each period.
    for (const days of [7, 30, 90, 30])
      await expect(getShopAnalytics(handle.db, 1, 1, days)).rejects.toMatchObject({ statusCode: 404 });
    // Asked on the connection the statement ran on (the pool hands out the one returned last).
    const plans = await executeOnGenericPlan<{ generic_plans: string; custom_plans: string }>(
      handle.db,
      sql`select generic_plans, custom_plans from pg_prepared_statements
        where statement like ${'%window_rows%'}`,
    );
    expect(plans).toEqual([{ generic_plans: '4', custom_plans: '0' }]);
    expect(await executeOnGenericPlan(handle.db, setting)).toEqual([{ mode: 'force_generic_plan' }]);
  });

  test('every other statement keeps PostgreSQL’s own choice of plan', async () => {
    expect(await executePrepared(handle.db, setting)).toEqual([{ mode: 'auto' }]);
    expect((await handle.db.execute(setting)) as unknown).toMatchObject({ rows: [{ mode: 'auto' }] });
  });
});
