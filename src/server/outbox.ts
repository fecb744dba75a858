// The outbox (CONVENTIONS rule 20): work a user need not wait for (a receipt by mail, push notifications) is written as a row in the same transaction as the change that causes it, so it is never lost and never
// done for a change that rolled back. A worker on every instance claims due rows with FOR UPDATE SKIP LOCKED (two
// instances never take the same row), moving each row's next attempt on by its backoff as it claims it, so a
// worker that dies mid-send leaves the row to be retried; success marks it done; after MAX_ATTEMPTS it is given up
// and logged.

import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from './db/client.js';
import { outbox } from './db/schema.js';

/**
 * receipt_mail: a paid order's receipt · mail: an account mail (a reset code, a changed password) · password_reset:
 * a reset asked for, to make its code · push: an event to notify one device of.
 */
export type OutboxKind = 'receipt_mail' | 'mail' | 'password_reset' | 'push';
/** The row being done, for a handler that must do its work and mark the row in one transaction (a reset code). */
export interface OutboxRow {
  id: number;
  attempts: number;
}
export type OutboxHandlers = Partial<Record<OutboxKind, (payload: unknown, row: OutboxRow) => Promise<void>>>;

/**
 * Tries per row: the first and up to 5 retries, after waits of 15 s, 30 s, 1, 2 and 4 minutes (under 8 minutes in
 * all, inside GIVE_UP_AFTER_SECONDS).
 */
export const MAX_ATTEMPTS = 6;
/** A row not done this long after it was written is given up, whatever a Retry-After asked for. */
export const GIVE_UP_AFTER_SECONDS = 10 * 60;
const FIRST_BACKOFF_SECONDS = 15;
/** Rows claimed per round. */
const BATCH = 25;
/** Rows one instance works on at once (each may be a push to a slow service). */
const MAX_IN_FLIGHT = 100;

interface ClaimedRow {
  id: number | string;
  kind: OutboxKind;
  payload: unknown;
  attempts: number;
  /** Epoch seconds: when the claim said it may be tried again, and when it was written. */
  next_at: number | string;
  created_at: number | string;
}

/** Writes work to do after the caller's transaction commits (pass the transaction). */
export async function enqueue(db: Database | Transaction, kind: OutboxKind, payload: unknown): Promise<void> {
  await db.insert(outbox).values({ kind, payload });
}

/** Thrown by a handler: try again, not before `afterSeconds` (a push service's Retry-After). */
export class RetryLater extends Error {
  constructor(
    message: string,
    readonly afterSeconds: number,
    /** Expected and already told once (a push service left alone): logged at debug, not as a warning per row. */
    readonly quiet = false,
  ) {
    super(message);
  }
}

/** Thrown by a handler: this work can never succeed (a push service refused the request); stop trying. */
export class GiveUp extends Error {}

export interface OutboxWorker {
  /** Look now (after a commit that enqueued something) rather than at the next tick. */
  kick(): void;
  /** One round: claims due rows and does them; resolves with how many were done. */
  runOnce(): Promise<number>;
  /** Resolves once nothing is being claimed or done on this instance (tests). */
  idle(): Promise<void>;
  /** Stops claiming, and resolves once the rows in hand are done (a hung push gives up after PUSH_TIMEOUT_MS). */
  stop(): Promise<void>;
}

export function startOutboxWorker(
  db: Database,
  handlers: OutboxHandlers,
  log: FastifyBaseLogger,
  intervalMs = 2_000,
): OutboxWorker {
  /** Rows being done now on this instance: a hung push service holds its row here, never a round. */
  const inFlight = new Set<Promise<boolean>>();
  /** A claim is running; `again`: a kick came during it, so claim once more after it. */
  let claiming: Promise<ClaimedRow[]> | null = null;
  let again = false;

  /**
   * Claims the due rows (at most what this instance has room for) in one statement, oldest due first: that order
   * walks the outbox_due index, so a claim reads only the rows it takes however large a backlog has grown.
   */
  async function claim(): Promise<ClaimedRow[]> {
    const room = Math.min(BATCH, MAX_IN_FLIGHT - inFlight.size);
    if (room <= 0) return [];
    const claimed = (await db.execute(sql`
      update ${outbox} set attempts = attempts + 1,
        next_attempt_at = now() + make_interval(secs => ${FIRST_BACKOFF_SECONDS} * power(2, attempts))
      where id in (
        select id from ${outbox} where done_at is null and next_attempt_at <= now()
        order by next_attempt_at limit ${room} for update skip locked)
      returning id, kind, payload, attempts, extract(epoch from next_attempt_at) as next_at,
        extract(epoch from created_at) as created_at`)) as unknown as { rows: ClaimedRow[] };
    return claimed.rows;
  }

  /** Does one claimed row: marks it done, or records why not and when it is tried again (or given up). */
  async function work(row: ClaimedRow): Promise<boolean> {
    const id = Number(row.id);
    try {
      const handler = handlers[row.kind];
      if (!handler) throw new GiveUp(`no handler for outbox kind ${row.kind}`);
      const payload = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
      await handler(payload, { id, attempts: row.attempts });
      await db.update(outbox).set({ doneAt: new Date() }).where(eq(outbox.id, id));
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const retryAfter = error instanceof RetryLater ? error.afterSeconds : 0;
      // The next try would come after the row's last moment: this was its last.
      const deadline = Number(row.created_at) + GIVE_UP_AFTER_SECONDS;
      const nextTry = Math.max(Number(row.next_at), Date.now() / 1000 + retryAfter);
      const givenUp = error instanceof GiveUp || row.attempts >= MAX_ATTEMPTS || nextTry > deadline;
      await db
        .update(outbox)
        .set({
          lastError: message.slice(0, 500),
          ...(givenUp ? { doneAt: new Date() } : {}),
          // Not before the service asked (its Retry-After), nor before the backoff the claim set.
          ...(retryAfter > 0 && !givenUp
            ? {
                nextAttemptAt: sql`greatest(${outbox.nextAttemptAt}, now() + make_interval(secs => ${retryAfter}))`,
              }
            : {}),
        })
        .where(and(eq(outbox.id, id)));
      const quiet = !givenUp && error instanceof RetryLater && error.quiet;
      log[givenUp ? 'error' : quiet ? 'debug' : 'warn'](
        { err: error, outboxId: id, kind: row.kind, attempt: row.attempts },
        givenUp ? 'outbox work given up' : 'outbox work failed; will retry',
      );
      return false;
    }
  }

  /**
   * One round: a claim, then its rows done side by side. Claims are one at a time per instance (a kick during one
   * is answered by another right after it: the kick's rows may have been written after the claim read); the work
   * is not, so a row waiting on a hung push service (PUSH_TIMEOUT_MS, shorter than the first backoff, so no other
   * worker takes it meanwhile) holds up nothing else.
   */
  const runOnce = async (): Promise<number> => {
    if (claiming) {
      again = true;
      await claiming;
      return 0;
    }
    claiming = claim();
    let rows: ClaimedRow[];
    try {
      rows = await claiming;
    } finally {
      claiming = null;
      if (again) {
        again = false;
        setImmediate(tick);
      }
    }
    const results = await Promise.all(
      rows.map((row) => {
        const done = work(row).finally(() => inFlight.delete(done));
        inFlight.add(done);
        return done;
      }),
    );
    // A full batch: more may be due.
    if (rows.length === BATCH) setImmediate(tick);
    return results.filter(Boolean).length;
  };
  const tick = () => {
    runOnce().catch((error) => log.error({ err: error }, 'outbox round failed'));
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  const idle = async () => {
    while (claiming || inFlight.size > 0) await Promise.allSettled([claiming, ...inFlight]);
  };
  return {
    kick: () => setImmediate(tick),
    runOnce,
    idle,
    async stop() {
      clearInterval(timer);
      await idle();
    },
  };
}
