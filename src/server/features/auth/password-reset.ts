// A forgotten password (issue 28): a 6-digit code mailed for 15 minutes, then a new password, every session ended
// and a new one begun. The request takes the same steps and gives the same answer whether or not an account uses
// the email, so neither its words nor its time tell who has an account.
import { randomInt, timingSafeEqual } from 'node:crypto';
import argon2 from 'argon2';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { PASSWORD_RESET_CODE_MINUTES, RESET_CODE_EXPIRED } from '../../../shared/api/account.js';
import type { User } from '../../../shared/api/auth.js';
import { users, verificationCodes } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { enqueue } from '../../outbox.js';
import { noAccountMail, passwordChangedMail, resetCodeMail } from './account-mail.js';
import {
  type CodeDeps,
  hashCode,
  MAX_CODE_ATTEMPTS,
  MAX_CODES_PER_EMAIL_PER_HOUR,
  publicUser,
} from './service.js';
import { createSession, revokeSessions, type SessionOrigin } from './sessions.js';

/** The advisory lock's first key for one email's reset codes (sign-up codes use SEND_CODE_LOCK). */
const RESET_CODE_LOCK = 0x5e_0c0e;

/**
 * Stores a new code for the email (replacing any earlier one) and writes its mail to the outbox; for an email no
 * account uses, the same steps with a mail saying so. 429 past MAX_CODES_PER_EMAIL_PER_HOUR for the email,
 * whoever it belongs to.
 */
export async function requestPasswordReset(deps: CodeDeps, email: string, requestedFrom: string) {
  const now = deps.now?.() ?? new Date();
  const [account] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt)));
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const stored = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${RESET_CODE_LOCK}::int, hashtext(lower(${email})))`);
    const [{ count }] = (await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.purpose, 'password_reset'),
          eq(verificationCodes.email, email),
          gt(verificationCodes.createdAt, new Date(now.getTime() - 60 * 60_000)),
        ),
      )) as [{ count: number }];
    if (count >= MAX_CODES_PER_EMAIL_PER_HOUR) return false;
    await tx
      .update(verificationCodes)
      .set({ spentAt: now })
      .where(
        and(
          eq(verificationCodes.purpose, 'password_reset'),
          eq(verificationCodes.email, email),
          isNull(verificationCodes.spentAt),
        ),
      );
    await tx.insert(verificationCodes).values({
      purpose: 'password_reset',
      userId: account?.id ?? null,
      email,
      codeHash: hashCode(deps.secret, email, code),
      expiresAt: new Date(now.getTime() + PASSWORD_RESET_CODE_MINUTES * 60_000),
      requestedFrom,
      createdAt: now,
    });
    await enqueue(
      tx,
      'mail',
      account ? resetCodeMail(email, code, PASSWORD_RESET_CODE_MINUTES) : noAccountMail(email),
    );
    return true;
  });
  if (!stored)
    throw new HttpError(429, 'Too many codes were requested for this email. Please try again in an hour.');
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
  const [latest] = await deps.db
    .update(verificationCodes)
    .set({ failedAttempts: sql`${verificationCodes.failedAttempts} + 1` })
    .where(
      and(
        sql`${verificationCodes.id} = (select id from ${verificationCodes} where ${verificationCodes.email} = ${body.email}
          and ${verificationCodes.purpose} = 'password_reset' and ${verificationCodes.spentAt} is null
          order by id desc limit 1)`,
        isNull(verificationCodes.spentAt),
        gt(verificationCodes.expiresAt, now),
        lt(verificationCodes.failedAttempts, MAX_CODE_ATTEMPTS),
      ),
    )
    .returning({
      id: verificationCodes.id,
      codeHash: verificationCodes.codeHash,
      tries: verificationCodes.failedAttempts,
      userId: verificationCodes.userId,
    });
  if (!latest) throw new HttpError(400, RESET_CODE_EXPIRED);
  const expected = Buffer.from(latest.codeHash, 'hex');
  const given = Buffer.from(hashCode(deps.secret, body.email, body.code), 'hex');
  // A code for an email no account uses was never mailed: even a lucky guess of it resets nothing.
  if (!timingSafeEqual(expected, given) || latest.userId === null) {
    if (latest.tries >= MAX_CODE_ATTEMPTS) {
      await deps.db
        .update(verificationCodes)
        .set({ spentAt: now })
        .where(and(eq(verificationCodes.id, latest.id), isNull(verificationCodes.spentAt)));
      throw new HttpError(400, RESET_CODE_EXPIRED);
    }
    const left = MAX_CODE_ATTEMPTS - latest.tries;
    throw new HttpError(400, `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`);
  }
  const userId = latest.userId;
  const passwordHash = await argon2.hash(body.password, { type: argon2.argon2id });
  return deps.db.transaction(async (tx) => {
    const spent = await tx
      .update(verificationCodes)
      .set({ spentAt: now })
      .where(and(eq(verificationCodes.id, latest.id), isNull(verificationCodes.spentAt)))
      .returning({ id: verificationCodes.id });
    if (spent.length === 0) throw new HttpError(400, RESET_CODE_EXPIRED);
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
