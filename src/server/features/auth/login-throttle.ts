// Stops password guessing with two counts of failed sign-ins (docs/decisions/0002-rate-limits.md):
// per account, whatever the client address: after a few free failures each further try must wait longer (1 s,
// 2 s, 4 s … at most a minute), so at most about 70 guesses an hour reach an account (ASVS 2.2.1: ≤ 100), yet a
// stranger cannot lock its owner out for long; per client address, across all emails: one address that keeps
// failing is refused for a while, so one machine cannot spray guesses (or hashing work) over many accounts.
// A try counts as failed from the moment it starts until it succeeds, so concurrent tries cannot slip past.
// Both counts are shared counters in the database (limits/shared-counter.ts, docs/decisions/0006): every
// instance sees the same ones, and each is checked and moved by one conditional write.
import type { Database } from '../../db/client.js';
import { HttpError } from '../../http-error.js';
import {
  type Backoff,
  backoffDelayMs,
  type ClockOption,
  type Counted,
  forget,
  hit,
  hitWithBackoff,
  restartDelay,
  takeBack,
  waitsBefore,
} from '../../limits/shared-counter.js';

/** Failures an account takes before each further try must wait. */
export const FREE_ACCOUNT_FAILURES = 10;
/** The longest wait between tries on one account: it caps the guesses at about 60 an hour. */
export const MAX_ACCOUNT_DELAY_MS = 60_000;
/** An account's failures are forgotten this long after its last one. */
export const ACCOUNT_MEMORY_MS = 60 * 60 * 1000;
/** Failures one client address may have, across all emails, within ADDRESS_WINDOW_MS. */
export const MAX_ADDRESS_FAILURES = 30;
export const ADDRESS_WINDOW_MS = 15 * 60 * 1000;

const ACCOUNT_BACKOFF: Backoff = {
  free: FREE_ACCOUNT_FAILURES,
  firstDelayMs: 1000,
  maxDelayMs: MAX_ACCOUNT_DELAY_MS,
  memoryMs: ACCOUNT_MEMORY_MS,
};
const ADDRESS_LIMIT = { max: MAX_ADDRESS_FAILURES, windowMs: ADDRESS_WINDOW_MS };

const accountKey = (email: string) => `login:account:${email.toLowerCase()}`;
const addressKey = (address: string) => `login:address:${address}`;

/** One sign-in try under way: say how it ended, exactly once. */
export interface SignInAttempt {
  /** The password was right: the account's failures are forgotten and the address's count of this try taken back. */
  succeeded(): Promise<void>;
  /** The password was wrong: the try stays counted, and the account's wait starts now. */
  failed(): Promise<void>;
  /** The try ended without a verdict (refused for load, an error): it does not count. */
  abandoned(): Promise<void>;
}

function tooMany(waitMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const wait = seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
  return new HttpError(429, `Too many failed sign-in attempts. Please try again in ${wait}.`, seconds);
}

/** How long an account with this many failures must wait after its last one. */
export function accountDelayMs(failures: number): number {
  return backoffDelayMs(failures, ACCOUNT_BACKOFF);
}

export class LoginThrottle {
  /** `now`: a test's clock (milliseconds); absent, the database's clock, which every instance shares. */
  constructor(
    private readonly db: Database,
    private readonly now?: () => number,
  ) {}

  private clock(): ClockOption {
    return this.now ? { now: this.now() } : {};
  }

  /**
   * Starts a try of `email` from `address`: throws 429 (with Retry-After) while the account must wait or the
   * address has used up its failures; otherwise counts the try as failed until told it succeeded.
   */
  async begin(address: string, email: string): Promise<SignInAttempt> {
    const account = accountKey(email);
    // A look first, so a refused try (most of them, under attack) costs one read and moves nothing.
    const [addressWait, accountWait] = await waitsBefore(
      this.db,
      [
        { key: addressKey(address), rule: ADDRESS_LIMIT },
        { key: account, rule: ACCOUNT_BACKOFF },
      ],
      this.clock(),
    );
    if (addressWait > 0 || accountWait > 0) throw tooMany(addressWait || accountWait);
    // Then the conditional writes, which decide: a try that raced past the look is refused here.
    const client = await hit(this.db, addressKey(address), ADDRESS_LIMIT, this.clock());
    if (!client.counted) throw tooMany(client.retryAfterMs);
    const tries = await hitWithBackoff(this.db, account, ACCOUNT_BACKOFF, this.clock());
    if (!tries.counted) {
      // The account must wait: this try is no failure of the address either. (Between the two statements the
      // address counted it, so a concurrent try from it saw one failure more, never one fewer.)
      await takeBack(this.db, client.counted);
      throw tooMany(tries.retryAfterMs);
    }
    return this.attempt(client.counted, tries.counted);
  }

  private attempt(client: Counted, account: Counted): SignInAttempt {
    let settled = false;
    const once = (settle: () => Promise<unknown>) => async () => {
      if (settled) return;
      settled = true;
      await settle();
    };
    return {
      // The right password clears the account's failures: its owner is back.
      succeeded: once(() => Promise.all([takeBack(this.db, client), forget(this.db, account.key)])),
      // The wait counts from when the failure was known, not from when the (slow) check began.
      failed: once(() => restartDelay(this.db, account, ACCOUNT_BACKOFF, this.clock())),
      abandoned: once(() => Promise.all([takeBack(this.db, client), takeBack(this.db, account)])),
    };
  }
}
