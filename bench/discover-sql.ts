// The discover mix's own SQL straight on PostgreSQL (issue 31): the statements the server's list code sends for
// each request, captured once through that very code, then replayed through node-postgres at the mix's
// concurrency, so the HTTP throughput can be read against what the database alone does with the same work.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from '../src/server/db/client.js';
import * as schema from '../src/server/db/schema.js';
import { listShops } from '../src/server/features/shops/service.js';
import { shopQuery } from '../src/shared/api/shops.js';
import { percentile, postgresCpuBetween, postgresCpuMs } from './lib.js';

export interface Statement {
  text: string;
  params: unknown[];
}
/** What one GET /api/coffee-shops sends to the database, in order. */
export type CapturedRequest = Statement[];

/** The server's pool: the same size, and JIT off as db/client.ts opens it. */
const POOL_SIZE = 20;
const poolOptions = (url: string, max: number) => ({ connectionString: url, max, options: '-c jit=off' });

/** The list query of a request path, parsed by the route's own schema as Fastify does. */
function listQueryOf(path: string) {
  return shopQuery.parse(Object.fromEntries(new URL(path, 'http://bench.local').searchParams));
}

/**
 * Runs listShops — the route's service, with its drizzle query builders — for each path, one at a time, and
 * records every statement and its parameters as drizzle hands them to node-postgres. The statements are those a
 * server sends for the request when its discover cache does not answer it (this captures no cache).
 */
export async function captureStatements(url: string, paths: string[]): Promise<CapturedRequest[]> {
  const pool = new pg.Pool(poolOptions(url, 1));
  let current: Statement[] = [];
  const logger = {
    logQuery: (text: string, params: unknown[]) => current.push({ text, params: [...params] }),
  };
  const db = drizzle(pool, { schema, logger }) as unknown as Database;
  try {
    // The globe index is looked up once per database (globe.ts): asked here (nearest first asks it), left out of
    // every request.
    await listShops(
      db,
      listQueryOf('/api/coffee-shops?latitude=-26.2&longitude=28&sortByDistance=true&limit=1'),
    );
    const captured: CapturedRequest[] = [];
    for (const path of paths) {
      current = [];
      await listShops(db, listQueryOf(path));
      captured.push(current);
    }
    return captured;
  } finally {
    await pool.end();
  }
}

export interface ReplayResult {
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: number;
  postgresCpuMsPerRequest: number | null;
  generatorCpuMsPerRequest: number;
}

/**
 * Replays the captured requests in turn from `connections` concurrent callers over a pool as large as the
 * server's, each request's statements one after the other as the server sends them (unnamed statements, as drizzle
 * sends them), for `durationSeconds`. A request's latency is from its first statement sent to its last answer,
 * waiting for a free connection included, as in the server.
 */
export async function replayStatements(
  url: string,
  captured: CapturedRequest[],
  options: { connections: number; durationSeconds: number; postgresDatabase: string },
): Promise<ReplayResult> {
  const pool = new pg.Pool(poolOptions(url, POOL_SIZE));
  try {
    // Every connection open before the clock starts, as the server's are under load.
    const clients = await Promise.all(Array.from({ length: POOL_SIZE }, () => pool.connect()));
    for (const client of clients) client.release();

    let next = 0;
    let errors = 0;
    const latencies: number[] = [];
    const postgresBefore = postgresCpuMs(options.postgresDatabase);
    const generatorBefore = process.cpuUsage();
    const started = performance.now();
    const deadline = started + options.durationSeconds * 1000;
    await Promise.all(
      Array.from({ length: options.connections }, async () => {
        while (performance.now() < deadline) {
          const request = captured[next++ % captured.length]!;
          const sent = performance.now();
          // One connection per request: a map area's statement runs in a transaction of its own (begin, a
          // setting, the statement, commit), which must stay on one connection as the server's does.
          const client = await pool.connect();
          try {
            for (const statement of request) await client.query(statement.text, statement.params);
            latencies.push(performance.now() - sent);
          } catch {
            errors += 1;
          } finally {
            client.release();
          }
        }
      }),
    );
    const elapsedSeconds = (performance.now() - started) / 1000;
    const generator = process.cpuUsage(generatorBefore);
    const postgresMs = postgresCpuBetween(postgresBefore, postgresCpuMs(options.postgresDatabase));
    latencies.sort((left, right) => left - right);
    const requests = latencies.length;
    const perRequest = (used: number) => Number((used / Math.max(1, requests)).toFixed(2));
    return {
      requests,
      requestsPerSecond: Math.round(requests / elapsedSeconds),
      p50Ms: Number(percentile(latencies, 50).toFixed(1)),
      p99Ms: Number(percentile(latencies, 99).toFixed(1)),
      maxMs: Number((latencies.at(-1) ?? 0).toFixed(1)),
      errors,
      postgresCpuMsPerRequest: postgresMs === null ? null : perRequest(postgresMs),
      generatorCpuMsPerRequest: perRequest((generator.user + generator.system) / 1000),
    };
  } finally {
    await pool.end();
  }
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of each statement of a captured request, run once first so the plan is of a warm
 * cache as under load; the statement's text above its plan.
 */
export async function explainStatements(url: string, request: CapturedRequest): Promise<string> {
  const client = new pg.Client(poolOptions(url, 1));
  await client.connect();
  try {
    const parts: string[] = [];
    for (const statement of request) {
      // begin, commit and settings are run, not explained: the statement after them is explained as it runs.
      if (!/^\s*(select|with)\b/i.test(statement.text) || statement.text.includes('set_config')) {
        await client.query(statement.text, statement.params);
        parts.push(`-- ${statement.text} ${JSON.stringify(statement.params)}`);
        continue;
      }
      await client.query(statement.text, statement.params);
      const plan = await client.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers, costs off) ${statement.text}`,
        statement.params,
      );
      parts.push(
        `-- ${statement.text.replace(/\s+/g, ' ')}\n-- parameters: ${JSON.stringify(statement.params)}\n${plan.rows
          .map((row) => row['QUERY PLAN'])
          .join('\n')}`,
      );
    }
    return parts.join('\n\n');
  } finally {
    await client.end();
  }
}
