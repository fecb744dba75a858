// Sessions (issue 28): where someone is signed in. Each sign-in, sign-up and password reset makes one; the access
// token names it; revoking it ends the token on every route and, through the bus, every open socket.
import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Session } from '../../../shared/api/account.js';
import type { Database, Transaction } from '../../db/client.js';
import { executePrepared } from '../../db/prepared.js';
import { pushSubscriptions, sessions } from '../../db/schema.js';
import type { Bus } from '../../realtime/bus.js';
import type { TokenSubject } from './tokens.js';

/** A session's last_seen_at is moved on at most this often. */
const LAST_SEEN_EVERY_MS = 60_000;

export interface SessionOrigin {
  userAgent: string | null;
  address: string | null;
}

/** The browser and client address a request came from (request.ip believes only TRUST_PROXY's proxies). */
export function originOf(request: {
  headers: Record<string, string | string[] | undefined>;
  ip: string;
}): SessionOrigin {
  const agent = request.headers['user-agent'];
  return { userAgent: (Array.isArray(agent) ? agent[0] : agent) ?? null, address: request.ip };
}

/**
 * A new session for the user. newDevice: the user had sessions before, none from this browser (its user agent),
 * so the account holder is told by mail (issue 28); a first sign-up is not news.
 */
export async function createSession(
  db: Database | Transaction,
  userId: number,
  origin: SessionOrigin,
): Promise<{ id: string; newDevice: boolean }> {
  const userAgent = origin.userAgent?.slice(0, 300) ?? null;
  const result = (await db.execute(sql`
    with seen as (
      select exists (select 1 from sessions where user_id = ${userId}) as before,
        exists (select 1 from sessions where user_id = ${userId} and user_agent is not distinct from ${userAgent}) as known
    ),
    made as (
      insert into sessions (user_id, user_agent, address) values (${userId}, ${userAgent}, ${origin.address})
      returning id
    )
    select made.id, seen.before, seen.known from made, seen`)) as unknown as {
    rows: { id: string; before: boolean; known: boolean }[];
  };
  const row = result.rows[0]!;
  return { id: row.id, newDevice: row.before && !row.known };
}

/**
 * Whether the token's session is live and its user exists with the token's role: one primary-key look-up (as
 * the account check before sessions was). Moves last_seen_at on when it is a minute old, without waiting.
 */
export async function isLiveSession(db: Database, subject: TokenSubject): Promise<boolean> {
  const rows = await executePrepared<{ seen_ms: number | string }>(
    db,
    sql`select (extract(epoch from s.last_seen_at) * 1000)::bigint as seen_ms
      from sessions s join users u on u.id = s.user_id
      where s.id = ${subject.sid}::uuid and s.user_id = ${subject.id} and s.revoked_at is null
        and u.role = ${subject.role} and u.deleted_at is null`,
  );
  const [row] = rows;
  if (!row) return false;
  if (Date.now() - Number(row.seen_ms) > LAST_SEEN_EVERY_MS) {
    // Conditional, so that the requests which all read an old last_seen_at at once (a page's parallel calls, on
    // any number of instances) write it once: the first moves it on, the others find it fresh and write nothing.
    const write = db
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(
        and(
          eq(sessions.id, subject.sid),
          sql`${sessions.lastSeenAt} < now() - make_interval(secs => ${LAST_SEEN_EVERY_MS / 1000}::int)`,
        ),
      )
      .then(
        () => {},
        () => {},
      );
    lastSeenWrites.add(write);
    void write.finally(() => lastSeenWrites.delete(write));
  }
  return true;
}

/** The last_seen_at writes under way (one a minute per session at most): what lastSeenWritten waits for. */
const lastSeenWrites = new Set<Promise<void>>();

/** Resolves once every last_seen_at write started so far has finished, so a test waits for it rather than sleeps. */
export async function lastSeenWritten(): Promise<void> {
  await Promise.all(lastSeenWrites);
}

export async function listSessions(db: Database, userId: number, currentId: string): Promise<Session[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .orderBy(desc(sessions.lastSeenAt));
  return rows.map((row) => ({
    id: row.id,
    current: row.id === currentId,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    userAgent: row.userAgent,
    address: row.address,
  }));
}

/** Which of a user's live sessions to end: one, all but one, or all. */
export type Revocation = { userId: number } & ({ only: string } | { except: string } | { all: true });

/**
 * Ends sessions (one conditional write) and tells every instance, which closes their sockets; resolves with the
 * ids ended. Pass a transaction to end them with another change (a password reset), then announce after commit.
 */
export async function revokeSessions(db: Database | Transaction, which: Revocation): Promise<string[]> {
  const scope =
    'only' in which
      ? eq(sessions.id, which.only)
      : 'except' in which
        ? ne(sessions.id, which.except)
        : sql`true`;
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, which.userId), isNull(sessions.revokedAt), scope))
    .returning({ id: sessions.id });
  const ids = ended.map((row) => row.id);
  // A device signed out (here or from elsewhere) stops getting the account's notifications.
  if (ids.length > 0) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.sessionId, ids));
  return ids;
}

/** Tells every instance's sockets of these sessions to close (realtime/hub.ts). */
export async function announceRevoked(bus: Bus, userId: number, sessionIds: string[]) {
  if (sessionIds.length > 0) await bus.publish({ type: 'sessions_revoked', userId, sessionIds });
}
