// buildApp(deps): plugins, the error shape, each feature's routes and the built client. Tests call it too.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger, type FastifyServerOptions } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type pg from 'pg';
import { findNul, NUL_MESSAGE } from '../shared/api/text.js';
import type { App, AppServices } from './app-type.js';
import { registerAuthGuard } from './auth-guard.js';
import type { Config, ResolvedConfig } from './config.js';
import type { Database } from './db/client.js';
import { accountRoutes } from './features/account/routes.js';
import { analyticsRoutes } from './features/analytics/routes.js';
import { checkingAccounts } from './features/auth/current-accounts.js';
import { issueResetCode } from './features/auth/password-reset.js';
import { authRoutes } from './features/auth/routes.js';
import { createTokenService } from './features/auth/tokens.js';
import { favoriteRoutes } from './features/favorites/routes.js';
import { hoursRoutes } from './features/hours/routes.js';
import { loyaltyRoutes } from './features/loyalty/routes.js';
import { menuRoutes } from './features/menu/routes.js';
import { messageRoutes } from './features/messages/routes.js';
import { forgetShopOwners } from './features/messages/service.js';
import { optionGroupRoutes } from './features/option-groups/routes.js';
import { orderRoutes } from './features/orders/routes.js';
import { payoutRoutes } from './features/payouts/routes.js';
import { promotionRoutes } from './features/promotions/routes.js';
import { pushHandlers } from './features/push/delivery.js';
import { pushRoutes } from './features/push/routes.js';
import { reviewRoutes } from './features/reviews/routes.js';
import { createShopListCache } from './features/shops/list-cache.js';
import { shopRoutes } from './features/shops/routes.js';
import { expirePromotions } from './features/shops/service.js';
import { uploadRoutes } from './features/uploads/routes.js';
import { HttpError } from './http-error.js';
import { createGazetteerGeocoder, withGazetteerFallback } from './integrations/gazetteer.js';
import { createNominatimGeocoder, type Geocoder } from './integrations/geocoder.js';
import { createLogMailer, createSmtpMailer, type Mailer, type MailMessage } from './integrations/mail.js';
import { createPaystackPayments, type Payments } from './integrations/payments.js';
import { createWebPushSender } from './integrations/push.js';
import { parseJsonBody } from './json-body.js';
import { sharedRateLimitStore } from './limits/rate-limit-store.js';
import { sweepExpiredCounters } from './limits/shared-counter.js';
import { isMultipart, multipartBoundary } from './multipart-boundary.js';
import { createMetrics } from './operations/metrics.js';
import { operationsServerOptions, registerOperations } from './operations/register.js';
import { startOutboxWorker } from './outbox.js';
import { loadPageHtml } from './page-html.js';
import { type Bus, createInProcessBus } from './realtime/bus.js';
import { registerHub } from './realtime/hub.js';
import { trackPresence } from './realtime/presence.js';

export type { App, AppServices } from './app-type.js';

export interface AppDeps {
  /** Its jwtSecret resolved: main.ts asks jwt-secret.ts, tests pass one of their own. */
  config: ResolvedConfig;
  db: Database;
  /** Defaults: SMTP when config.smtpUrl is set, else the log. */
  mailer?: Mailer;
  /** Defaults: Nominatim at config.geocoderUrl when set; the bundled gazetteer behind it either way. */
  geocoder?: Geocoder;
  /** Defaults: Paystack at config.paystackBaseUrl when config.paystackSecretKey is set, else none (503). */
  payments?: Payments;
  /** Default: in-process (one instance). Several instances on PostgreSQL pass createPostgresBus. */
  bus?: Bus;
  /** PostgreSQL's pool (main.ts passes it): its use is in /metrics. */
  pool?: pg.Pool;
  /** How long a WebSocket may stay open without authenticating (default 3 s, realtime/hub.ts). */
  authTimeoutMs?: number;
  logger?: FastifyServerOptions['logger'] | FastifyBaseLogger;
}

const PROMOTION_SWEEP_MS = 60_000;
const COUNTER_SWEEP_MS = 60_000;
export const MAX_WEBSOCKET_FRAME_BYTES = 64 * 1024;
/** Powerful browser features the app never uses are off; location is the page's own (Discover's near me). */
const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(self), payment=(), usb=(), magnetometer=(), gyroscope=(), accelerometer=()';

/**
 * Fastify's trustProxy from TRUST_PROXY. Fastify refuses plain hop counts (it trusts no header then), so a
 * count n becomes "the n hops nearest to us are proxies", as Express reads it: right only when every request
 * comes through those proxies, which is why a list of the proxies' addresses is the better setting.
 */
function trustProxyOption(setting: Config['trustProxy']) {
  if (typeof setting === 'number') return (_address: string, hop: number) => hop < setting;
  return setting;
}

/** ws://host:port (or wss://) of the public address: the only other origin the page may connect to. */
function webSocketOrigin(publicUrl: string): string {
  const url = new URL(publicUrl);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
}

const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/client');

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config } = deps;
  const fastify = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    // Proxy headers (X-Forwarded-For) only from the configured proxies: trusted from anyone, one header would
    // give every request a new client address and dodge each per-address limit (docs/decisions/0002).
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 256 * 1024,
    ...operationsServerOptions(config),
  }).withTypeProvider<ZodTypeProvider>();
  // Depth and NUL are checked on the text, in one pass each, before and after JSON.parse (json-body.ts).
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(String(body)));
    } catch (error) {
      done(error as HttpError, undefined);
    }
  });
  fastify.setValidatorCompiler(validatorCompiler);
  fastify.setSerializerCompiler(serializerCompiler);

  // Every request's and socket's token is checked against its account too (features/auth/current-accounts.ts).
  const tokens = checkingAccounts(createTokenService(config.jwtSecret, config.jwtTtlSeconds), deps.db);
  const mailer =
    deps.mailer ??
    (config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createLogMailer(fastify.log));
  const push = config.vapidKeys
    ? createWebPushSender({
        ...config.vapidKeys,
        subject: config.vapidSubject,
        allowedHosts: config.pushServiceHosts,
      })
    : undefined;
  const services: AppServices = {
    config,
    tokens,
    mailer,
    codes: { db: deps.db, mailer, secret: config.jwtSecret },
    // The map search service when configured, and the bundled gazetteer of South African places behind it.
    geocoder: withGazetteerFallback(
      deps.geocoder ??
        (config.geocoderUrl
          ? createNominatimGeocoder(config.geocoderUrl, `BrewConnect/0.1 (+${config.publicUrl})`)
          : undefined),
      createGazetteerGeocoder(),
    ),
    payments:
      deps.payments ??
      (config.paystackSecretKey
        ? createPaystackPayments({ secretKey: config.paystackSecretKey, baseUrl: config.paystackBaseUrl })
        : undefined),
    bus: deps.bus ?? createInProcessBus(),
    shopLists: createShopListCache(),
    metrics: createMetrics(),
    outbox: startOutboxWorker(
      deps.db,
      {
        receipt_mail: (payload) => mailer.send(payload as MailMessage),
        mail: (payload) => mailer.send(payload as MailMessage),
        password_reset: async (payload, row) => {
          await issueResetCode(services.codes, payload, row);
          services.outbox.kick(); // its mail
        },
        ...pushHandlers(deps.db, push),
      },
      fastify.log,
    ),
    push,
    presence: trackPresence(deps.db, fastify.log),
    shopsChanged() {
      services.shopLists.clear();
      services.bus
        .publish({ type: 'shops_changed' })
        .catch((error) => fastify.log.error({ err: error }, 'could not tell other instances shops changed'));
    },
  };
  // Another instance changed shops, or this one may have missed such news while its bus was away.
  services.bus.subscribe((event) => {
    if (event.type === 'shops_changed' || event.type === 'resync') {
      services.shopLists.clear();
      forgetShopOwners(deps.db);
    }
  });
  fastify.decorate('db', deps.db);
  fastify.decorate('deps', services);
  fastify.addHook('onClose', async () => services.outbox.stop());
  const app = fastify as unknown as App;

  app.setErrorHandler((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const problems = error.validation.map((issue) => {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const message = issue.message ?? 'is invalid';
        return field && !message.startsWith(field) ? `${field}: ${message}` : message;
      });
      return reply.code(400).send({ message: problems.join('; ') });
    }
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.code(error.statusCode).send({ message: error.message });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, rate limit): keep their status and words.
      return reply.code(status).send({ message: (error as Error).message });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send({ message: 'Internal server error' });
  });

  // Security headers on every answer. Helmet's middleware is built once here: @fastify/helmet rebuilt it (and
  // re-parsed the policy) on every request, a twentieth of the server's time under load.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Shop photos may be any https address; map tiles come from MAP_TILE_URL's origin, http in tests.
        imgSrc: ["'self'", 'data:', 'https:', new URL(config.mapTileUrl.replace(/\{[a-z]\}/g, '0')).origin],
        // The API and the live connection only. CSP3's 'self' covers ws/wss of the page's own host; the
        // public origin's ws(s) form is listed too for browsers that read 'self' the CSP2 way.
        connectSrc: ["'self'", webSocketOrigin(config.publicUrl)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Over https only (below): a browser ignores it over http, and a scanner reads it there as a misconfiguration.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    // request.protocol is https on a TLS socket, or behind a trusted proxy that says so (X-Forwarded-Proto).
    if (request.protocol === 'https')
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
  // A multipart body without a usable boundary cannot be read: refused before anything reads it.
  app.addHook('onRequest', (request, _reply, done) => {
    const contentType = request.headers['content-type'];
    const unreadable = isMultipart(contentType) && multipartBoundary(contentType) === null;
    done(
      unreadable ? new HttpError(400, 'A multipart body needs a boundary of 1 to 70 characters') : undefined,
    );
  });
  // U+0000 in any text of a body, query string or path is a 400 naming the field, before any schema: PostgreSQL
  // text cannot hold it (a 500), and a route whose schema forgot safeText (shared/api/text.ts) is covered too.
  // JSON bodies were checked as they were parsed (json-body.ts); a text body is one string. Other bodies are
  // bytes for their own route to judge (the Paystack webhook's raw body, checked against its signature first):
  // walking a Buffer's entries cost 150-400 ms for 255 KB before anyone was authenticated (issue 33).
  app.addHook('preValidation', (request, _reply, done) => {
    const body = typeof request.body === 'string' ? request.body : undefined;
    const field = findNul(request.query, '') ?? findNul(body, '') ?? findNul(request.params, '');
    done(field ? new HttpError(400, `${field}: ${NUL_MESSAGE}`) : undefined);
  });
  // Each route's config.rateLimit counts in the database, so the limits hold across every instance (decision 0006).
  await app.register(rateLimit, { global: false, store: sharedRateLimitStore(deps.db) });
  await app.register(websocket, {
    // A frame larger than this closes the socket with 1009 before it is read into memory: every client event
    // is a few hundred bytes, and unlimited frames let a visitor push the server's memory up by gigabytes.
    options: { maxPayload: MAX_WEBSOCKET_FRAME_BYTES },
    // Tell every socket the server is going away (1001) rather than closing it without a code (the plugin's
    // default), so a client can tell a shutdown from a refusal (4401). Clients reconnect either way (spec §4).
    preClose(done) {
      for (const client of this.websocketServer.clients) client.close(1001, 'Server shutting down');
      this.websocketServer.close();
      done();
    },
  });
  registerAuthGuard(app, tokens);
  registerOperations(app, { pool: deps.pool });

  app.get('/api/health', async () => ({ status: 'ok' }));
  accountRoutes(app, authRoutes(app));
  shopRoutes(app);
  favoriteRoutes(app);
  reviewRoutes(app);
  messageRoutes(app);
  menuRoutes(app);
  optionGroupRoutes(app);
  hoursRoutes(app);
  orderRoutes(app);
  loyaltyRoutes(app);
  promotionRoutes(app);
  payoutRoutes(app);
  pushRoutes(app);
  analyticsRoutes(app);
  uploadRoutes(app);
  registerHub(app, services.bus, services.presence, { authTimeoutMs: deps.authTimeoutMs });

  if (existsSync(clientDir)) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // The build wrote brotli and gzip copies (vite.config.ts): sent as the browser accepts, never compressed
      // per request.
      preCompressed: true,
      cacheControl: false, // set below, per file
      // Vite's file names carry a hash of their content, so a file under /assets/ never changes: a year,
      // immutable. Anything else (index.html) is asked for again each time, so a release shows at once.
      setHeaders(response, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        response.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  // API answers are per user and change with every write: the browser keeps none (TanStack Query caches them).
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
  const pageHtml = loadPageHtml(clientDir);
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    // A path with a file extension that is not a built asset (/.env, /wp-login.php) is a missing file, not a
    // page of the app: 404 says so, where the app page would look like something was served.
    const looksLikeFile = /\.[^/]*$/.test(pathname);
    const notFound = () =>
      reply.code(404).send({ message: `Not found: ${request.method} ${request.url.split('?')[0]}` });
    if (request.url.startsWith('/api/') || request.url === '/api' || looksLikeFile) return notFound();
    // A page is only ever read: DELETE /, TRACE or PROPFIND get no page (issue 33), but a 405 naming what works,
    // whether or not the client has been built.
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply
        .code(405)
        .header('allow', 'GET, HEAD')
        .send({ message: `Method not allowed: ${request.method} ${pathname} (pages are read with GET)` });
    }
    if (!pageHtml) return notFound();
    // Every other path is the single-page app; its router shows the 404 page for unknown routes.
    const page = pageHtml!(pathname);
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const [encoding, body] = /\bbr\b/.test(accepted)
      ? ['br', page.br]
      : /\bgzip\b/.test(accepted)
        ? ['gzip', page.gzip]
        : [null, page.html];
    if (encoding) reply.header('content-encoding', encoding);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .send(body);
  });

  // Keep the promoted flag honest: it orders the default list (the featured rule itself checks the expiry).
  const sweepPromotions = () =>
    expirePromotions(app.db)
      .then((expired) => {
        if (expired > 0) services.shopsChanged();
      })
      .catch((error) => app.log.error({ err: error }, 'could not expire promotions'));
  const promotionSweep = setInterval(sweepPromotions, PROMOTION_SWEEP_MS);
  promotionSweep.unref();
  // Ended windows of the shared limits already count as absent; deleting them keeps the table to the live ones.
  const counterSweep = setInterval(
    () =>
      sweepExpiredCounters(app.db).catch((error) =>
        app.log.error({ err: error }, 'could not sweep limit counters'),
      ),
    COUNTER_SWEEP_MS,
  );
  counterSweep.unref();
  app.addHook('onReady', async () => {
    await sweepPromotions();
  });

  app.addHook('onClose', async () => {
    clearInterval(promotionSweep);
    clearInterval(counterSweep);
    mailer.close();
    await services.bus.close();
  });
  return app;
}
