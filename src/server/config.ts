// Environment -> typed config, validated at start; the only file that reads process.env (CONVENTIONS rule 12).
import path from 'node:path';
import { z } from 'zod';

const onOff = z
  .enum(['on', 'off', 'true', 'false', '1', '0'], { message: 'must be on or off' })
  .transform((value) => ['on', 'true', '1'].includes(value));

const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(5000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./.data'),
    UPLOADS_DIR: z.string().optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    JWT_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(60)
      .default(60 * 60 * 24 * 7),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().default('Brew Connect <no-reply@brewconnect.co.za>'),
    PUBLIC_URL: z.url('must be a URL').optional(),
    DEMO_DATA: onOff.optional(),
    GEOCODER_URL: z.url('must be a URL').optional(),
    PAYSTACK_SECRET_KEY: z
      .string()
      .regex(/^sk_(test|live)_\w+$/, 'must be a Paystack secret key (sk_test_… or sk_live_…)')
      .optional(),
    PAYSTACK_BASE_URL: z.url('must be a URL').default('https://api.paystack.co'),
    TRUST_PROXY: z
      .string()
      .trim()
      .transform((value, ctx) => parseTrustProxy(value, ctx))
      .optional(),
    REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(1, 'must be at least 1').default(20),
    ORDERS_PER_MINUTE: z.coerce.number().int().min(1, 'must be at least 1').default(10),
    OPEN_ORDERS_PER_SHOP: z.coerce
      .number()
      .int()
      .min(1, 'must be at least 1')
      .max(10000, 'must be at most 10000')
      .default(3),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  })
  // Instances sharing PostgreSQL must all verify each other's tokens, so the key is given, never made here
  // (docs/decisions/0005-jwt-secret.md). The embedded database gets one made and kept in DATA_DIR instead.
  .refine((env) => !env.DATABASE_URL || env.JWT_SECRET, {
    message: 'is required with DATABASE_URL (every instance on the database must sign with the same key)',
    path: ['JWT_SECRET'],
  })
  .refine(
    (env) => env.METRICS_PORT === undefined || env.METRICS_PORT === 0 || env.METRICS_PORT !== env.PORT,
    {
      message: 'must differ from PORT (metrics are served on a listener of their own)',
      path: ['METRICS_PORT'],
    },
  );

/**
 * TRUST_PROXY: off (default: X-Forwarded-For is ignored and the client is the socket's address), a hop count
 * (1: one proxy in front, whatever its address), or a comma-separated list of proxy addresses or CIDR ranges
 * ('10.0.0.1, 172.16.0.0/12'). See docs/decisions/0002-rate-limits.md.
 */
function parseTrustProxy(value: string, ctx: z.RefinementCtx): TrustProxy {
  if (['off', 'false', '0', 'no', ''].includes(value.toLowerCase())) return false;
  if (/^\d+$/.test(value)) return Number(value);
  const addresses = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const address = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-f:]*:[0-9a-f:.]*)(\/\d{1,3})?$/i;
  const bad = addresses.find(
    (entry) => !address.test(entry) && !['loopback', 'linklocal', 'uniquelocal'].includes(entry),
  );
  if (bad !== undefined || addresses.length === 0) {
    ctx.addIssue({
      code: 'custom',
      message: `must be off, a hop count, or a list of proxy addresses (not '${bad ?? value}')`,
    });
    return z.NEVER;
  }
  return addresses;
}

/** Fastify's trustProxy: false, a hop count, or the proxies' addresses. */
export type TrustProxy = false | number | string[];

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** Where uploaded photos are kept: UPLOADS_DIR, else DATA_DIR/uploads. */
  uploadsDir: string;
  databaseUrl: string | undefined;
  /**
   * JWT_SECRET. Unset only with the embedded database: resolveJwtSecret (jwt-secret.ts) then makes one and
   * keeps it in DATA_DIR, and the app is built with that (ResolvedConfig).
   */
  jwtSecret: string | undefined;
  jwtTtlSeconds: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  /** Fill an empty database with demo shops and users: on for the embedded database unless turned off. */
  demoData: boolean;
  geocoderUrl: string | undefined;
  /** Without it the app runs, shows pricing, and answers initialize with 503 'Payments are not configured'. */
  paystackSecretKey: string | undefined;
  paystackBaseUrl: string;
  logLevel: string;
  /** Which proxies' X-Forwarded-For to believe (TRUST_PROXY); false: none, the socket's address is the client. */
  trustProxy: TrustProxy;
  /** Accounts one client address may create in an hour (REGISTRATIONS_PER_HOUR). */
  registrationsPerHour: number;
  /** Orders one customer may place in a minute (ORDERS_PER_MINUTE). */
  ordersPerMinute: number;
  /** Orders paid at the counter one customer may have open (pending or confirmed) at one shop (OPEN_ORDERS_PER_SHOP). */
  openOrdersPerShop: number;
  /** METRICS_TOKEN: with it, GET /metrics on the public port answers a request bearing it (and only that). */
  metricsToken: string | undefined;
  /** METRICS_PORT: /metrics on a listener of its own at HOST:METRICS_PORT, for a network the public cannot reach. */
  metricsPort: number | undefined;
}

/** The config the app is built with: its token key known (JWT_SECRET, or the one kept in DATA_DIR). */
export type ResolvedConfig = Config & { jwtSecret: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== '')),
  );
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  }
  const values = parsed.data;
  const port = values.PORT;
  return {
    env: values.NODE_ENV,
    port,
    host: values.HOST,
    dataDir: path.resolve(values.DATA_DIR),
    uploadsDir: path.resolve(values.UPLOADS_DIR ?? path.join(values.DATA_DIR, 'uploads')),
    databaseUrl: values.DATABASE_URL,
    jwtSecret: values.JWT_SECRET,
    jwtTtlSeconds: values.JWT_TTL_SECONDS,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    publicUrl: values.PUBLIC_URL ?? `http://localhost:${port}`,
    demoData: values.DEMO_DATA ?? !values.DATABASE_URL,
    geocoderUrl: values.GEOCODER_URL,
    paystackSecretKey: values.PAYSTACK_SECRET_KEY,
    paystackBaseUrl: values.PAYSTACK_BASE_URL,
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY ?? false,
    registrationsPerHour: values.REGISTRATIONS_PER_HOUR,
    ordersPerMinute: values.ORDERS_PER_MINUTE,
    openOrdersPerShop: values.OPEN_ORDERS_PER_SHOP,
    metricsToken: values.METRICS_TOKEN,
    metricsPort: values.METRICS_PORT,
  };
}
