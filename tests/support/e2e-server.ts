// The browser suite's server: the real app on a fresh embedded database with demo data, mailing through a real
// SMTP sink (whose codes tests read over a small HTTP mailbox), geocoding through a fake Nominatim and paying
// through a fake Paystack (port + 3) whose Pay button also sends the app its signed webhook.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/app.js';
import { openDatabase } from '../../src/server/db/client.js';
import { seedDemoData } from '../../src/server/db/demo-data.js';
import { resolveVapidKeys } from '../../src/server/vapid-keys.js';
import { startFakeNominatim } from './fake-nominatim.js';
import { startFakePaystack } from './fake-paystack.js';
import { startFakePushService } from './fake-push-service.js';
import { startFakeTiles } from './fake-tiles.js';
import { startSmtpSink } from './smtp-sink.js';
import { testConfig } from './test-app.js';

const port = Number(process.env.E2E_PORT ?? 5099);
const smtp = await startSmtpSink();
const geocoder = await startFakeNominatim(port + 2);
const paystack = await startFakePaystack({ port: port + 3 });
paystack.setWebhookUrl(`http://127.0.0.1:${port}/api/payments/paystack/webhook`);

const mailbox = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  const to = url.searchParams.get('to') ?? '';
  smtp
    .codeFor(to)
    .then((code) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code })),
    )
    .catch((error: Error) => response.writeHead(404).end(error.message));
});
await new Promise<void>((resolve) => mailbox.listen(port + 1, '127.0.0.1', resolve));

const dataDir = mkdtempSync(path.join(tmpdir(), 'coffee-e2e-'));
const database = await openDatabase({ dataDir });
await seedDemoData(database.db);
// Web Push: the VAPID pair made and kept in DATA_DIR, as `npm start` does; the fake push service (port + 4) is where
// the browser tests' subscriptions point (any port on 127.0.0.1 is a known push service here).
const push = await startFakePushService({ port: port + 4 });
// Map tiles (port + 5): a tile server that says what it served at GET /__served.
const tiles = await startFakeTiles(port + 5);
const vapidKeys = await resolveVapidKeys({ vapidKeys: undefined, databaseUrl: undefined, dataDir });
const config = testConfig({
  PORT: String(port),
  VAPID_PUBLIC_KEY: vapidKeys!.publicKey,
  VAPID_PRIVATE_KEY: vapidKeys!.privateKey,
  PUSH_SERVICE_HOSTS: '127.0.0.1',
  UPLOADS_DIR: path.join(dataDir, 'uploads'),
  SMTP_URL: smtp.url,
  GEOCODER_URL: geocoder.url,
  MAP_TILE_URL: tiles.tileUrl,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  PAYSTACK_SECRET_KEY: paystack.secretKey,
  PAYSTACK_BASE_URL: paystack.url,
  // The whole browser suite signs up from 127.0.0.1.
  REGISTRATIONS_PER_HOUR: '10000',
  // Tests place many orders as one customer; the order limits have tests of their own.
  ORDERS_PER_MINUTE: '10000',
  OPEN_ORDERS_PER_SHOP: '10000',
});
const app = await buildApp({ config, db: database.db, logger: { level: 'error' } });
await app.listen({ port, host: '127.0.0.1' });

const stop = async () => {
  await app.close();
  await database.close();
  mailbox.close();
  await smtp.close();
  await geocoder.close();
  await paystack.close();
  await push.close();
  await tiles.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
