// Mailed 6-digit codes (verification_codes): a sign-up's, a forgotten password's, a new email address's, a /register
// account's confirmation. One way to make, replace, count, try and spend them, for all four. Stored as an HMAC of the email and code, never as is.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { verificationCodes } from '../../db/schema.js';

export type CodePurpose = 'sign_up' | 'password_reset' | 'email_change' | 'email_confirm';
/** Whose codes they are: a sign-up's or a reset's belong to an email, an email change's to an account. */
export type CodeOwner = { email: string } | { userId: number };

/** Wrong tries one code allows; the last one spends it. */
export const MAX_CODE_ATTEMPTS = 5;

export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function hashCode(secret: string, email: string, code: string): string {
  return createHmac('sha256', secret).update(`${email.toLowerCase()}:${code}`).digest('hex');
}

/** Compares in constant time. */
export function codeMatches(secret: string, email: string, code: string, codeHash: string): boolean {
  return timingSafeEqual(Buffer.from(codeHash, 'hex'), Buffer.from(hashCode(secret, email, code), 'hex'));
}

function ofOwner(purpose: CodePurpose, owner: CodeOwner): SQL {
  return and(
    eq(verificationCodes.purpose, purpose),
    'email' in owner ? eq(verificationCodes.email, owner.email) : eq(verificationCodes.userId, owner.userId),
  )!;
}

/** Codes of this purpose made for the owner in the hour before `now` (for the hourly limits). */
export async function codesInLastHour(
  db: Database | Transaction,
  purpose: CodePurpose,
  owner: CodeOwner,
  now: Date,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(verificationCodes)
    .where(
      and(ofOwner(purpose, owner), gt(verificationCodes.createdAt, new Date(now.getTime() - 60 * 60_000))),
    );
  return row?.count ?? 0;
}

/** Stores a new code; any earlier unspent one of the owner's is spent, so only the latest can be used. */
export async function replaceCode(
  tx: Database | Transaction,
  code: {
    purpose: CodePurpose;
    owner: CodeOwner;
    /** Where the code is mailed (and what its hash is salted with). */
    email: string;
    userId?: number | null;
    code: string;
    secret: string;
    ttlMinutes: number;
    requestedFrom: string;
    now: Date;
  },
): Promise<void> {
  await tx
    .update(verificationCodes)
    .set({ spentAt: code.now })
    .where(and(ofOwner(code.purpose, code.owner), isNull(verificationCodes.spentAt)));
  await tx.insert(verificationCodes).values({
    purpose: code.purpose,
    userId: code.userId ?? null,
    email: code.email,
    codeHash: hashCode(code.secret, code.email, code.code),
    expiresAt: new Date(code.now.getTime() + code.ttlMinutes * 60_000),
    requestedFrom: code.requestedFrom,
    createdAt: code.now,
  });
}

/**
 * Claims one try at the owner's latest unspent, unexpired code, by one conditional write, before it is compared:
 * however many guesses come at once, on however many instances, at most MAX_CODE_ATTEMPTS are ever compared
 * (issue 33). Null when there is no code left to try.
 */
export async function claimCodeTry(db: Database, purpose: CodePurpose, owner: CodeOwner, now: Date) {
  const [latest] = await db
    .update(verificationCodes)
    .set({ failedAttempts: sql`${verificationCodes.failedAttempts} + 1` })
    .where(
      and(
        sql`${verificationCodes.id} = (select id from ${verificationCodes} where ${ofOwner(purpose, owner)}
          and ${verificationCodes.spentAt} is null order by id desc limit 1)`,
        isNull(verificationCodes.spentAt),
        gt(verificationCodes.expiresAt, now),
        lt(verificationCodes.failedAttempts, MAX_CODE_ATTEMPTS),
      ),
    )
    .returning({
      id: verificationCodes.id,
      email: verificationCodes.email,
      userId: verificationCodes.userId,
      codeHash: verificationCodes.codeHash,
      /** Tries claimed so far, this one included. */
      tries: verificationCodes.failedAttempts,
    });
  return latest ?? null;
}

/** Spends a code (used, or its last try failed); false when it was spent already. */
export async function spendCode(db: Database | Transaction, id: number, now: Date): Promise<boolean> {
  const spent = await db
    .update(verificationCodes)
    .set({ spentAt: now })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.spentAt)))
    .returning({ id: verificationCodes.id });
  return spent.length > 0;
}
