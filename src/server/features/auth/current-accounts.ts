// Token verification that asks the database too: a signed token is believed only while its session is live and
// its account still exists with the role it names, so a signed-out, revoked or deleted user's token is a 401 on
// every route and socket (issue 28), not a 500 or a 404.
import type { Database } from '../../db/client.js';
import { isLiveSession } from './sessions.js';
import type { TokenService } from './tokens.js';

/**
 * `tokens` whose verify also checks the session, on every call: the signature check is remembered per token
 * (tokens.ts), the session never is, so a revocation on any instance holds at once everywhere.
 */
export function checkingAccounts(tokens: TokenService, db: Database): TokenService {
  return {
    sign: (subject) => tokens.sign(subject),
    async verify(token) {
      const subject = await tokens.verify(token);
      return subject && (await isLiveSession(db, subject)) ? subject : null;
    },
  };
}
