// The hottest statements (placing and moving orders, the bus's NOTIFY) as named prepared statements on
// PostgreSQL. drizzle sends every statement unnamed, so PostgreSQL parses and plans it again each time: under the
// orders bench that was two thirds of a status move's database time (parse 0.15 ms, plan 0.29 ms, run 0.25 ms).
// A named statement is parsed once per connection, and after five runs PostgreSQL keeps a generic plan for it.
// PGlite runs in this process and is one connection: it takes the statement as drizzle's execute does.
// A long statement whose plan does not depend on its values (the analytics dashboard's) can be run on a generic plan
// always: planning it cost more than running it.
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database, Transaction } from './client.js';

/** Per database: its pool, and the pool whose connections run every statement on its generic plan. */
const pools = new WeakMap<object, { pool: pg.Pool; genericPlans: pg.Pool }>();
const dialect = new PgDialect();

/** Called by openDatabase on PostgreSQL: statements of this database may be prepared on its pools. */
export function preparesOn(db: Database, pool: pg.Pool, genericPlans: pg.Pool) {
  pools.set(db, { pool, genericPlans });
}

/** Timestamps and dates come back as text, as drizzle returns them (the callers parse them). */
const textTimes: pg.CustomTypesConfig = {
  getTypeParser: ((typeId: number, format?: 'text' | 'binary') => {
    const { builtins } = pg.types;
    if ([builtins.TIMESTAMPTZ, builtins.TIMESTAMP, builtins.DATE, builtins.INTERVAL].includes(typeId))
      return (value: string) => value;
    return pg.types.getTypeParser(typeId, format);
  }) as pg.CustomTypesConfig['getTypeParser'],
};

/**
 * A statement's name: its text's hash, so the same text always gets the same name and no two texts share one.
 * Remembered per text (the hot statements are a few dozen texts), so a statement is hashed once.
 */
const names = new Map<string, string>();
const NAMES_KEPT = 1_000;
function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `p_${createHash('sha1').update(text).digest('base64url')}`;
    if (names.size >= NAMES_KEPT) names.clear();
    names.set(text, name);
  }
  return name;
}

/**
 * Runs a statement whose text repeats (values travel as parameters) as a named prepared statement on
 * PostgreSQL; elsewhere, and inside a transaction (which holds its own connection), as drizzle would.
 */
export async function executePrepared<Row>(db: Database | Transaction, query: SQL): Promise<Row[]> {
  const pool = pools.get(db)?.pool;
  if (!pool) return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
  return runNamed<Row>(pool, query);
}

/** A statement as a named prepared statement on a pool: named by its text, timestamps as text. */
async function runNamed<Row>(pool: pg.Pool, query: SQL): Promise<Row[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const result = await pool.query({ name: nameOf(text), text, values: params, types: textTimes });
  return result.rows as Row[];
}

/**
 * Runs a named prepared statement on PostgreSQL's generic plan, planned once per connection and never again for
 * the values at hand: for a long statement whose plan suits every value (each of its joins a lateral index range).
 * Left to itself PostgreSQL plans each of a statement's first five runs for its values, and then keeps the generic
 * plan only while its estimated cost beats theirs, which a mix of shops can tip either way. It runs on connections
 * opened with plan_cache_mode = force_generic_plan (db/client.ts); elsewhere as executePrepared.
 */
export async function executeOnGenericPlan<Row>(db: Database, query: SQL): Promise<Row[]> {
  const pool = pools.get(db)?.genericPlans;
  return pool ? runNamed<Row>(pool, query) : executePrepared(db, query);
}
