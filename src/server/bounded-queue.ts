// A bounded line for CPU-heavy work (CONVENTIONS rule 23): a few run at once, a short line waits behind them, and
// each key (a client address, an owner) holds at most its share of both. Past a bound a request is refused at
// once with Retry-After — 429 for a key over its share, 503 when the line is full — rather than piling up.
import { HttpError } from './http-error.js';

export interface QueueLimits {
  /** Work running at once. */
  running: number;
  /** Requests waiting for a free slot. */
  waiting: number;
  /** Running plus waiting, per key. */
  perKey: number;
}

export interface QueueRefusals {
  /** The 429 message for a key already holding its share. */
  overShare: string;
  /** The 503 message when the line is full. */
  full: string;
  retryAfterSeconds: number;
}

export class BoundedQueue {
  private active = 0;
  private readonly line: (() => void)[] = [];
  private readonly held = new Map<string, number>();

  constructor(
    private readonly limits: QueueLimits,
    private readonly refusals: QueueRefusals,
  ) {}

  /** Runs `work` when a slot is free, or refuses at once. `key` null: no share to count (the line still holds). */
  async run<T>(key: string | null, work: () => Promise<T>): Promise<T> {
    const mine = key === null ? 0 : (this.held.get(key) ?? 0);
    const { overShare, full, retryAfterSeconds } = this.refusals;
    if (mine >= this.limits.perKey) throw new HttpError(429, overShare, retryAfterSeconds);
    const mustWait = this.active >= this.limits.running;
    if (mustWait && this.line.length >= this.limits.waiting)
      throw new HttpError(503, full, retryAfterSeconds);

    if (key !== null) this.held.set(key, mine + 1);
    try {
      if (mustWait) await new Promise<void>((start) => this.line.push(start));
      else this.active += 1;
      try {
        return await work();
      } finally {
        // The next in line takes this slot over (active stays the same), or it is freed.
        const next = this.line.shift();
        if (next) next();
        else this.active -= 1;
      }
    } finally {
      if (key !== null) {
        const left = (this.held.get(key) ?? 1) - 1;
        if (left > 0) this.held.set(key, left);
        else this.held.delete(key);
      }
    }
  }

  /** Work running and waiting now (for tests and diagnostics). */
  load() {
    return { running: this.active, waiting: this.line.length };
  }
}
