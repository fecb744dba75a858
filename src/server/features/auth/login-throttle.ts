// Stops password guessing with two counts of failed sign-ins (docs/decisions/0002-rate-limits.md):
// per account, whatever the client address: after a few free failures each further try must wait longer (1 s,
// 2 s, 4 s … at most a minute), so at most about 70 guesses an hour reach an account (ASVS 2.2.1: ≤ 100), yet a
// stranger cannot lock its owner out for long; per client address, across all emails: one address that keeps
// failing is refused for a while, so one machine cannot spray guesses (or hashing work) over many accounts.
// A try counts as failed from the moment it starts until it succeeds, so concurrent tries cannot slip past.
// Kept in memory: one instance owns its counts (see the decision record for several instances).
import { HttpError } from '../../http-error.js';

/** Failures an account takes before each further try must wait. */
export const FREE_ACCOUNT_FAILURES = 10;
/** The longest wait between tries on one account: it caps the guesses at about 60 an hour. */
export const MAX_ACCOUNT_DELAY_MS = 60_000;
/** An account's failures are forgotten this long after its last one. */
export const ACCOUNT_MEMORY_MS = 60 * 60 * 1000;
/** Failures one client address may have, across all emails, within ADDRESS_WINDOW_MS. */
export const MAX_ADDRESS_FAILURES = 30;
export const ADDRESS_WINDOW_MS = 15 * 60 * 1000;
/** Entries kept at most per count: when very many accounts or addresses are tried, the oldest go first. */
const MAX_ENTRIES = 100_000;

interface AccountEntry {
  failures: number;
  lastAt: number;
}
interface AddressEntry {
  failures: number;
  firstAt: number;
}

/** One sign-in try under way: say how it ended, exactly once. */
export interface SignInAttempt {
  /** The password was right: the account's and the address's count of this try are taken back. */
  succeeded(): void;
  /** The password was wrong: the try stays counted, and the account's wait starts now. */
  failed(): void;
  /** The try ended without a verdict (refused for load, an error): it does not count. */
  abandoned(): void;
}

function tooMany(waitMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const wait = seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
  return new HttpError(429, `Too many failed sign-in attempts. Please try again in ${wait}.`, seconds);
}

function remember<T>(map: Map<string, T>, key: string, value: T) {
  map.delete(key); // re-inserted last: the map's order is least recently failed first
  map.set(key, value);
  if (map.size > MAX_ENTRIES) map.delete(map.keys().next().value as string);
}

/** How long an account with this many failures must wait after its last one. */
export function accountDelayMs(failures: number): number {
  if (failures < FREE_ACCOUNT_FAILURES) return 0;
  return Math.min(MAX_ACCOUNT_DELAY_MS, 1000 * 2 ** (failures - FREE_ACCOUNT_FAILURES));
}

export class LoginThrottle {
  private accounts = new Map<string, AccountEntry>();
  private addresses = new Map<string, AddressEntry>();

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * Starts a try of `email` from `address`: throws 429 (with Retry-After) while the account must wait or the
   * address has used up its failures; otherwise counts the try as failed until told it succeeded.
   */
  begin(address: string, email: string): SignInAttempt {
    const now = this.now();
    const accountKey = email.toLowerCase();
    let account = this.accounts.get(accountKey);
    if (account && now - account.lastAt > ACCOUNT_MEMORY_MS) account = undefined;
    let client = this.addresses.get(address);
    if (client && now - client.firstAt > ADDRESS_WINDOW_MS) client = undefined;

    if (client && client.failures >= MAX_ADDRESS_FAILURES)
      throw tooMany(client.firstAt + ADDRESS_WINDOW_MS - now);
    if (account) {
      const wait = account.lastAt + accountDelayMs(account.failures) - now;
      if (wait > 0) throw tooMany(wait);
    }

    remember(this.accounts, accountKey, { failures: (account?.failures ?? 0) + 1, lastAt: now });
    remember(this.addresses, address, {
      failures: (client?.failures ?? 0) + 1,
      firstAt: client?.firstAt ?? now,
    });

    let settled = false;
    const takeBack = (forgetAccount: boolean) => {
      if (settled) return;
      settled = true;
      const ownClient = this.addresses.get(address);
      if (ownClient) ownClient.failures = Math.max(0, ownClient.failures - 1);
      const ownAccount = this.accounts.get(accountKey);
      if (!ownAccount) return;
      ownAccount.failures -= 1;
      if (forgetAccount || ownAccount.failures <= 0) this.accounts.delete(accountKey);
    };
    return {
      // The right password clears the account's failures: its owner is back.
      succeeded: () => takeBack(true),
      // The wait counts from when the failure was known, not from when the (slow) check began.
      failed: () => {
        if (settled) return;
        settled = true;
        const ownAccount = this.accounts.get(accountKey);
        if (ownAccount) ownAccount.lastAt = Math.max(ownAccount.lastAt, this.now());
      },
      abandoned: () => takeBack(false),
    };
  }
}
