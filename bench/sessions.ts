// Sessions for the benches' seeded users (issue 28): an access token must name a live session, so each bench, while
// it holds the database after seeding, gives every user one session whose id is derived from the user's id, and
// signs its tokens with that id.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/client.js';
import { createTokenService } from '../src/server/features/auth/tokens.js';
import type { Role } from '../src/shared/api/auth.js';
import { JWT_SECRET } from './lib.js';

/** The bench session of user `id`: md5('bench-session-<id>') as a UUID, the same in SQL and here. */
export function benchSessionId(id: number): string {
  const hex = createHash('md5').update(`bench-session-${id}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One session for every user that has none (run after seeding, before the servers start). A database from before
 * sessions (an A/B run of older code) has no such table; its tokens carry the sid unread.
 */
export async function createBenchSessions(db: Database): Promise<void> {
  await db.execute(sql`
    do $$ begin
      if to_regclass('public.sessions') is not null then
        insert into sessions (id, user_id, user_agent)
        select md5('bench-session-' || id)::uuid, id, 'bench' from users
        on conflict (id) do nothing;
      end if;
    end $$`);
}

/** Signs bench tokens naming each user's bench session. */
export function benchTokens(ttlSeconds = 3600) {
  const tokens = createTokenService(JWT_SECRET, ttlSeconds);
  return {
    sign: (subject: { id: number; role: Role }) =>
      tokens.sign({ ...subject, sid: benchSessionId(subject.id) }),
  };
}
