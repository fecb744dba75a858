// The outbox (CONVENTIONS rule 20): work a user need not wait for (a receipt by mail today; push notifications
// next) is written as a row in the same transaction as the change that causes it, so it is never lost and never
// done for a change that rolled back. A worker on every instance claims due rows with FOR UPDATE SKIP LOCKED (two
// instances never take the same row), moving each row's next attempt on by its backoff as it claims it, so a
// worker that dies mid-send leaves the row to be retried; success marks it done; after MAX_ATTEMPTS it is given up
// and logged.

import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from './db/client.js';
import { outbox } from './db/schema.js';

export type OutboxKind = 'receipt_mail';
export type OutboxHandlers = Record<OutboxKind, (payload: unknown) => Promise<void>>;

/** Tries per row; the waits between them are 15 s, 30 s, 1, 2 and 4 minutes (under 8 minutes in all). */
export const MAX_ATTEMPTS = 5;
const FIRST_BACKOFF_SECONDS = 15;
/** Rows claimed per round. */
const BATCH = 10;

/** Writes work to do after the caller's transaction commits (pass the transaction). */
export async function enqueue(db: Database | Transaction, kind: OutboxKind, payload: unknown): Promise<void> {
  await db.insert(outbox).values({ kind, payload });
}

export interface OutboxWorker {
  /** Look now (after a commit that enqueued something) rather than at the next tick. */
  kick(): void;
  /** One round: claims due rows and does them; resolves with how many were done. */
  runOnce(): Promise<number>;
  stop(): void;
}

export function startOutboxWorker(
  db: Database,
  handlers: OutboxHandlers,
  log: FastifyBaseLogger,
  intervalMs = 2_000,
): OutboxWorker {
  let running: Promise<number> | null = null;

  async function round(): Promise<number> {
    const claimed = (await db.execute(sql`
      update ${outbox} set attempts = attempts + 1,
        next_attempt_at = now() + make_interval(secs => ${FIRST_BACKOFF_SECONDS} * power(2, attempts))
      where id in (
        select id from ${outbox} where done_at is null and next_attempt_at <= now()
        order by id limit ${BATCH} for update skip locked)
      returning id, kind, payload, attempts`)) as unknown as {
      rows: { id: number | string; kind: OutboxKind; payload: unknown; attempts: number }[];
    };
    let done = 0;
    for (const row of claimed.rows) {
      const id = Number(row.id);
      try {
        const handler = handlers[row.kind];
        if (!handler) throw new Error(`no handler for outbox kind ${row.kind}`);
        await handler(typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload);
        await db.update(outbox).set({ doneAt: new Date() }).where(eq(outbox.id, id));
        done += 1;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const givenUp = row.attempts >= MAX_ATTEMPTS;
        await db
          .update(outbox)
          .set({ lastError: message.slice(0, 500), ...(givenUp ? { doneAt: new Date() } : {}) })
          .where(and(eq(outbox.id, id)));
        log[givenUp ? 'error' : 'warn'](
          { err: error, outboxId: id, kind: row.kind, attempt: row.attempts },
          givenUp ? 'outbox work given up' : 'outbox work failed; will retry',
        );
      }
    }
    return done;
  }

  const runOnce = () => {
    // One round at a time per instance; a kick during a round is answered by that round's successor.
    running ??= round().finally(() => {
      running = null;
    });
    return running;
  };
  const tick = () => {
    runOnce().catch((error) => log.error({ err: error }, 'outbox round failed'));
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return { kick: () => setImmediate(tick), runOnce, stop: () => clearInterval(timer) };
}
