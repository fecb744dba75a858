// Who has a live socket open, on any instance (issue 27): a chat message is pushed to a device only when its
// receiver has no open socket to hear it on. Each instance writes its own users' socket counts to
// socket_presence: one flush at a time, of the counts as they are then (never +1/-1 that could land out of
// order), and refreshes seen_at every HEARTBEAT; rows an instance stopped refreshing (it died) stop counting.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { socketPresence } from '../db/schema.js';

const HEARTBEAT_MS = 30_000;
/** A row not refreshed for this long belongs to an instance that is gone. */
export const PRESENCE_FRESH_SECONDS = 90;

export interface Presence {
  /** A socket of this user authenticated (+1) or closed (-1) on this instance. */
  change(userId: number, delta: 1 | -1): void;
  /** Resolves once every change so far is written (tests). */
  flushed(): Promise<void>;
  stop(): Promise<void>;
}

export function trackPresence(db: Database, log: FastifyBaseLogger): Presence {
  const instanceId = randomUUID();
  const counts = new Map<number, number>();
  const dirty = new Set<number>();
  let writing: Promise<void> = Promise.resolve();
  let scheduled = false;

  async function write(users: number[]) {
    const present = users.filter((id) => (counts.get(id) ?? 0) > 0);
    const absent = users.filter((id) => (counts.get(id) ?? 0) === 0);
    if (present.length > 0) {
      await db
        .insert(socketPresence)
        .values(present.map((userId) => ({ instanceId, userId, sockets: counts.get(userId)! })))
        .onConflictDoUpdate({
          target: [socketPresence.instanceId, socketPresence.userId],
          set: { sockets: sql`excluded.sockets`, seenAt: sql`now()` },
        });
    }
    if (absent.length > 0) {
      await db.execute(
        sql`delete from ${socketPresence} where instance_id = ${instanceId}
          and user_id in (${sql.join(
            absent.map((id) => sql`${id}`),
            sql`, `,
          )})`,
      );
    }
  }

  function flush() {
    scheduled = false;
    const users = [...dirty];
    dirty.clear();
    writing = writing
      .then(() => write(users))
      .catch((error) => log.warn({ err: error }, 'could not write socket presence'));
  }

  const heartbeat = setInterval(() => {
    writing = writing
      .then(async () => {
        await db.execute(sql`update ${socketPresence} set seen_at = now() where instance_id = ${instanceId}`);
      })
      .catch((error) => log.warn({ err: error }, 'could not refresh socket presence'));
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    change(userId, delta) {
      const count = Math.max(0, (counts.get(userId) ?? 0) + delta);
      if (count === 0) counts.delete(userId);
      else counts.set(userId, count);
      dirty.add(userId);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    async flushed() {
      if (scheduled) flush();
      await writing;
    },
    async stop() {
      clearInterval(heartbeat);
      await writing;
      await db
        .execute(sql`delete from ${socketPresence} where instance_id = ${instanceId}`)
        .catch((error) => log.warn({ err: error }, 'could not clear socket presence'));
    },
  };
}

/** Whether the user has a socket open on any live instance. */
export async function hasOpenSocket(db: Database, userId: number): Promise<boolean> {
  const result = (await db.execute(sql`
    select exists (select 1 from ${socketPresence} where user_id = ${userId} and sockets > 0
      and seen_at > now() - make_interval(secs => ${PRESENCE_FRESH_SECONDS})) as open`)) as unknown as {
    rows: { open: boolean }[];
  };
  return Boolean(result.rows[0]?.open);
}
