// What operators see (issue 33): /metrics only for the metrics token's holder (or on METRICS_PORT), its named
// families after real traffic, /api/ready while serving and while draining, and a request id on every answer and
// every log line, passed on from a trusted proxy only.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { type App, buildApp } from '../../src/server/app.js';
import type { DatabaseHandle } from '../../src/server/db/client.js';
import type { Order } from '../../src/shared/api/orders.js';
import { makeMenuItem, makeShop, makeUser } from '../support/factories.js';
import { postOrder, soon } from '../support/order-factories.js';
import { type Api, httpClient, openTestDatabase, testConfig } from '../support/test-app.js';

const METRICS_TOKEN = 'metrics-token-for-the-operations-test-0123456789';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface Server {
  app: App;
  base: string;
  api: Api;
}

let database: DatabaseHandle;
const servers: App[] = [];

/**
 * An app on the shared test database with `env`, given the pool as main.ts gives it; `logs` hears its log, and
 * `arrange` may add hooks before it starts.
 */
async function start(
  env: Record<string, string> = {},
  logs?: Record<string, unknown>[],
  arrange: (app: App) => void = () => {},
): Promise<Server> {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) logs?.push(JSON.parse(line));
      done();
    },
  });
  const app = await buildApp({
    config: testConfig({ REGISTRATIONS_PER_HOUR: '10000', HOST: '127.0.0.1', ...env }),
    db: database.db,
    pool: database.pool,
    logger: logs ? { level: 'info', stream } : { level: 'error' },
  });
  servers.push(app);
  arrange(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { app, base, api: httpClient(base) };
}

const scrape = (base: string, token?: string) =>
  fetch(`${base}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  for (const app of servers) await app.close();
  await database?.close();
});

describe('GET /metrics on the public port', () => {
  let server: Server;
  beforeAll(async () => {
    server = await start({ METRICS_TOKEN });
  });

  test('is refused without the token, with a wrong one, and with the token sent other than as Bearer', async () => {
    const refused: Record<string, string>[] = [
      {},
      { authorization: 'Bearer not-the-metrics-token-but-just-as-long-0123456' },
      { authorization: `Bearer ${METRICS_TOKEN}x` },
      { authorization: METRICS_TOKEN },
      { authorization: `Basic ${METRICS_TOKEN}` },
    ];
    for (const headers of refused) {
      const answer = await fetch(`${server.base}/metrics`, { headers });
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer/);
      const text = await answer.text();
      expect(JSON.parse(text)).toEqual({ message: 'A valid metrics token is required' });
      expect(text).not.toContain('http_requests_total');
    }
  });

  test('is served to the token, with request, event loop, database, bus and order families after real traffic', async () => {
    const owner = await makeUser(server.api, 'shop_owner');
    const customer = await makeUser(server.api, 'customer');
    const shop = await makeShop(server.api, owner);
    const item = await makeMenuItem(server.api, owner, shop);
    const placed = await postOrder<Order>(server.base, customer, {
      shopId: shop.id,
      items: [{ menuItemId: item.id, quantity: 1 }],
      pickupTime: soon(),
    });
    expect(placed.status).toBe(201);
    expect(
      (await server.api.as(owner).put(`/api/orders/${placed.body.id}`, { status: 'confirmed' })).status,
    ).toBe(200);
    expect((await server.api.as(customer).get('/api/orders/987654321')).status).toBe(404);

    const answer = await scrape(server.base, METRICS_TOKEN);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await answer.text();
    // Per route pattern, never the raw URL (no ids in labels).
    expect(text).toMatch(
      /http_requests_total\{method="GET",route="\/api\/orders\/:id",status_code="404"\} 1\b/,
    );
    expect(text).toMatch(/http_requests_total\{method="POST",route="\/api\/orders",status_code="201"\} 1\b/);
    expect(text).not.toContain('987654321');
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="\+Inf",method="PUT",route="\/api\/orders\/:id"\} 1\b/,
    );
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="POST",route="\/api\/coffee-shops"\} 1\b/,
    );
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(text).toMatch(/^db_up 1$/m);
    expect(text).toMatch(/^db_ping_seconds \d/m);
    if (database.pool) {
      expect(text).toMatch(/^db_pool_connections\{state="total"\} [1-9]/m);
      expect(text).toMatch(/^db_pool_connections\{state="idle"\} \d/m);
      expect(text).toMatch(/^db_pool_waiting_clients 0$/m);
    }
    expect(text).toMatch(/^bus_connected 1$/m);
    expect(text).toMatch(/^bus_reconnects_total 0$/m);
    expect(text).toMatch(/^orders_placed_total 1$/m);
    expect(text).toMatch(/^orders_moved_total\{status="confirmed"\} 1$/m);
  });

  test('an idempotent replay is not counted as another order placed', async () => {
    const owner = await makeUser(server.api, 'shop_owner');
    const customer = await makeUser(server.api, 'customer');
    const shop = await makeShop(server.api, owner);
    const item = await makeMenuItem(server.api, owner, shop);
    const counted = async () =>
      Number(
        /^orders_placed_total (\d+)$/m.exec(await (await scrape(server.base, METRICS_TOKEN)).text())?.[1],
      );
    const before = await counted();
    const body = { shopId: shop.id, items: [{ menuItemId: item.id, quantity: 1 }], pickupTime: soon() };
    expect((await postOrder(server.base, customer, body, 'replayed-key')).status).toBe(201);
    const replay = await postOrder(server.base, customer, body, 'replayed-key');
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await counted()).toBe(before + 1);
  });
});

describe('without METRICS_TOKEN', () => {
  test('the public port answers /metrics 404 whatever is sent, never the numbers or the page', async () => {
    const server = await start();
    for (const token of [undefined, METRICS_TOKEN]) {
      const answer = await scrape(server.base, token);
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual({ message: 'Not found: GET /metrics' });
    }
  });

  test('METRICS_PORT serves them on a listener of its own, and the public port still does not', async () => {
    const server = await start({ METRICS_PORT: '0' });
    const listener = server.app.deps.metrics.listenerUrl();
    expect(listener).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(listener).not.toBe(server.base);
    const answer = await scrape(listener!);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('# TYPE http_request_duration_seconds histogram');
    expect((await fetch(`${listener}/api/health`)).status).toBe(404);
    expect((await scrape(server.base)).status).toBe(404);
  });

  test('METRICS_PORT with METRICS_TOKEN asks for the token there too', async () => {
    const server = await start({ METRICS_PORT: '0', METRICS_TOKEN });
    const listener = server.app.deps.metrics.listenerUrl()!;
    expect((await scrape(listener)).status).toBe(401);
    expect((await scrape(listener, METRICS_TOKEN)).status).toBe(200);
  });
});

describe('GET /api/ready', () => {
  test('is 200 while the database and the bus answer; /api/health stays the liveness check', async () => {
    const server = await start();
    const ready = await server.api.get('/api/ready');
    expect(ready).toMatchObject({ status: 200, body: { status: 'ready' } });
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(await server.api.get('/api/health')).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  test('is 503 {message} once the instance drains, and that answer closes its connection', async () => {
    // Asked during the drain (after readiness and the sockets were told, before the listener closes).
    let during: { status: number; body: unknown; connection: string | null } | undefined;
    const server = await start({}, undefined, (app) =>
      app.addHook('preClose', async () => {
        const answer = await fetch(`${server.base}/api/ready`);
        during = {
          status: answer.status,
          body: await answer.json(),
          connection: answer.headers.get('connection'),
        };
      }),
    );
    await server.app.close();
    expect(during).toEqual({ status: 503, body: { message: 'Shutting down' }, connection: 'close' });
  });

  test('is 503 when the bus has lost its connection', async () => {
    const server = await start();
    const { bus } = server.app.deps;
    const status = bus.status;
    bus.status = () => ({ connected: false, reconnects: 0 });
    try {
      expect(await server.api.get('/api/ready')).toMatchObject({
        status: 503,
        body: { message: 'The event bus is not connected' },
      });
    } finally {
      bus.status = status;
    }
  });
});

describe('request ids', () => {
  test('every answer carries one of our own, whatever X-Request-Id the client sends, when no proxy is trusted', async () => {
    const server = await start();
    const plain = await fetch(`${server.base}/api/health`);
    expect(plain.headers.get('x-request-id')).toMatch(UUID);
    const forged = await fetch(`${server.base}/api/health`, {
      headers: { 'x-request-id': 'chosen-by-client' },
    });
    expect(forged.headers.get('x-request-id')).toMatch(UUID);
    const missing = await fetch(`${server.base}/api/nothing-here`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-request-id')).toMatch(UUID);
    expect(missing.headers.get('x-request-id')).not.toBe(plain.headers.get('x-request-id'));
  });

  test('a trusted proxy’s X-Request-Id is passed on, unless it is too long or not plain', async () => {
    const server = await start({ TRUST_PROXY: '127.0.0.1' });
    const id = 'lb-7f3a9c2e-01:req=42';
    const passed = await fetch(`${server.base}/api/health`, { headers: { 'x-request-id': id } });
    expect(passed.headers.get('x-request-id')).toBe(id);
    for (const bad of ['a'.repeat(129), 'has spaces', 'quote"s', '{"json":1}']) {
      const answer = await fetch(`${server.base}/api/health`, { headers: { 'x-request-id': bad } });
      expect(answer.headers.get('x-request-id')).toMatch(UUID);
    }
  });

  test('a proxy other than the trusted ones is not believed', async () => {
    const server = await start({ TRUST_PROXY: '10.0.0.1' });
    const answer = await fetch(`${server.base}/api/health`, {
      headers: { 'x-request-id': 'from-elsewhere' },
    });
    expect(answer.headers.get('x-request-id')).toMatch(UUID);
  });

  test('every log line of a request carries the id its answer names', async () => {
    const logs: Record<string, unknown>[] = [];
    const server = await start({ TRUST_PROXY: '1' }, logs);
    const answer = await fetch(`${server.base}/api/orders`, { headers: { 'x-request-id': 'trace-me-123' } });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('x-request-id')).toBe('trace-me-123');
    const ofRequests = () => logs.filter((line) => 'req' in line || 'res' in line || 'reqId' in line);
    // Fastify writes 'request completed' once the answer has left, which may be just after it arrived here.
    await vi.waitFor(() =>
      expect(
        ofRequests()
          .filter((line) => line.reqId === 'trace-me-123')
          .map((line) => line.msg),
      ).toEqual(['incoming request', 'request completed']),
    );
    expect(ofRequests().every((line) => typeof line.reqId === 'string')).toBe(true);
  });
});
