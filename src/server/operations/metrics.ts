// Prometheus metrics (issue 33): requests per route, the event loop, the database, the bus, orders; GET /metrics.
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { App } from '../app-type.js';
import { HttpError } from '../http-error.js';

/** One sample of a gauge read at scrape time: its labels (if the gauge has any) and its value. */
export interface GaugeSample {
  labels?: Record<string, string>;
  value: number;
}

export interface SampledGaugeSpec {
  name: string;
  help: string;
  labelNames?: string[];
  /** Called at every scrape (every 15 s or so): a count query or an in-memory read, never anything slow. */
  sample(): Promise<GaugeSample[]> | GaugeSample[];
}

/** This app's counters, as the features see them (app.deps.metrics). */
export interface Metrics {
  orderPlaced(): void;
  orderMoved(status: string): void;
  /**
   * A gauge read from its source at each scrape, rather than moved by the code: the place for numbers that live
   * in the database and are the same for every instance. The notification outbox's depth
   * (`notification_outbox_depth`) and payments by state (`payments{state}`) belong here once they exist, e.g.
   * `addSampledGauge({ name: 'payments', labelNames: ['state'], sample: () => countPaymentsByState(db) })`.
   */
  addSampledGauge(spec: SampledGaugeSpec): void;
  /** The exposition text of this app's metrics and the process's own (event loop, memory, CPU). */
  scrape(): Promise<{ contentType: string; text: string }>;
  /** Where the METRICS_PORT listener listens (http://host:port), once it does. */
  listenerUrl(): string | undefined;
}

/** Seconds: from a cached discover answer (~1 ms) to a slow upload or analytics export. */
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** A scrape must answer even when the database does not: the ping gives up and reports itself down. */
const PING_TIMEOUT_MS = 2000;

/**
 * The process's own metrics (event loop lag, memory, CPU, GC) are one set per process, however many apps it runs
 * (the tests run many): made once, merged into each app's scrape.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 10 });
  }
  return processRegistry;
}

interface MetricsInternals extends Metrics {
  registry: Registry;
  requests: Counter<'method' | 'route' | 'status_code'>;
  durations: Histogram<'method' | 'route'>;
  setListenerUrl(url: string | undefined): void;
}

export function createMetrics(): Metrics {
  // A registry per app, not prom-client's global one: the tests build several apps in one process.
  const registry = new Registry();
  const placed = new Counter({
    name: 'orders_placed_total',
    help: 'Orders placed through this instance (idempotent replays not counted)',
    registers: [registry],
  });
  const moved = new Counter({
    name: 'orders_moved_total',
    help: 'Order moves through this instance, by the status moved to',
    labelNames: ['status'],
    registers: [registry],
  });
  let listenerUrl: string | undefined;
  const metrics: MetricsInternals = {
    registry,
    requests: new Counter({
      name: 'http_requests_total',
      help: 'Requests answered, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'],
      registers: [registry],
    }),
    durations: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request arriving to its answer being sent, by method and route pattern',
      labelNames: ['method', 'route'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
    orderPlaced: () => placed.inc(),
    orderMoved: (status) => moved.inc({ status }),
    addSampledGauge(spec) {
      new Gauge({
        name: spec.name,
        help: spec.help,
        labelNames: spec.labelNames ?? [],
        registers: [registry],
        async collect() {
          const samples = await spec.sample();
          this.reset();
          for (const { labels, value } of samples) {
            if (labels) this.set(labels, value);
            else this.set(value);
          }
        },
      });
    },
    async scrape() {
      const merged = Registry.merge([processMetrics(), registry]);
      return { contentType: merged.contentType, text: await merged.metrics() };
    },
    listenerUrl: () => listenerUrl,
    setListenerUrl: (url) => {
      listenerUrl = url;
    },
  };
  return metrics;
}

function timeout(ms: number) {
  return new Promise<never>((_resolve, reject) => {
    setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref();
  });
}

/** Times `select 1`; rejects when the database does not answer within PING_TIMEOUT_MS. */
export async function pingDatabase(app: App): Promise<number> {
  const started = process.hrtime.bigint();
  await Promise.race([app.db.execute(sql`select 1`), timeout(PING_TIMEOUT_MS)]);
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/** The gauges and counters read from the database and the bus at scrape time. */
function addSourceMetrics(app: App, metrics: MetricsInternals, pool: pg.Pool | undefined) {
  const { registry } = metrics;
  if (pool) {
    metrics.addSampledGauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL connections of the pool, open (total) and idle among them',
      labelNames: ['state'],
      sample: () => [
        { labels: { state: 'total' }, value: pool.totalCount },
        { labels: { state: 'idle' }, value: pool.idleCount },
      ],
    });
    metrics.addSampledGauge({
      name: 'db_pool_waiting_clients',
      help: 'Queries waiting for a PostgreSQL connection because every one of the pool is busy',
      sample: () => [{ value: pool.waitingCount }],
    });
  }
  // PGlite has no pool: one connection inside the process, every query queued behind the ones running. The
  // time a `select 1` takes is how long a query waits for it, so that is the number that says it is overloaded.
  // On PostgreSQL it is the round trip plus the wait for a pooled connection. One ping serves both gauges of a
  // scrape (prom-client collects them concurrently).
  let recent: { at: number; seconds: Promise<number | undefined> } | undefined;
  const ping = () => {
    if (!recent || Date.now() - recent.at > 1000)
      recent = { at: Date.now(), seconds: pingDatabase(app).catch(() => undefined) };
    return recent.seconds;
  };
  metrics.addSampledGauge({
    name: 'db_ping_seconds',
    help: 'Time a select 1 took at this scrape (on the embedded database: the wait behind running queries)',
    sample: async () => {
      const seconds = await ping();
      return seconds === undefined ? [] : [{ value: seconds }];
    },
  });
  metrics.addSampledGauge({
    name: 'db_up',
    help: 'Whether the database answered the scrape’s select 1 within 2 s',
    sample: async () => [{ value: (await ping()) === undefined ? 0 : 1 }],
  });
  metrics.addSampledGauge({
    name: 'bus_connected',
    help: 'Whether this instance hears the other instances’ events (always 1 with one instance)',
    sample: () => [{ value: app.deps.bus.status().connected ? 1 : 0 }],
  });
  new Counter({
    name: 'bus_reconnects_total',
    help: 'Times the bus’s listening connection to PostgreSQL dropped and was established again',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(app.deps.bus.status().reconnects);
    },
  });
}

/** Equal in constant time whatever the lengths: both sides hashed first, so no early exit tells how much matched. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function bearerToken(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const match = value ? /^Bearer\s+(\S+)\s*$/i.exec(value) : null;
  return match?.[1];
}

/**
 * Counts every request, serves GET /metrics on the public port to holders of METRICS_TOKEN only, and on
 * METRICS_PORT's listener when set.
 *
 * Without METRICS_TOKEN the public port answers /metrics 404, as it does any path it does not serve (the
 * numbers may be on METRICS_PORT, which is not the public's business). With it, a missing or wrong token is
 * 401 with `WWW-Authenticate: Bearer`: the path is in the README, so a 404 would hide nothing, and an operator
 * whose scraper sends the wrong token should be told that rather than "not found".
 */
export function registerMetrics(app: App, options: { pool?: pg.Pool }) {
  const metrics = app.deps.metrics as MetricsInternals;
  const { metricsToken, metricsPort, host } = app.deps.config;
  addSourceMetrics(app, metrics, options.pool);

  app.addHook('onResponse', (request, reply, done) => {
    // The route's pattern (/api/orders/:id), never the raw URL, so ids and scanners' paths cannot grow the
    // number of series; pages and unknown paths share one label.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.requests.inc({ method: request.method, route, status_code: String(reply.statusCode) });
    metrics.durations.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    done();
  });

  app.get('/metrics', async (request, reply) => {
    if (!metricsToken) throw new HttpError(404, 'Not found: GET /metrics');
    const token = bearerToken(request.headers.authorization);
    if (!token || !sameSecret(token, metricsToken)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new HttpError(401, 'A valid metrics token is required');
    }
    const { contentType, text } = await metrics.scrape();
    return reply.type(contentType).header('cache-control', 'no-store').send(text);
  });

  if (metricsPort === undefined) return;
  let listener: Server | undefined;
  app.addHook('onReady', async () => {
    listener = createServer((request, response) => void serveMetrics(request, response));
    await new Promise<void>((resolve, reject) => {
      listener!.once('error', reject);
      listener!.listen(metricsPort, host, () => resolve());
    });
    const address = listener.address() as AddressInfo;
    const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    metrics.setListenerUrl(`http://${shownHost}:${address.port}`);
    app.log.info(`metrics are served at ${metrics.listenerUrl()}/metrics`);
  });
  app.addHook('onClose', async () => {
    if (!listener) return;
    listener.closeAllConnections();
    await new Promise<void>((resolve) => listener!.close(() => resolve()));
  });

  /** The METRICS_PORT listener: GET /metrics only; the token too when one is set. */
  async function serveMetrics(request: IncomingMessage, response: ServerResponse) {
    const reply = (status: number, message: string, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify({ message }));
    };
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics')
      return reply(404, `Not found: ${request.method} ${request.url?.split('?')[0]}`);
    const token = bearerToken(request.headers.authorization);
    if (metricsToken && (!token || !sameSecret(token, metricsToken)))
      return reply(401, 'A valid metrics token is required', {
        'www-authenticate': 'Bearer realm="metrics"',
      });
    try {
      const { contentType, text } = await metrics.scrape();
      response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
      response.end(text);
    } catch (error) {
      app.log.error({ err: error }, 'could not collect the metrics');
      reply(500, 'Internal server error');
    }
  }
}
