// Unit tests of the configuration: defaults, and a clear error naming a bad variable.
import { expect, test } from 'vitest';
import { loadConfig } from './config.js';

test('uses the embedded database, port 5000 and demo data by default', () => {
  const config = loadConfig({});
  expect(config).toMatchObject({ port: 5000, databaseUrl: undefined, demoData: true, smtpUrl: undefined });
});

test('PostgreSQL gets no demo data unless DEMO_DATA=on', () => {
  const postgres = { DATABASE_URL: 'postgres://x@localhost/db', JWT_SECRET: 'k'.repeat(32) };
  expect(loadConfig(postgres).demoData).toBe(false);
  expect(loadConfig({ ...postgres, DEMO_DATA: 'on' }).demoData).toBe(true);
});

test('names the bad variable', () => {
  expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must be a postgres:\/\/ URL/);
  expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
});

test('no token key comes from the source: unset, JWT_SECRET stays unset for jwt-secret.ts to resolve', () => {
  expect(loadConfig({}).jwtSecret).toBeUndefined();
  expect(loadConfig({ NODE_ENV: 'production' }).jwtSecret).toBeUndefined();
  expect(loadConfig({ JWT_SECRET: 'x'.repeat(32) }).jwtSecret).toBe('x'.repeat(32));
  expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(31) })).toThrow(
    /JWT_SECRET must be at least 32 characters/,
  );
});

test('PostgreSQL refuses to start without JWT_SECRET', () => {
  expect(() => loadConfig({ DATABASE_URL: 'postgres://x@localhost/db' })).toThrow(
    /JWT_SECRET is required with DATABASE_URL/,
  );
  const config = loadConfig({ DATABASE_URL: 'postgres://x@localhost/db', JWT_SECRET: 'y'.repeat(40) });
  expect(config.jwtSecret).toBe('y'.repeat(40));
});

test('Paystack: no key by default, the real API base, and a key that is not a secret key is refused', () => {
  expect(loadConfig({})).toMatchObject({
    paystackSecretKey: undefined,
    paystackBaseUrl: 'https://api.paystack.co',
  });
  expect(loadConfig({ PAYSTACK_SECRET_KEY: 'sk_test_abc123' }).paystackSecretKey).toBe('sk_test_abc123');
  expect(() => loadConfig({ PAYSTACK_SECRET_KEY: 'pk_test_abc123' })).toThrow(/PAYSTACK_SECRET_KEY/);
});

test('TRUST_PROXY is off by default and takes a hop count or the proxies addresses', () => {
  expect(loadConfig({}).trustProxy).toBe(false);
  expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
  expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
  expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 172.16.0.0/12,::1' }).trustProxy).toEqual([
    '10.0.0.1',
    '172.16.0.0/12',
    '::1',
  ]);
  expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY must be off, a hop count/);
});

test('metrics are off by default: no token, no port of their own', () => {
  expect(loadConfig({})).toMatchObject({ metricsToken: undefined, metricsPort: undefined });
});

test('METRICS_TOKEN is a secret of at least 32 characters; METRICS_PORT a port other than PORT', () => {
  expect(loadConfig({ METRICS_TOKEN: 'm'.repeat(32) }).metricsToken).toBe('m'.repeat(32));
  expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
    /METRICS_TOKEN must be at least 32 characters/,
  );
  expect(loadConfig({ METRICS_PORT: '9464' }).metricsPort).toBe(9464);
  expect(() => loadConfig({ METRICS_PORT: 'ninety' })).toThrow(/METRICS_PORT/);
  expect(() => loadConfig({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(
    /METRICS_PORT must differ from PORT/,
  );
  expect(() => loadConfig({ METRICS_PORT: '5000' })).toThrow(/METRICS_PORT must differ from PORT/);
});

test('map tiles: OpenStreetMap with its credit by default; MAP_TILE_URL must be an http(s) template with {z}, {x}, {y}', () => {
  const defaults = loadConfig({});
  expect(defaults.mapTileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
  expect(defaults.mapAttribution).toContain('OpenStreetMap');
  expect(loadConfig({ MAP_TILE_URL: 'https://tiles.example.co.za/{z}/{x}/{y}.png' }).mapTileUrl).toBe(
    'https://tiles.example.co.za/{z}/{x}/{y}.png',
  );
  expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example.co.za/tile.png' })).toThrow(
    /MAP_TILE_URL must be an http\(s\) raster tile URL with \{z\}, \{x\} and \{y\}/,
  );
  expect(() => loadConfig({ MAP_TILE_URL: 'ftp://tiles.example.co.za/{z}/{x}/{y}.png' })).toThrow(
    /MAP_TILE_URL/,
  );
});
