// Accounts: registration, sign-in and the emailed sign-up codes (spec §4 Session, §5 wizard, §7 Auth).
import argon2 from 'argon2';
import { and, eq, gt, sql } from 'drizzle-orm';
import { DELETED_CUSTOMER_NAME } from '../../../shared/api/account.js';
import {
  type RegisterBody,
  SIGN_UP_CODE_MINUTES,
  type User,
  type VerifyCodeBody,
} from '../../../shared/api/auth.js';
import type { Database, Transaction } from '../../db/client.js';
import { users, verificationCodes } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import type { Mailer } from '../../integrations/mail.js';
import {
  claimCodeTry,
  codeMatches,
  codesInLastHour,
  MAX_CODE_ATTEMPTS,
  newCode,
  replaceCode,
  spendCode,
} from './codes.js';

export const CODE_TTL_MINUTES = SIGN_UP_CODE_MINUTES;
/** How many codes one email address may be sent in an hour. */
export const MAX_CODES_PER_EMAIL_PER_HOUR = 5;
/** The first key of the advisory lock that takes one email's code sends one at a time (the second: the email's hash). */
export const SEND_CODE_LOCK = 0x5e_0c0d;

const INVALID_CREDENTIALS = 'Invalid email or password';

export function publicUser(row: typeof users.$inferSelect): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    emailVerified: row.emailVerified,
  };
}

export async function findUser(db: Database, id: number): Promise<User | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ? publicUser(row) : null;
}

async function assertAvailable(db: Database | Transaction, username: string, email: string) {
  // The name deleted accounts go by is nobody's to take (issue 28).
  if (username.toLowerCase() === DELETED_CUSTOMER_NAME.toLowerCase())
    throw new HttpError(409, 'That username is taken');
  const clashes = await db
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email}) or lower(${users.username}) = lower(${username})`);
  if (clashes.some((row) => row.email.toLowerCase() === email.toLowerCase()))
    throw new HttpError(409, 'An account with this email already exists');
  if (clashes.length > 0) throw new HttpError(409, 'That username is taken');
}

/**
 * Inserts the user; a unique-index race with another sign-up still answers 409, never 500. The password is
 * hashed before the clash check, so a taken email answers no faster than a free one (no timing tell).
 */
export async function insertUser(
  db: Database | Transaction,
  body: RegisterBody,
  options: { emailVerified: boolean } = { emailVerified: true },
): Promise<User> {
  const passwordHash = await argon2.hash(body.password, { type: argon2.argon2id });
  await assertAvailable(db, body.username, body.email);
  try {
    const [row] = await db
      .insert(users)
      .values({
        username: body.username,
        email: body.email,
        passwordHash,
        role: body.role,
        emailVerified: options.emailVerified,
      })
      .returning();
    return publicUser(row!);
  } catch (error) {
    if (isUniqueViolation(error))
      throw new HttpError(409, 'An account with this email or username already exists');
    throw error;
  }
}

export function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}

// A fixed hash to verify against when the email is unknown, so both failures take the same time.
const dummyHashPromise = argon2.hash('not-a-real-password', { type: argon2.argon2id });

export async function authenticate(db: Database, email: string, password: string): Promise<User> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);
  const hash = row?.passwordHash ?? (await dummyHashPromise);
  const matches = await argon2.verify(hash, password).catch(() => false);
  if (!row || !matches) throw new HttpError(401, INVALID_CREDENTIALS);
  return publicUser(row);
}

export interface CodeDeps {
  db: Database;
  mailer: Mailer;
  secret: string;
  now?: () => Date;
}

export async function sendSignUpCode(deps: CodeDeps, email: string, requestedFrom: string): Promise<void> {
  const now = deps.now?.() ?? new Date();
  // Whether the email has an account is told to its mailbox only, never in the answer: both cases take the
  // same steps (count, store a code, send a mail) and answer the same words, so the reply cannot be used to
  // find out who has an account. The account holder's mail says to sign in instead of carrying a code.
  const [existing] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);

  const code = newCode();
  const stored = await deps.db.transaction(async (tx) => {
    // One email's sends are counted and stored one at a time, on every instance: a lock of this transaction,
    // held in PostgreSQL, per email. Counting and then storing without it let 20 requests at once send 7-15
    // mails against a limit of 5 (issue 33).
    await tx.execute(sql`select pg_advisory_xact_lock(${SEND_CODE_LOCK}::int, hashtext(lower(${email})))`);
    if ((await codesInLastHour(tx, 'sign_up', { email }, now)) >= MAX_CODES_PER_EMAIL_PER_HOUR) return false;
    await replaceCode(tx, {
      purpose: 'sign_up',
      owner: { email },
      email,
      code,
      secret: deps.secret,
      ttlMinutes: CODE_TTL_MINUTES,
      requestedFrom,
      now,
    });
    return true;
  });
  if (!stored)
    throw new HttpError(429, 'Too many codes were requested for this email. Please try again in an hour.');
  if (existing) {
    await deps.mailer.send({
      to: email,
      subject: 'You already have a Brew Connect account',
      text: [
        'Someone (we hope you) asked to sign up to Brew Connect with this email address.',
        '',
        "You already have an account: please sign in instead. If you forgot your password, choose 'Forgot password?' on the sign-in page.",
        'If you did not ask, you can ignore this email.',
      ].join('\n'),
    });
    return;
  }
  await deps.mailer.send({
    to: email,
    subject: `Your Brew Connect verification code: ${code}`,
    text: [
      'Welcome to Brew Connect!',
      '',
      `Your verification code is ${code}.`,
      `It expires in ${CODE_TTL_MINUTES} minutes. If you did not ask for it, you can ignore this email.`,
    ].join('\n'),
  });
}

const EXPIRED_OR_USED = 'This verification code has expired or was already used. Please request a new code.';

/**
 * Claims a try at the email's sign-up code and compares it: the code's row when right; a wrong code is 400 with the
 * tries left, and the last wrong try spends it, so it reads as used from then on.
 */
async function trySignUpCode(deps: CodeDeps, email: string, code: string, now: Date) {
  const latest = await claimCodeTry(deps.db, 'sign_up', { email }, now);
  if (!latest) throw new HttpError(400, EXPIRED_OR_USED);
  if (codeMatches(deps.secret, email, code, latest.codeHash)) return latest;
  if (latest.tries >= MAX_CODE_ATTEMPTS) await spendCode(deps.db, latest.id, now);
  const left = MAX_CODE_ATTEMPTS - latest.tries;
  throw new HttpError(
    400,
    left > 0
      ? `The verification code is incorrect. ${left} ${left === 1 ? 'try' : 'tries'} left.`
      : 'The verification code is incorrect and can no longer be used. Please request a new code.',
  );
}

/**
 * POST /api/auth/check-code: the wizard's step 2 says at once whether the code is right (issue 32), without
 * spending it. A wrong code costs a try as at the end; a right one gives its try back, so checking first never
 * leaves the account's creation fewer tries.
 */
export async function checkSignUpCode(deps: CodeDeps, email: string, code: string) {
  const now = deps.now?.() ?? new Date();
  const latest = await trySignUpCode(deps, email, code, now);
  await deps.db
    .update(verificationCodes)
    .set({ failedAttempts: sql`${verificationCodes.failedAttempts} - 1` })
    .where(and(eq(verificationCodes.id, latest.id), gt(verificationCodes.failedAttempts, 0)));
  return { message: 'That code is right.' };
}

export async function verifyCodeAndRegister(deps: CodeDeps, body: VerifyCodeBody): Promise<User> {
  const now = deps.now?.() ?? new Date();
  const latest = await trySignUpCode(deps, body.email, body.code, now);

  // Spending the code and creating the account succeed or fail together.
  return deps.db.transaction(async (tx) => {
    if (!(await spendCode(tx, latest.id, now))) throw new HttpError(400, EXPIRED_OR_USED);
    return insertUser(tx, { ...body.userData, email: body.email });
  });
}
