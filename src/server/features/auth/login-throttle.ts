// Stops password guessing: after too many failed sign-ins for one email from one address, more are refused
// for a while. Only failures count, so people who sign in often are never locked out.
import { HttpError } from '../../http-error.js';

export const MAX_FAILED_SIGN_INS = 10;
export const FAILED_SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

export class LoginThrottle {
  private failures = new Map<string, { count: number; firstAt: number }>();

  constructor(
    private readonly max = MAX_FAILED_SIGN_INS,
    private readonly windowMs = FAILED_SIGN_IN_WINDOW_MS,
  ) {}

  private key(address: string, email: string) {
    return `${address}|${email.toLowerCase()}`;
  }

  /** Throws 429 while this address has used up its failed tries for this email. */
  check(address: string, email: string, now = Date.now()) {
    const entry = this.failures.get(this.key(address, email));
    if (!entry) return;
    if (now - entry.firstAt > this.windowMs) {
      this.failures.delete(this.key(address, email));
      return;
    }
    if (entry.count >= this.max) {
      const minutes = Math.ceil((entry.firstAt + this.windowMs - now) / 60_000);
      throw new HttpError(429, `Too many failed sign-in attempts. Please try again in ${minutes} minutes.`);
    }
  }

  recordFailure(address: string, email: string, now = Date.now()) {
    const key = this.key(address, email);
    const entry = this.failures.get(key);
    if (!entry || now - entry.firstAt > this.windowMs) this.failures.set(key, { count: 1, firstAt: now });
    else entry.count += 1;
    // Keep memory bounded: forget the oldest entries when very many addresses are guessing.
    if (this.failures.size > 100_000) this.failures.delete(this.failures.keys().next().value as string);
  }

  recordSuccess(address: string, email: string) {
    this.failures.delete(this.key(address, email));
  }
}
