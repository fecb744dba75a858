// Migration 0007 fills the analytics rollups from the orders, lines and messages a database already holds (the
// demo data, a shop that has been trading): a database migrated up to 0006 gets orders of every kind, then 0007,
// and every rollup equals a recomputation from scratch. On PGlite whatever DATABASE_URL says: the SQL is the same.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, expect, test } from 'vitest';
import type { Database } from '../../src/server/db/client.js';
import * as schema from '../../src/server/db/schema.js';
import type { OrderStatus } from '../../src/shared/domain/order-status.js';
import { daysAgo, insertCustomers, insertMessages, insertOrder } from '../support/analytics-factories.js';
import { rollupDifferences } from '../support/rollup-check.js';

const migrations = fileURLToPath(new URL('../../src/server/db/migrations', import.meta.url));
const before0007 = mkdtempSync(path.join(tmpdir(), 'migrations-0006-'));
let client: PGlite | undefined;
afterAll(async () => {
  await client?.close();
  rmSync(before0007, { recursive: true, force: true });
});

/** The migrations folder as it was before 0007: the same files, the journal cut after 0006. */
function migrationsBefore0007() {
  cpSync(migrations, before0007, { recursive: true });
  const journalFile = path.join(before0007, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx <= 6);
  writeFileSync(journalFile, JSON.stringify(journal));
  return before0007;
}

test('a database with orders, lines and messages gets rollups equal to a recomputation', async () => {
  client = await PGlite.create({ extensions: { pg_trgm } });
  const db = drizzle(client, { schema }) as unknown as Database;
  await migrate(db as never, { migrationsFolder: migrationsBefore0007() });

  const [owner, amara, bongani] = await insertCustomers(db, ['Owner', 'Amara', 'Bongani']);
  await db.execute(sql`update users set role = 'shop_owner' where id = ${owner!.id}`);
  // The columns of 0006's coffee_shops only (drizzle's insert would name every column of today's schema).
  const [shop] = (
    (await db.execute(
      sql`insert into coffee_shops (owner_id, name, category, address)
        values (${owner!.id}, 'Backfill Roasters', 'specialty', '1 Long St') returning id, owner_id as "ownerId"`,
    )) as unknown as { rows: { id: number; ownerId: number }[] }
  ).rows;
  const spec = (customerId: number, days: number, status: OrderStatus, minutesToReady?: number) => ({
    shopId: shop!.id,
    customerId,
    createdAt: daysAgo(days),
    status,
    minutesToReady,
    lines: [
      { name: 'Flat White', quantity: 2, priceCents: 3500 },
      { name: 'Croissant', quantity: 1, priceCents: 2500 },
    ],
  });
  for (const order of [
    spec(amara!.id, 1, 'completed', 12),
    spec(amara!.id, 3, 'ready', 7),
    spec(amara!.id, 40, 'completed', 30),
    spec(bongani!.id, 2, 'cancelled'),
    spec(bongani!.id, 2, 'pending'),
  ])
    await insertOrder(db, order);
  await insertMessages(db, { id: shop!.id, ownerId: owner!.id }, amara!.id, 3);

  await migrate(db as never, { migrationsFolder: migrations });
  const [counted] = (
    (await db.execute(sql`select (select count(*) from shop_order_hours)::int as hours,
      (select count(*) from shop_item_sales)::int as items, (select count(*) from shop_customers)::int as customers,
      (select count(*) from shop_ready_minutes)::int as minutes,
      (select sum(messages) from shop_message_counts)::int as messages`)) as unknown as {
      rows: Record<string, number>[];
    }
  ).rows;
  expect(counted).toMatchObject({ customers: 2, messages: 3 });
  expect(counted!.hours).toBeGreaterThan(0);
  expect(counted!.items).toBeGreaterThan(0);
  expect(counted!.minutes).toBeGreaterThan(0);
  expect(await rollupDifferences(db)).toEqual({});
  // Its own limit, for its own work: a new embedded database migrated twice over (0000–0006, then every migration
  // since), which alone took over 30 s on a loaded 2-core machine (issue 32), besides the rollup comparison.
}, 120_000);
