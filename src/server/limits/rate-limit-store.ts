// @fastify/rate-limit's store over the shared counters (shared-counter.ts): every route's `config.rateLimit`
// (registrations, send-code, verify-code, messages, geocode …) counts in the database, so the limit holds across
// all instances rather than per instance (docs/decisions/0006-shared-limits.md). The plugin builds the store with
// `new Store(options)` and asks each route's store for a child; a child's keys are prefixed by its route, as the
// plugin's own Redis store does.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Database } from '../db/client.js';
import { hit, peek } from './shared-counter.js';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** What the plugin hands child(): the route's merged limit settings and, as routeInfo, the route itself. */
interface ChildOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  ban?: number;
  routeInfo?: { method?: string | string[]; url?: string };
}

/** A store class bound to `db`, for `app.register(rateLimit, { store: sharedRateLimitStore(db) })`. */
export function sharedRateLimitStore(db: Database): FastifyRateLimitStoreCtor {
  class SharedRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = 'rate:*:',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number, max: number) {
      hit(db, this.prefix + key, { max, windowMs: timeWindow }).then(
        // A refused hit is not counted; the plugin refuses when current > max, so it is told one past max.
        (counted) =>
          callback(null, {
            current: counted.allowed ? counted.count : max + 1,
            ttl: counted.resetInMs,
          }),
        (error: Error) => callback(error),
      );
    }

    /** The plugin's `{ increment: false }` peek. */
    read(key: string, callback: Callback) {
      peek(db, this.prefix + key).then(
        (state) => callback(null, { current: state.count, ttl: state.retryAfterMs }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      const options = routeOptions as ChildOptions;
      // Each would need its own rule in the shared counter; no route uses them, so say so rather than ignore them.
      if (options.continueExceeding || options.exponentialBackoff || (options.ban ?? -1) >= 0)
        throw new Error('The shared rate-limit store has no continueExceeding, exponentialBackoff or ban');
      const method = [options.routeInfo?.method ?? '*'].flat().join(',');
      return new SharedRateLimitStore(undefined, `rate:${method} ${options.routeInfo?.url ?? '*'}:`);
    }
  }
  return SharedRateLimitStore;
}
