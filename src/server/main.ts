// Start-up: read config, open the database, fill demo data if asked, build the app, listen; stop cleanly.
import pino from 'pino';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { seedDemoData } from './db/demo-data.js';
import { resolveJwtSecret } from './jwt-secret.js';
import { stopOnSignals } from './operations/shutdown.js';
import { createPostgresBus } from './realtime/bus.js';
import { resolveVapidKeys } from './vapid-keys.js';

const loaded = loadConfig();
const config = {
  ...loaded,
  jwtSecret: await resolveJwtSecret(loaded),
  vapidKeys: await resolveVapidKeys(loaded),
};
const log = pino({ level: config.logLevel });
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  onConnectionError: (error) =>
    log.warn({ err: error }, 'a database connection broke; the pool will replace it'),
});
// Several instances may share one PostgreSQL database: they hear each other's events through it.
const bus =
  database.pool && config.databaseUrl ? createPostgresBus(config.databaseUrl, database.pool, log) : undefined;
await bus?.ready;
const app = await buildApp({ config, db: database.db, bus, pool: database.pool });

if (config.demoData) {
  const seeded = await seedDemoData(database.db);
  if (seeded) app.log.info(seeded, 'filled the empty database with demo data');
}

stopOnSignals(app, database);

await app.listen({ port: config.port, host: config.host });
app.log.info(`Brew Connect is running on ${config.publicUrl} (${database.kind} database)`);
if (!config.vapidKeys)
  app.log.warn('Web Push is off: set VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT to turn it on');
