import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { loadConfig } from './config.js';
import { resolveVapidKeys, VAPID_KEYS_FILE } from './vapid-keys.js';

const folder = () => mkdtempSync(path.join(tmpdir(), 'vapid-'));

test('on the embedded database a key pair is made once, kept in DATA_DIR (0600), and the same on every start', async () => {
  const dataDir = folder();
  const starts = await Promise.all(
    [1, 2, 3].map(() => resolveVapidKeys({ vapidKeys: undefined, databaseUrl: undefined, dataDir })),
  );
  expect(starts[0]!.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
  expect(new Set(starts.map((keys) => keys!.publicKey)).size).toBe(1);
  const file = path.join(dataDir, VAPID_KEYS_FILE);
  expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(starts[0]);
  expect(statSync(file).mode & 0o777).toBe(0o600);
});

test('on PostgreSQL without keys push is off; given keys are used as they are', async () => {
  const dataDir = folder();
  expect(
    await resolveVapidKeys({ vapidKeys: undefined, databaseUrl: 'postgres://db/x', dataDir }),
  ).toBeUndefined();
  const given = { publicKey: 'p', privateKey: 'q' };
  expect(await resolveVapidKeys({ vapidKeys: given, databaseUrl: 'postgres://db/x', dataDir })).toBe(given);
});

test('VAPID settings: both keys or neither, a mailto: or https: subject, push hosts as host or host:port', () => {
  const publicKey = `B${'A'.repeat(86)}`;
  const privateKey = 'A'.repeat(43);
  expect(() => loadConfig({ VAPID_PUBLIC_KEY: publicKey })).toThrow(
    /VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together/,
  );
  expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: privateKey })).toThrow(
    /VAPID_PUBLIC_KEY must be/,
  );
  expect(() => loadConfig({ VAPID_SUBJECT: 'ops@example.com' })).toThrow(
    /VAPID_SUBJECT must be a mailto: or https: URL/,
  );
  expect(() => loadConfig({ PUSH_SERVICE_HOSTS: 'https://push.example.org' })).toThrow(
    /PUSH_SERVICE_HOSTS must be/,
  );
  const config = loadConfig({
    VAPID_PUBLIC_KEY: publicKey,
    VAPID_PRIVATE_KEY: privateKey,
    PUSH_SERVICE_HOSTS: 'push.example.org, 127.0.0.1:8443',
  });
  expect(config.vapidKeys).toEqual({ publicKey, privateKey });
  expect(config.vapidSubject).toBe('mailto:no-reply@brewconnect.co.za');
  expect(config.pushServiceHosts).toEqual(
    expect.arrayContaining(['fcm.googleapis.com', 'push.example.org', '127.0.0.1:8443']),
  );
});
