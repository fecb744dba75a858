// A /register account's email (issue 32): /register needs no code up front (spec §2, §7), so the account starts
// unconfirmed and a 6-digit code is mailed at once; entering it confirms the email. Until then the account works,
// except that it may not review a shop it has not completed an order at (reviews/service.ts), which keeps
// throw-away accounts from moving a shop's rating. The wizard's accounts proved their email before they existed.
import { and, eq, isNull } from 'drizzle-orm';
import { CONFIRM_EMAIL_CODE_MINUTES, type RegisterBody, type User } from '../../../shared/api/auth.js';
import type { Transaction } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { enqueue } from '../../outbox.js';
import { confirmEmailMail } from './account-mail.js';
import {
  claimCodeTry,
  codeMatches,
  codesInLastHour,
  MAX_CODE_ATTEMPTS,
  newCode,
  replaceCode,
  spendCode,
} from './codes.js';
import { type CodeDeps, insertUser, MAX_CODES_PER_EMAIL_PER_HOUR, publicUser } from './service.js';

export const CONFIRM_CODE_EXPIRED = 'That code has expired — ask for a new one';
export const ALREADY_CONFIRMED = 'Your email is already confirmed';

/** Stores a new confirmation code for the user (replacing any earlier one) and queues its mail, in `tx`. */
async function issueCode(
  tx: Transaction,
  deps: CodeDeps,
  account: { id: number; email: string },
  requestedFrom: string,
  now: Date,
) {
  const code = newCode();
  await replaceCode(tx, {
    purpose: 'email_confirm',
    owner: { userId: account.id },
    email: account.email,
    userId: account.id,
    code,
    secret: deps.secret,
    ttlMinutes: CONFIRM_EMAIL_CODE_MINUTES,
    requestedFrom,
    now,
  });
  await enqueue(tx, 'mail', confirmEmailMail(account.email, code, CONFIRM_EMAIL_CODE_MINUTES));
}

/** POST /api/auth/register: the account, unconfirmed, and its code's mail, all or nothing. */
export async function registerUnconfirmed(deps: CodeDeps, body: RegisterBody, requestedFrom: string) {
  const now = deps.now?.() ?? new Date();
  return deps.db.transaction(async (tx) => {
    const user = await insertUser(tx, body, { emailVerified: false });
    await issueCode(tx, deps, user, requestedFrom, now);
    return user;
  });
}

/** POST /api/auth/confirm-email/resend: a new code, at most MAX_CODES_PER_EMAIL_PER_HOUR an hour. */
export async function resendConfirmation(deps: CodeDeps, user: User, requestedFrom: string) {
  const now = deps.now?.() ?? new Date();
  const sent = await deps.db.transaction(async (tx) => {
    // The user's row locked: two resends at once are counted one after the other, on any instance.
    const [row] = await tx
      .select({ id: users.id, email: users.email, emailVerified: users.emailVerified })
      .from(users)
      .where(and(eq(users.id, user.id), isNull(users.deletedAt)))
      .for('update');
    if (!row) throw new HttpError(401, 'Please sign in to continue');
    if (row.emailVerified) throw new HttpError(409, ALREADY_CONFIRMED);
    if ((await codesInLastHour(tx, 'email_confirm', { userId: row.id }, now)) >= MAX_CODES_PER_EMAIL_PER_HOUR)
      return false;
    await issueCode(tx, deps, row, requestedFrom, now);
    return true;
  });
  if (!sent)
    throw new HttpError(429, 'Too many codes were requested for this email. Please try again in an hour.');
  return { message: `We sent a new 6-digit code to ${user.email}.` };
}

/**
 * POST /api/auth/confirm-email: checks the code (one conditional write claims each try, so at most
 * MAX_CODE_ATTEMPTS are ever compared), then spends it and confirms the email together.
 */
export async function confirmEmail(deps: CodeDeps, userId: number, code: string): Promise<User> {
  const now = deps.now?.() ?? new Date();
  const [current] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!current || current.deletedAt) throw new HttpError(401, 'Please sign in to continue');
  if (current.emailVerified) return publicUser(current);
  const latest = await claimCodeTry(deps.db, 'email_confirm', { userId }, now);
  if (!latest) throw new HttpError(400, CONFIRM_CODE_EXPIRED);
  // The code was made for the address the account had then: an address changed since needs a new code.
  if (latest.email !== current.email || !codeMatches(deps.secret, latest.email, code, latest.codeHash)) {
    if (latest.tries >= MAX_CODE_ATTEMPTS) {
      await spendCode(deps.db, latest.id, now);
      throw new HttpError(400, CONFIRM_CODE_EXPIRED);
    }
    const left = MAX_CODE_ATTEMPTS - latest.tries;
    throw new HttpError(400, `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`);
  }
  return deps.db.transaction(async (tx) => {
    if (!(await spendCode(tx, latest.id, now))) throw new HttpError(400, CONFIRM_CODE_EXPIRED);
    const [row] = await tx
      .update(users)
      .set({ emailVerified: true })
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .returning();
    if (!row) throw new HttpError(401, 'Please sign in to continue');
    return publicUser(row);
  });
}
