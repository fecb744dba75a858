// Bounds the password hashing (argon2, ~50–150 ms of a core each) that sign-in, registration and sign-up run:
// a few at once, a short queue behind them, and at most a couple per client address in both together. Past
// that a request is refused at once (429 for an address over its share, 503 when the queue is full), with
// Retry-After, rather than piling up: a flood from one address then delays other people by a hash or two at
// most, never by seconds (docs/decisions/0002-rate-limits.md).
import { HttpError } from '../../http-error.js';

export interface HashGateLimits {
  /** Hashes running at once: about the cores the server may spend on them. */
  running: number;
  /** Requests waiting for a slot. */
  waiting: number;
  /** Running plus waiting, per client address. */
  perAddress: number;
}

export const DEFAULT_HASH_LIMITS: HashGateLimits = { running: 2, waiting: 16, perAddress: 2 };

export class HashGate {
  private active = 0;
  private queue: (() => void)[] = [];
  private byAddress = new Map<string, number>();

  constructor(private readonly limits: HashGateLimits = DEFAULT_HASH_LIMITS) {}

  /** Runs `work` (which hashes or verifies a password) when a slot is free, or refuses at once. */
  async run<T>(address: string, work: () => Promise<T>): Promise<T> {
    const mine = this.byAddress.get(address) ?? 0;
    if (mine >= this.limits.perAddress)
      throw new HttpError(429, 'Too many sign-in requests at once. Please try again in a moment.', 1);
    if (this.active >= this.limits.running && this.queue.length >= this.limits.waiting)
      throw new HttpError(503, 'The server is busy. Please try again in a moment.', 1);

    this.byAddress.set(address, mine + 1);
    try {
      if (this.active >= this.limits.running) await new Promise<void>((resolve) => this.queue.push(resolve));
      else this.active += 1;
      try {
        return await work();
      } finally {
        // Hand the slot straight to the next in line (active stays the same), or free it.
        const next = this.queue.shift();
        if (next) next();
        else this.active -= 1;
      }
    } finally {
      const left = (this.byAddress.get(address) ?? 1) - 1;
      if (left <= 0) this.byAddress.delete(address);
      else this.byAddress.set(address, left);
    }
  }

  /** Hashes running and waiting now (for tests and diagnostics). */
  load() {
    return { running: this.active, waiting: this.queue.length };
  }
}
