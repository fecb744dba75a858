// Opens the database: embedded PGlite (a folder, or memory) by default, node-postgres when a URL is given.
// Both speak PostgreSQL and share one drizzle schema, so every query runs unchanged on either.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { preparesOn } from './prepared.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Present on PostgreSQL: the pool, for LISTEN/NOTIFY and health checks. */
  pool?: pg.Pool;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… to use PostgreSQL; otherwise PGlite. */
  databaseUrl?: string;
  /** PGlite's folder; 'memory' keeps it in memory (tests). */
  dataDir: string;
  /** PostgreSQL: told when an idle pooled connection breaks (the pool replaces it when next needed). */
  onConnectionError?: (error: Error) => void;
}

/**
 * Ends pools once each of their connections has closed: pool.end() resolves before they have said goodbye, and
 * whatever comes next (dropping the database `with (force)` in tests) would kill them mid-way.
 */
async function endPools(pools: pg.Pool[]) {
  await Promise.all(
    pools.map(async (pool) => {
      let open = pool.totalCount;
      const allClosed = new Promise<void>((resolve) => {
        if (open === 0) resolve();
        pool.on('remove', () => {
          open -= 1;
          if (open === 0) resolve();
        });
      });
      await pool.end();
      await allClosed;
    }),
  );
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    // JIT compilation off: every statement here reads a few index ranges, and the analytics statement, whose many
    // parts add up to a high estimated cost, spent 76 ms compiling to run in 8 (docs/decisions/0004).
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 20, options: '-c jit=off' });
    // A few connections of their own for statements that always run on their generic plan (the analytics
    // dashboard's; db/prepared.ts executeOnGenericPlan): the setting comes with the connection, so it costs no round
    // trip per statement and no other statement sees it. Each such statement keeps a core busy for a couple of
    // milliseconds, so more connections than this would only queue inside the database.
    const genericPlans = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 8,
      options: '-c jit=off -c plan_cache_mode=force_generic_plan',
    });
    // A restart of the database or a network blip breaks idle connections; the pool drops them and opens new
    // ones when next needed. Its 'error' event must be heard, or it would end the process.
    for (const each of [pool, genericPlans]) each.on('error', (error) => options.onConnectionError?.(error));
    const db = drizzleNodePostgres(pool, { schema }) as unknown as Database;
    preparesOn(db, pool, genericPlans);
    await migrateNodePostgres(db as never, { migrationsFolder });
    return { db, kind: 'postgres', pool, close: () => endPools([pool, genericPlans]) };
  }
  const dataDir = options.dataDir === 'memory' ? undefined : path.join(options.dataDir, 'pglite');
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // Only the extensions the migrations use. Loading PGlite's cube extension as well (0.5.16) made trigram searches
  // spin forever now and then on a data folder, so on PGlite nearest first uses the point index (migration 0005).
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  await migratePglite(db as never, { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}
