// Token verification that asks the database too: a signed token is believed only while its account still exists
// with the role it names, so a deleted user's token is a 401 on every route and socket, not a 500 or a 404.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { executePrepared } from '../../db/prepared.js';
import type { TokenService, TokenSubject } from './tokens.js';

/** Whether the user a token names exists with the token's role: one primary-key look-up. */
async function isCurrent(db: Database, subject: TokenSubject): Promise<boolean> {
  const rows = await executePrepared<{ found: number }>(
    db,
    sql`select 1 as found from users where id = ${subject.id} and role = ${subject.role}`,
  );
  return rows.length > 0;
}

/**
 * `tokens` whose verify also checks the account, on every call: the signature check is remembered per token
 * (tokens.ts), the account never is, since no event here would tell a cache that a user was deleted (issue 33).
 */
export function checkingAccounts(tokens: TokenService, db: Database): TokenService {
  return {
    sign: (subject) => tokens.sign(subject),
    async verify(token) {
      const subject = await tokens.verify(token);
      return subject && (await isCurrent(db, subject)) ? subject : null;
    },
  };
}
