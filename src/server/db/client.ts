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

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    // JIT compilation off: every statement here reads a few index ranges, and the analytics statement, whose many
    // parts add up to a high estimated cost, spent 76 ms compiling to run in 8 (docs/decisions/0004).
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 20, options: '-c jit=off' });
    // A restart of the database or a network blip breaks idle connections; the pool drops them and opens new
    // ones when next needed. Its 'error' event must be heard, or it would end the process.
    pool.on('error', (error) => options.onConnectionError?.(error));
    const db = drizzleNodePostgres(pool, { schema }) as unknown as Database;
    preparesOn(db, pool);
    await migrateNodePostgres(db as never, { migrationsFolder });
    return { db, kind: 'postgres', pool, close: () => pool.end() };
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
