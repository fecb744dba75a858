// One's own account (issue 28): username, email (confirmed by a code to the new address) and password. POPIA's
// rights to see everything held and to be deleted are export.ts and deletion.ts.
import argon2 from 'argon2';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { DELETED_CUSTOMER_NAME } from '../../../shared/api/account.js';
import type { User } from '../../../shared/api/auth.js';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { enqueue } from '../../outbox.js';
import { emailChangedMail, emailCodeMail, passwordChangedMail } from '../auth/account-mail.js';
import {
  claimCodeTry,
  codeMatches,
  codesInLastHour,
  MAX_CODE_ATTEMPTS,
  newCode,
  replaceCode,
  spendCode,
} from '../auth/codes.js';
import { type CodeDeps, isUniqueViolation, publicUser } from '../auth/service.js';
import { revokeSessions } from '../auth/sessions.js';

export const EMAIL_CODE_MINUTES = 15;
export const WRONG_PASSWORD = 'That password is not right';

/** The account's row, living; 401 when it was deleted meanwhile. */
async function accountOf(db: Database, userId: number) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!row) throw new HttpError(401, 'Your account no longer exists. Please sign in again.');
  return row;
}

/** The account's email (the sign-in limits count per account by it); 401 when deleted. */
export async function accountEmail(db: Database, userId: number): Promise<string> {
  return (await accountOf(db, userId)).email;
}

/** Checks the account's password (argon2): 400 naming it when wrong. */
export async function checkPassword(db: Database, userId: number, password: string) {
  const row = await accountOf(db, userId);
  const matches = await argon2.verify(row.passwordHash, password).catch(() => false);
  if (!matches) throw new HttpError(400, WRONG_PASSWORD);
  return row;
}

export async function changeUsername(db: Database, userId: number, username: string): Promise<User> {
  if (username.toLowerCase() === DELETED_CUSTOMER_NAME.toLowerCase())
    throw new HttpError(409, 'That username is taken');
  try {
    const [row] = await db
      .update(users)
      .set({ username })
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .returning();
    if (!row) throw new HttpError(401, 'Your account no longer exists. Please sign in again.');
    return publicUser(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, 'That username is taken');
    throw error;
  }
}

/** Mails a code to the new address (the password was checked by the caller); 409 when an account uses it. */
export async function startEmailChange(deps: CodeDeps, userId: number, email: string, requestedFrom: string) {
  const now = deps.now?.() ?? new Date();
  const [taken] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  if (taken) throw new HttpError(409, 'An account with this email already exists');
  const code = newCode();
  await deps.db.transaction(async (tx) => {
    if ((await codesInLastHour(tx, 'email_change', { userId }, now)) >= 5)
      throw new HttpError(429, 'Too many codes were requested. Please try again in an hour.');
    await replaceCode(tx, {
      purpose: 'email_change',
      owner: { userId },
      email,
      userId,
      code,
      secret: deps.secret,
      ttlMinutes: EMAIL_CODE_MINUTES,
      requestedFrom,
      now,
    });
    await enqueue(tx, 'mail', emailCodeMail(email, code, EMAIL_CODE_MINUTES));
  });
}

/** Switches to the address the latest code went to; the old address is told. */
export async function confirmEmailChange(deps: CodeDeps, userId: number, code: string): Promise<User> {
  const now = deps.now?.() ?? new Date();
  const latest = await claimCodeTry(deps.db, 'email_change', { userId }, now);
  if (!latest) throw new HttpError(400, 'That code has expired — ask for a new one');
  if (!codeMatches(deps.secret, latest.email, code, latest.codeHash)) {
    const left = MAX_CODE_ATTEMPTS - latest.tries;
    if (left <= 0) {
      await spendCode(deps.db, latest.id, now);
      throw new HttpError(400, 'That code has expired — ask for a new one');
    }
    throw new HttpError(400, `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`);
  }
  const old = await accountOf(deps.db, userId);
  try {
    return await deps.db.transaction(async (tx) => {
      if (!(await spendCode(tx, latest.id, now)))
        throw new HttpError(400, 'That code has expired — ask for a new one');
      const [row] = await tx
        .update(users)
        .set({ email: latest.email })
        .where(eq(users.id, userId))
        .returning();
      await enqueue(tx, 'mail', emailChangedMail(old.email, latest.email));
      return publicUser(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, 'An account with this email already exists');
    throw error;
  }
}

/** Sets a new password (the current one checked by the caller), ends every other session; resolves with them. */
export async function changePassword(db: Database, userId: number, currentSid: string, password: string) {
  const passwordHash = await argon2.hash(password, { type: argon2.argon2id });
  return db.transaction(async (tx) => {
    const [row] = await tx.update(users).set({ passwordHash }).where(eq(users.id, userId)).returning();
    const ended = await revokeSessions(tx, { userId, except: currentSid });
    await enqueue(tx, 'mail', passwordChangedMail(row!.email, new Date()));
    return ended;
  });
}
