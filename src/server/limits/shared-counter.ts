// Counts that guard against abuse, kept in the database's limit_counters so every instance sees the same ones
// (CONVENTIONS rule 22, docs/decisions/0006-shared-limits.md). Each count moves by one conditional upsert: the
// check and the increment are one statement on one row, which PostgreSQL runs one at a time per key, so two
// instances or twenty concurrent requests can never both take a limit's last place. A refused hit is not counted.
// Times come from the database's clock (one clock for every instance) unless a test passes its own.
import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.js';
import { executePrepared } from '../db/prepared.js';

/** At most `max` hits in a fixed window of `windowMs` that begins with the first hit. */
export interface WindowLimit {
  max: number;
  windowMs: number;
}

/**
 * A growing delay: the first `free` hits pass at once; after that each hit must come at least
 * firstDelayMs · 2^(count − free), at most maxDelayMs, after the latest one. The count is forgotten `memoryMs`
 * after the latest hit.
 */
export interface Backoff {
  free: number;
  firstDelayMs: number;
  maxDelayMs: number;
  memoryMs: number;
}

/** One counted hit: the key and the start of the window it was counted in (what takeBack undoes). */
export interface Counted {
  key: string;
  windowStart: Date;
}

export interface Hit {
  allowed: boolean;
  /** The count with this hit when allowed; the count that refused it otherwise. */
  count: number;
  /** When the row is forgotten: the window's end (WindowLimit) or memoryMs after the latest hit (Backoff). */
  resetAt: Date;
  /** How long until resetAt, by the clock the hit was counted with. */
  resetInMs: number;
  /** 0 when allowed; otherwise how long until a hit may be allowed again. */
  retryAfterMs: number;
  /** Present when allowed: hand it to takeBack to undo this hit. */
  counted?: Counted;
}

/** For a test's own clock: milliseconds since the epoch. Absent: the database's clock (the statement's time). */
export interface ClockOption {
  now?: number;
}

type Executor = Database | Transaction;

/** What an allowed hit's upsert returns: times in milliseconds since the epoch; last_at is the hit's time. */
interface CountedRow {
  count: number;
  window_start: number;
  reset_at: number;
  last_at: number;
}

/** Keys are the caller's text (an email may be long): a long one keeps its start to be readable, and its hash. */
const MAX_KEY_LENGTH = 200;
/** The key as stored; a stored key stores as itself. */
export function storedKey(key: string): string {
  if (key.length <= MAX_KEY_LENGTH) return key;
  return `${key.slice(0, 64)}…sha256:${createHash('sha256').update(key).digest('base64url')}`;
}

/** A timestamp as milliseconds since the epoch, exactly (times are kept to the millisecond). */
const epochMs = (column: SQL) => sql`round(extract(epoch from ${column}) * 1000)::float8`;

/**
 * The clock, to the millisecond so a window's start survives the round trip through a JavaScript Date (takeBack
 * names a window by it).
 */
const clockOf = (options: ClockOption) =>
  sql`(select date_trunc('milliseconds', coalesce(${
    options.now === undefined ? null : new Date(options.now).toISOString()
  }::timestamptz, statement_timestamp())) as now)`;

const milliseconds = (value: number | SQL) => sql`(${value}::float8 * interval '1 millisecond')`;

/** The Backoff's delay after `count` hits, in SQL; backoffDelayMs is the same rule in TypeScript. */
function delayAfter(count: SQL, backoff: Backoff): SQL {
  return milliseconds(sql`case when ${count} < ${backoff.free}::int then 0
    else least(${backoff.maxDelayMs}::float8,
      ${backoff.firstDelayMs}::float8 * power(2::float8, least(${count} - ${backoff.free}::int, 60))) end`);
}

/** How long a Backoff makes the next hit wait after the latest of `count` hits (the SQL of hitWithBackoff). */
export function backoffDelayMs(count: number, backoff: Backoff): number {
  if (count < backoff.free) return 0;
  return Math.min(backoff.maxDelayMs, backoff.firstDelayMs * 2 ** Math.min(count - backoff.free, 60));
}

/** The upsert's returned times, in milliseconds. */
const countedTimes = sql`c.count, ${epochMs(sql`c.window_start`)} as window_start,
  ${epochMs(sql`c.reset_at`)} as reset_at, ${epochMs(sql`c.last_at`)} as last_at`;

function allowedHit(key: string, row: CountedRow): Hit {
  return {
    allowed: true,
    count: Number(row.count),
    resetAt: new Date(Number(row.reset_at)),
    resetInMs: Math.max(0, Number(row.reset_at) - Number(row.last_at)),
    retryAfterMs: 0,
    counted: { key, windowStart: new Date(Number(row.window_start)) },
  };
}

/**
 * Why a hit was refused: the row its upsert left alone, read by a second statement, so an allowed hit (the common
 * case) costs one plain upsert. `retryAt`: when the row allows a hit again. The row may have moved since (a
 * window ended, a hit was taken back): then the answer is a retry at once, and the caller's next hit is counted.
 */
async function refusedHit(
  db: Executor,
  key: string,
  retryAt: SQL,
  options: ClockOption,
  fallback: { count: number; waitMs: number },
): Promise<Hit> {
  const rows = await executePrepared<{ count: number; reset_at: number; retry_at: number; now: number }>(
    db,
    sql`select l.count, ${epochMs(sql`l.reset_at`)} as reset_at, ${epochMs(retryAt)} as retry_at,
        ${epochMs(sql`clock.now`)} as now
      from limit_counters l, ${clockOf(options)} clock
      where l.key = ${key}`,
  );
  const row = rows[0];
  // Deleted by the sweep in between: the refusal stands, for as long as the limit could have asked.
  if (!row) {
    return {
      allowed: false,
      count: fallback.count,
      resetAt: new Date(Date.now() + fallback.waitMs),
      resetInMs: fallback.waitMs,
      retryAfterMs: fallback.waitMs,
    };
  }
  return {
    allowed: false,
    count: Number(row.count),
    resetAt: new Date(Number(row.reset_at)),
    resetInMs: Math.max(0, Number(row.reset_at) - Number(row.now)),
    retryAfterMs: Math.max(0, Number(row.retry_at) - Number(row.now)),
  };
}

/**
 * The upsert both rules share: a new or ended row starts again at 1 for `periodMs`; a live one counts this hit
 * only when `room` holds of it (`c`, locked by the upsert, so the check sees every committed hit). `slides`: each
 * hit moves the row's end (a Backoff's memory) rather than the window keeping its own. Nothing back: refused.
 */
async function countIfRoom(
  db: Executor,
  stored: string,
  period: { periodMs: number; slides: boolean; room: SQL },
  options: ClockOption,
): Promise<CountedRow | undefined> {
  const [row] = await executePrepared<CountedRow>(
    db,
    sql`with clock as ${clockOf(options)}
      insert into limit_counters as c (key, count, window_start, last_at, reset_at)
      select ${stored}, 1, clock.now, clock.now, clock.now + ${milliseconds(period.periodMs)} from clock
      on conflict (key) do update set
        count = case when c.reset_at <= excluded.last_at then 1 else c.count + 1 end,
        window_start = case when c.reset_at <= excluded.last_at then excluded.window_start else c.window_start end,
        last_at = excluded.last_at,
        reset_at = ${
          period.slides
            ? sql`excluded.reset_at`
            : sql`case when c.reset_at <= excluded.last_at then excluded.reset_at else c.reset_at end`
        }
      where c.reset_at <= excluded.last_at or ${period.room}
      returning ${countedTimes}`,
  );
  return row;
}

/**
 * Counts a hit on `key` if the window has room: at most `limit.max` allowed hits per window, the window starting
 * with the first of them. The check and the count are one upsert; a refused hit changes nothing.
 */
export async function hit(
  db: Executor,
  key: string,
  limit: WindowLimit,
  options: ClockOption = {},
): Promise<Hit> {
  if (!(limit.max >= 1)) throw new Error(`A limit allows at least one hit (max ${limit.max} for ${key})`);
  const stored = storedKey(key);
  const room = sql`c.count < ${limit.max}::int`;
  const row = await countIfRoom(db, stored, { periodMs: limit.windowMs, slides: false, room }, options);
  if (row) return allowedHit(stored, row);
  return refusedHit(db, stored, sql`l.reset_at`, options, { count: limit.max, waitMs: limit.windowMs });
}

/**
 * Counts a hit on `key` if the Backoff's delay since the latest hit has passed. Each allowed hit restarts the
 * delay and the memory; a refused one changes nothing.
 */
export async function hitWithBackoff(
  db: Executor,
  key: string,
  backoff: Backoff,
  options: ClockOption = {},
): Promise<Hit> {
  const stored = storedKey(key);
  const room = sql`c.last_at + ${delayAfter(sql`c.count`, backoff)} <= excluded.last_at`;
  const row = await countIfRoom(db, stored, { periodMs: backoff.memoryMs, slides: true, room }, options);
  if (row) return allowedHit(stored, row);
  return refusedHit(db, stored, sql`l.last_at + ${delayAfter(sql`l.count`, backoff)}`, options, {
    count: backoff.free,
    waitMs: backoff.maxDelayMs,
  });
}

/**
 * Undoes one counted hit, in the window it was counted in only: if that window has ended and another begun, the
 * new window's count is someone else's.
 */
export async function takeBack(db: Executor, counted: Counted): Promise<void> {
  await executePrepared(
    db,
    sql`update limit_counters set count = count - 1
      where key = ${counted.key} and window_start = ${counted.windowStart.toISOString()}::timestamptz
        and count > 0`,
  );
}

/**
 * Makes a Backoff's delay (and memory) run from now rather than from the hit: for a hit whose outcome was known
 * later (a sign-in failure is known once the password hash has been checked). Never moves them back.
 */
export async function restartDelay(
  db: Executor,
  counted: Counted,
  backoff: Backoff,
  options: ClockOption = {},
): Promise<void> {
  await executePrepared(
    db,
    sql`with clock as ${clockOf(options)}
      update limit_counters set last_at = greatest(last_at, clock.now),
        reset_at = greatest(reset_at, clock.now + ${milliseconds(backoff.memoryMs)})
      from clock
      where key = ${counted.key} and window_start = ${counted.windowStart.toISOString()}::timestamptz`,
  );
}

/** Forgets `key` altogether (a right password clears its account's failures). */
export async function forget(db: Executor, key: string): Promise<void> {
  await executePrepared(db, sql`delete from limit_counters where key = ${storedKey(key)}`);
}

/** The count of `key`'s live window without moving it (0 and no reset when there is none). */
export async function peek(
  db: Executor,
  key: string,
  options: ClockOption = {},
): Promise<{ count: number; resetAt: Date | null; retryAfterMs: number }> {
  const rows = await executePrepared<{ count: number; reset_at: number; now: number }>(
    db,
    sql`select l.count, ${epochMs(sql`l.reset_at`)} as reset_at, ${epochMs(sql`clock.now`)} as now
      from limit_counters l, ${clockOf(options)} clock
      where l.key = ${storedKey(key)} and l.reset_at > clock.now`,
  );
  const row = rows[0];
  if (!row) return { count: 0, resetAt: null, retryAfterMs: 0 };
  return {
    count: Number(row.count),
    resetAt: new Date(Number(row.reset_at)),
    retryAfterMs: Math.max(0, Number(row.reset_at) - Number(row.now)),
  };
}

/** A key and the rule it is counted by, for waitsBefore. */
export interface Check {
  key: string;
  rule: WindowLimit | Backoff;
}

/**
 * How long each key must wait before its rule would count a hit (0: it would now), read in one statement that
 * counts nothing. A cheap first look for a request that needs several counts, so that a refused one costs one
 * read; hit and hitWithBackoff still decide, so a race past this look can only be refused there, never let in.
 */
export async function waitsBefore(
  db: Executor,
  checks: Check[],
  options: ClockOption = {},
): Promise<number[]> {
  const keys = checks.map((check) => storedKey(check.key));
  const rows = await executePrepared<{
    key: string;
    count: number;
    last_at: number;
    reset_at: number;
    now: number;
  }>(
    db,
    sql`select l.key, l.count, ${epochMs(sql`l.last_at`)} as last_at, ${epochMs(sql`l.reset_at`)} as reset_at,
        ${epochMs(sql`clock.now`)} as now
      from limit_counters l, ${clockOf(options)} clock
      where l.key in (${sql.join(
        keys.map((key) => sql`${key}`),
        sql`, `,
      )}) and l.reset_at > clock.now`,
  );
  return checks.map(({ rule }, index) => {
    const row = rows.find((each) => each.key === keys[index]);
    if (!row) return 0;
    const [count, now] = [Number(row.count), Number(row.now)];
    if ('max' in rule) return count >= rule.max ? Math.max(0, Number(row.reset_at) - now) : 0;
    return Math.max(0, Number(row.last_at) + backoffDelayMs(count, rule) - now);
  });
}

/** Rows deleted per statement by sweepExpiredCounters: each statement stays short however many have expired. */
const SWEEP_BATCH = 5_000;

/**
 * Deletes rows whose window has ended (they already count as absent), in batches; returns how many. Any instance
 * may run it at any time: an upsert racing the delete finds either the old row (and restarts it) or none.
 */
export async function sweepExpiredCounters(db: Database): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await executePrepared<{ key: string }>(
      db,
      sql`delete from limit_counters where key in (
        select key from limit_counters where reset_at <= now() limit ${SWEEP_BATCH}::int
      ) returning key`,
    );
    total += deleted.length;
    if (deleted.length < SWEEP_BATCH) return total;
  }
}
