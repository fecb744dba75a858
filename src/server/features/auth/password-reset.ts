// A forgotten password (issue 28): a 6-digit code mailed for 15 minutes, then a new password, every session ended
// and a new one begun. The request takes the same steps and gives the same answer whether or not an account uses
// the email, so neither its words nor its time tell who has an account.
import argon2 from 'argon2';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { PASSWORD_RESET_CODE_MINUTES, RESET_CODE_EXPIRED } from '../../../shared/api/account.js';
import type { User } from '../../../shared/api/auth.js';
import type { Database } from '../../db/client.js';
import { outbox, users } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { enqueue, type OutboxRow } from '../../outbox.js';
import { noAccountMail, passwordChangedMail, resetCodeMail } from './account-mail.js';
import {
  claimCodeTry,
  codeMatches,
  codesInLastHour,
  MAX_CODE_ATTEMPTS,
  newCode,
  replaceCode,
  spendCode,
} from './codes.js';
import { type CodeDeps, MAX_CODES_PER_EMAIL_PER_HOUR, publicUser } from './service.js';
import { createSession, revokeSessions, type SessionOrigin } from './sessions.js';

/** The advisory lock's first key for one email's reset codes (sign-up codes use SEND_CODE_LOCK). */
const RESET_CODE_LOCK = 0x5e_0c0e;

/**
 * A reset asked for: one outbox row, the same for every email, so neither the answer nor its time can tell whether
 * an account uses it. The worker does the rest (issueResetCode).
 */
export async function requestPasswordReset(db: Database, email: string, requestedFrom: string) {
  await enqueue(db, 'password_reset', { email, requestedFrom } satisfies ResetRequest);
}

interface ResetRequest {
  email: string;
  requestedFrom: string;
}

/**
 * The outbox's password_reset work: stores a new code for the email (replacing any earlier one) and writes its
 * mail, or for an email no account uses a mail saying so; nothing past MAX_CODES_PER_EMAIL_PER_HOUR for the email.
 * Marks its own row done in the same transaction, so a retry never makes a second code.
 */
export async function issueResetCode(deps: CodeDeps, payload: unknown, row: OutboxRow) {
  const { email, requestedFrom } = payload as ResetRequest;
  const now = deps.now?.() ?? new Date();
  const [account] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt)));
  const code = newCode();
  await deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(outbox)
      .set({ doneAt: now })
      .where(and(eq(outbox.id, row.id), isNull(outbox.doneAt)))
      .returning({ id: outbox.id });
    if (!claimed) return;
    await tx.execute(sql`select pg_advisory_xact_lock(${RESET_CODE_LOCK}::int, hashtext(lower(${email})))`);
    // Past the hourly number for this email, whoever it belongs to: no more codes, no more mail.
    if ((await codesInLastHour(tx, 'password_reset', { email }, now)) >= MAX_CODES_PER_EMAIL_PER_HOUR) return;
    await replaceCode(tx, {
      purpose: 'password_reset',
      owner: { email },
      email,
      userId: account?.id ?? null,
      code,
      secret: deps.secret,
      ttlMinutes: PASSWORD_RESET_CODE_MINUTES,
      requestedFrom,
      now,
    });
    await enqueue(
      tx,
      'mail',
      account ? resetCodeMail(email, code, PASSWORD_RESET_CODE_MINUTES) : noAccountMail(email),
    );
  });
}

/**
 * Checks the code (one conditional write claims each try, so at most MAX_CODE_ATTEMPTS are ever compared, on any
 * number of instances), then in one transaction spends it, sets the password, ends every session of the user and
 * begins a new one. Resolves with the user, the new session and the sessions ended (to announce after commit).
 */
export async function confirmPasswordReset(
  deps: CodeDeps,
  body: { email: string; code: string; password: string },
  origin: SessionOrigin,
): Promise<{ user: User; sid: string; ended: string[] }> {
  const now = deps.now?.() ?? new Date();
  const latest = await claimCodeTry(deps.db, 'password_reset', { email: body.email }, now);
  if (!latest) throw new HttpError(400, RESET_CODE_EXPIRED);
  // A code for an email no account uses was never mailed: even a lucky guess of it resets nothing.
  if (!codeMatches(deps.secret, body.email, body.code, latest.codeHash) || latest.userId === null) {
    if (latest.tries >= MAX_CODE_ATTEMPTS) {
      await spendCode(deps.db, latest.id, now);
      throw new HttpError(400, RESET_CODE_EXPIRED);
    }
    const left = MAX_CODE_ATTEMPTS - latest.tries;
    throw new HttpError(400, `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`);
  }
  const userId = latest.userId;
  const passwordHash = await argon2.hash(body.password, { type: argon2.argon2id });
  return deps.db.transaction(async (tx) => {
    if (!(await spendCode(tx, latest.id, now))) throw new HttpError(400, RESET_CODE_EXPIRED);
    const [row] = await tx
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .returning();
    if (!row) throw new HttpError(400, RESET_CODE_EXPIRED);
    const ended = await revokeSessions(tx, { userId, all: true });
    const { id: sid } = await createSession(tx, userId, origin);
    await enqueue(tx, 'mail', passwordChangedMail(row.email, now));
    return { user: publicUser(row), sid, ended };
  });
}
