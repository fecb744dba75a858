// Environment -> typed config, validated at start; the only file that reads process.env (CONVENTIONS rule 12).
import path from 'node:path';
import { z } from 'zod';

const onOff = z
  .enum(['on', 'off', 'true', 'false', '1', '0'], { message: 'must be on or off' })
  .transform((value) => ['on', 'true', '1'].includes(value));

/**
 * OpenStreetMap's standard tiles, whose tile usage policy asks for a visible '© OpenStreetMap contributors' linking
 * to the copyright page. A busy deployment should point MAP_TILE_URL at a tile provider of its own.
 */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_MAP_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

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
    PRIVACY_CONTACT: z.email('must be an email address').default('privacy@brewconnect.co.za'),
    PUBLIC_URL: z.url('must be a URL').optional(),
    DEMO_DATA: onOff.optional(),
    GEOCODER_URL: z.url('must be a URL').optional(),
    MAP_TILE_URL: z
      .url('must be a URL')
      .refine(
        (url) => /^https?:\/\//.test(url) && ['{z}', '{x}', '{y}'].every((part) => url.includes(part)),
        'must be an http(s) raster tile URL with {z}, {x} and {y}',
      )
      .default(DEFAULT_MAP_TILE_URL),
    MAP_ATTRIBUTION: z.string().trim().min(1).max(300).default(DEFAULT_MAP_ATTRIBUTION),
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
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(
        /^[A-Za-z0-9_-]{86,88}$/,
        'must be a VAPID public key (base64url, as web-push generate-vapid-keys prints)',
      )
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(
        /^[A-Za-z0-9_-]{42,44}$/,
        'must be a VAPID private key (base64url, as web-push generate-vapid-keys prints)',
      )
      .optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: or https: URL')
      .optional(),
    PUSH_SERVICE_HOSTS: z
      .string()
      .transform((value, ctx) => parsePushHosts(value, ctx))
      .optional(),
  })
  // Instances sharing PostgreSQL must all verify each other's tokens, so the key is given, never made here
  // (docs/decisions/0005-jwt-secret.md). The embedded database gets one made and kept in DATA_DIR instead.
  .refine((env) => !env.DATABASE_URL || env.JWT_SECRET, {
    message: 'is required with DATABASE_URL (every instance on the database must sign with the same key)',
    path: ['JWT_SECRET'],
  })
  .refine((env) => Boolean(env.VAPID_PUBLIC_KEY) === Boolean(env.VAPID_PRIVATE_KEY), {
    message: 'and VAPID_PRIVATE_KEY are set together (a key pair) or not at all',
    path: ['VAPID_PUBLIC_KEY'],
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

/**
 * The push services a subscription's endpoint may name (issue 27): the server POSTs to it, so anything else would
 * let a user point the server at an arbitrary or internal address. `*.` matches any subdomain.
 */
export const DEFAULT_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com', // Chrome, Edge on Android, Opera, Samsung Internet
  'updates.push.services.mozilla.com', // Firefox
  'web.push.apple.com', // Safari, iOS Home Screen apps
  '*.push.apple.com',
  '*.notify.windows.com', // Edge on Windows
];

/** PUSH_SERVICE_HOSTS: more hosts, comma-separated, each `host` (any port) or `host:port`. */
function parsePushHosts(value: string, ctx: z.RefinementCtx): string[] {
  const hosts = value
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  const bad = hosts.find(
    (entry) => !/^(\*\.)?[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:]+\](:\d{1,5})?$/.test(entry),
  );
  if (bad !== undefined) {
    ctx.addIssue({
      code: 'custom',
      message: `must be a comma-separated list of host or host:port (not '${bad}')`,
    });
    return z.NEVER;
  }
  return hosts;
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
  /** PRIVACY_CONTACT: the information officer's address the privacy page names (POPIA, issue 28). */
  privacyContact: string;
  publicUrl: string;
  /** Fill an empty database with demo shops and users: on for the embedded database unless turned off. */
  demoData: boolean;
  geocoderUrl: string | undefined;
  /** MAP_TILE_URL: where maps' raster tiles come from ({z}/{x}/{y}); the CSP lets images come from its origin. */
  mapTileUrl: string;
  /** MAP_ATTRIBUTION: the credit the tile server's policy asks for, shown on every map (HTML links allowed). */
  mapAttribution: string;
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
  /**
   * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, the key pair push messages are signed with. Unset: on the embedded
   * database a pair is made and kept in DATA_DIR (vapid-keys.ts); on PostgreSQL push is off.
   */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  /** VAPID_SUBJECT: how a push service can reach us; default mailto: the MAIL_FROM address. */
  vapidSubject: string;
  /** Hosts a push subscription's endpoint may be on: DEFAULT_PUSH_SERVICE_HOSTS and PUSH_SERVICE_HOSTS. */
  pushServiceHosts: string[];
}

/** The config the app is built with: its token key known (JWT_SECRET, or the one kept in DATA_DIR). */
export type ResolvedConfig = Config & { jwtSecret: string };

/** 'Brew Connect <no-reply@brewconnect.co.za>' -> 'no-reply@brewconnect.co.za'. */
function mailAddressOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
}

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
    privacyContact: values.PRIVACY_CONTACT,
    publicUrl: values.PUBLIC_URL ?? `http://localhost:${port}`,
    demoData: values.DEMO_DATA ?? !values.DATABASE_URL,
    geocoderUrl: values.GEOCODER_URL,
    mapTileUrl: values.MAP_TILE_URL,
    mapAttribution: values.MAP_ATTRIBUTION,
    paystackSecretKey: values.PAYSTACK_SECRET_KEY,
    paystackBaseUrl: values.PAYSTACK_BASE_URL,
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY ?? false,
    registrationsPerHour: values.REGISTRATIONS_PER_HOUR,
    ordersPerMinute: values.ORDERS_PER_MINUTE,
    openOrdersPerShop: values.OPEN_ORDERS_PER_SHOP,
    metricsToken: values.METRICS_TOKEN,
    metricsPort: values.METRICS_PORT,
    vapidKeys:
      values.VAPID_PUBLIC_KEY && values.VAPID_PRIVATE_KEY
        ? { publicKey: values.VAPID_PUBLIC_KEY, privateKey: values.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject: values.VAPID_SUBJECT ?? `mailto:${mailAddressOf(values.MAIL_FROM)}`,
    pushServiceHosts: [...DEFAULT_PUSH_SERVICE_HOSTS, ...(values.PUSH_SERVICE_HOSTS ?? [])],
  };
}
