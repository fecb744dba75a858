// The app as its features see it: Fastify with the zod type provider, the database and the shared services.
// A file of its own so that features/*/routes.ts import this type, never app.ts, which imports them (rule 18).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ResolvedConfig } from './config.js';
import type { Database } from './db/client.js';
import type { CodeDeps } from './features/auth/service.js';
import type { TokenService } from './features/auth/tokens.js';
import type { ShopListCache } from './features/shops/list-cache.js';
import type { Geocoder } from './integrations/geocoder.js';
import type { Mailer } from './integrations/mail.js';
import type { Payments } from './integrations/payments.js';
import type { PushSender } from './integrations/push.js';
import type { Metrics } from './operations/metrics.js';
import type { OutboxWorker } from './outbox.js';
import type { Bus } from './realtime/bus.js';
import type { Presence } from './realtime/presence.js';

export interface AppServices {
  config: ResolvedConfig;
  tokens: TokenService;
  mailer: Mailer;
  codes: CodeDeps;
  geocoder: Geocoder;
  /** Paystack when PAYSTACK_SECRET_KEY is set; undefined: pricing only, initialize answers 503. */
  payments: Payments | undefined;
  bus: Bus;
  /** Discover answers that are the same for everyone, ready as JSON (features/shops/list-cache.ts). */
  shopLists: ShopListCache;
  /**
   * Call after any committed change to shops that a list shows (a new shop, a rating, a promotion): clears the
   * cached discover answers here at once and, through the bus, on every other instance.
   */
  shopsChanged(): void;
  /** Counters for /metrics (operations/metrics.ts): orders placed and moved; gauges read at each scrape. */
  metrics: Metrics;
  /** Work that can wait (outbox.ts): kick it after committing a change that enqueued some. */
  outbox: OutboxWorker;
  /** Web Push with the VAPID keys (config.vapidKeys); undefined: push is off (public-key answers 503). */
  push: PushSender | undefined;
  /** Who has a live socket open on this instance, kept in socket_presence for every instance to read. */
  presence: Presence;
}

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
> & { db: Database; deps: AppServices };
