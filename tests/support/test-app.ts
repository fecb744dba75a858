// Starts the real app on 127.0.0.1 with a fresh database of its own (PGlite in memory, or a new PostgreSQL
// database when DATABASE_URL is set) and gives tests an HTTP client that speaks to it over real sockets.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type App, buildApp } from '../../src/server/app.js';
import { loadConfig, type ResolvedConfig } from '../../src/server/config.js';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client.js';
import type { Geocoder } from '../../src/server/integrations/geocoder.js';
import type { Mailer } from '../../src/server/integrations/mail.js';
import type { Payments } from '../../src/server/integrations/payments.js';
import type { Bus } from '../../src/server/realtime/bus.js';

export interface Reply<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export interface Caller {
  get<T = unknown>(path: string): Promise<Reply<T>>;
  post<T = unknown>(path: string, body?: unknown): Promise<Reply<T>>;
  put<T = unknown>(path: string, body?: unknown): Promise<Reply<T>>;
  delete<T = unknown>(path: string, body?: unknown): Promise<Reply<T>>;
}

export interface Api extends Caller {
  /** Calls as the holder of this token (or of this signed-in user). */
  as(who: string | { accessToken: string }): Caller;
}

export function httpClient(baseUrl: string): Api {
  const call =
    (token?: string) =>
    async <T>(method: string, path: string, body?: unknown): Promise<Reply<T>> => {
      const headers: Record<string, string> = {};
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (token) headers.authorization = `Bearer ${token}`;
      const response = await fetch(baseUrl + path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // not JSON: keep the text
      }
      return { status: response.status, body: parsed as T, headers: response.headers };
    };
  const caller = (token?: string): Caller => {
    const send = call(token);
    return {
      get: (path) => send('GET', path),
      post: (path, body) => send('POST', path, body ?? {}),
      put: (path, body) => send('PUT', path, body ?? {}),
      delete: (path, body) => send('DELETE', path, body),
    };
  };
  return {
    ...caller(),
    as: (who) => caller(typeof who === 'string' ? who : who.accessToken),
  };
}

/** Creates an empty database on the PostgreSQL server of baseUrl; returns its URL and how to drop it. */
export async function createPostgresDatabase(baseUrl: string) {
  const name = `test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** A fresh database: PGlite in memory, or a throw-away database on the PostgreSQL of DATABASE_URL. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) return openDatabase({ dataDir: 'memory' });
  const created = await createPostgresDatabase(baseUrl);
  const handle = await openDatabase({ databaseUrl: created.url, dataDir: 'memory' });
  return {
    ...handle,
    async close() {
      await handle.close(); // resolves once every connection has closed (db/client.ts endPools)
      await created.drop();
    },
  };
}

/**
 * This test process's token key: random, so no key is written in the source, and one per process, so every app
 * it starts on one database (startAppOn, startInstances) believes the others' tokens.
 */
export const TEST_JWT_SECRET = randomBytes(48).toString('base64url');

/** A test app's config: `env` over the test defaults, signing with TEST_JWT_SECRET unless env names another. */
export function testConfig(env: Record<string, string> = {}): ResolvedConfig {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env });
  return { ...config, jwtSecret: config.jwtSecret ?? TEST_JWT_SECRET };
}

export interface TestApp {
  app: App;
  database: DatabaseHandle;
  baseUrl: string;
  api: Api;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  mailer?: Mailer;
  /** Replaces the geocoder GEOCODER_URL would make (the route answers 404 without one). */
  geocoder?: Geocoder;
  /** Replaces the Paystack adapter PAYSTACK_SECRET_KEY would make (e.g. one with a short timeout). */
  payments?: Payments;
  authTimeoutMs?: number;
  /** One bus shared by several in-process instances (as PostgreSQL's NOTIFY joins separate processes). */
  bus?: Bus;
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const server = await startAppOn(database, options);
  return {
    ...server,
    database,
    async close() {
      await server.close();
      await database.close();
    },
  };
}

/**
 * One more app, with its own config, on a database another test app already opened: a second instance costs
 * no migration. Its close() leaves the database open for its owner to close.
 */
export async function startAppOn(
  database: DatabaseHandle,
  options: TestAppOptions = {},
): Promise<Omit<TestApp, 'database'>> {
  // Every test user signs up from 127.0.0.1: the per-address registration limit would stop a test file's
  // factories, so it is raised here; tests of the limit set REGISTRATIONS_PER_HOUR themselves. So are the order
  // limits: a test file places many orders as one customer (tests of the limits set them).
  const config = testConfig({
    REGISTRATIONS_PER_HOUR: '10000',
    ORDERS_PER_MINUTE: '10000',
    OPEN_ORDERS_PER_SHOP: '10000',
    ...options.env,
  });
  const app = await buildApp({
    config,
    db: database.db,
    mailer: options.mailer,
    geocoder: options.geocoder,
    payments: options.payments,
    bus: options.bus,
    logger: { level: 'error' },
    authTimeoutMs: options.authTimeoutMs,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  return { app, baseUrl, api: httpClient(baseUrl), close: () => app.close() };
}
