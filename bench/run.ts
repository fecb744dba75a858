// npm run bench [-- scenario… --db pglite|postgres|both --duration N]: runs the benchmark scenarios (default all),
// prints each one's table and writes bench/results/<scenario>.json.
//   --db        pglite, postgres or both (default: both when PostgreSQL answers, else pglite)
//   --duration  seconds of measured load per row (default: discover 10, chat 30)
//   --shops     discover: shops to load (default 100000)
//   --connections  discover: concurrent connections (default 50)
//   --conversations, --rate  chat: conversations (default 500) and messages per second in all (default 500)
//   --orders    analytics: the big shop's orders (default 1,000,000 on PostgreSQL, 100,000 on PGlite)
//   orders: --rate orders placed per second (default 200), --duration (default 15), --warmup seconds of the same
//           load before measuring (default 3), --instances server processes on PostgreSQL (default 1); 200 shops,
//           2,000 customers; --paid: every order paid online through a fake Paystack in this process and settled by
//           its signed charge.success webhook (issue 26), written to bench/results/orders-paid.json;
//           --max-per-slot N: every shop takes at most N orders per 15-minute pickup slot (issue 30), pickups spread
//           over the coming 8 slots, 'That time is full' refusals counted apart; compared with the unlimited run in
//           bench/results/orders.json, written to bench/results/orders-slots.json; --push ok|hang: every customer
//           and owner subscribed to Web Push on a fake push service in this process that answers 201 (ok) or holds
//           every push open (hang) (issue 27), written to bench/results/orders-push-<ok|hang>.json
//   --runs      web: Lighthouse runs per page, the best kept (default 2)
//   --concurrency  login-flood: wrong sign-ins at once from the flooding address (default 32)
//   abuse: --duration seconds of sign-ins per load (default 20), --uploaders bomb uploads at once (default 8),
//          --senders webhook senders at once (default 4)
// PostgreSQL: BENCH_DATABASE_URL (default: the local server's Unix socket in /var/run/postgresql, else
// postgres://postgres@127.0.0.1:5432/test); each scenario creates its own
// database bench_<timestamp> on that server and drops it at the end.
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { trustFakePushService } from '../tests/support/push-tls/trust.js';
import { type AbuseRow, abuseTable, abuseVerdict, runAbuseBench } from './abuse.js';
import { type AnalyticsRow, analyticsTable, analyticsVerdict, runAnalyticsBench } from './analytics.js';
import { type ChatBenchResult, chatTable, runChatBench } from './chat.js';
import { type DiscoverRow, discoverTable, discoverVerdict, runDiscoverBench } from './discover.js';
import { type BenchDatabase, runAgainWith, runCleanups, writeResults, writeResultText } from './lib.js';
import { type LoginFloodResult, loginFloodTable, runLoginFloodBench } from './login-flood.js';
import {
  type OrdersBenchResult,
  ordersTable,
  type PushMode,
  runOrdersBench,
  slotsTable,
  slotsVerdict,
  type UnlimitedRun,
} from './orders.js';
import { runWebBench, webTable } from './web.js';

const args = process.argv.slice(2);
const valueOptions = [
  'db',
  'duration',
  'shops',
  'connections',
  'conversations',
  'rate',
  'warmup',
  'instances',
  'orders',
  'runs',
  'concurrency',
  'uploaders',
  'senders',
  'max-per-slot',
  'push',
];
/** Options that take no value: present or not. */
const flagOptions = ['paid'];
const options = new Map<string, string>();
const scenarios: string[] = [];
for (let index = 0; index < args.length; index += 1) {
  const arg = args[index]!;
  if (!arg.startsWith('--')) {
    scenarios.push(arg);
    continue;
  }
  const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
  if (flagOptions.includes(name)) {
    if (inline !== undefined) fail(`--${name} takes no value`);
    options.set(name, 'true');
    continue;
  }
  if (!valueOptions.includes(name))
    fail(
      `Unknown option --${name}. Known: ${[...valueOptions, ...flagOptions].map((o) => `--${o}`).join(', ')}`,
    );
  const value = inline ?? args[++index];
  if (value === undefined) fail(`--${name} needs a value`);
  options.set(name, value!);
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

// --push: the fake push service this process starts checks that this process trusts its certificate, and Node
// reads NODE_EXTRA_CA_CERTS only when a process starts: run again with it set, before anything has started.
if (options.has('push')) {
  const env = { ...process.env };
  if (trustFakePushService(env) !== process.env.NODE_EXTRA_CA_CERTS) await runAgainWith(env);
}

function numberOption(name: string, fallback: number): number {
  const raw = options.get(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) fail(`--${name} must be a positive number, not '${raw}'`);
  return value;
}

// A PostgreSQL server on this machine is reached through its Unix socket when it has one, as a co-located app
// would be configured: loopback TCP cost PostgreSQL about 1 ms more CPU per order (orders bench, 2026-11-23).
const localSocket = '/var/run/postgresql';
const postgresUrl =
  process.env.BENCH_DATABASE_URL ??
  (existsSync(`${localSocket}/.s.PGSQL.5432`)
    ? `postgres://postgres@localhost/test?host=${localSocket}`
    : 'postgres://postgres@127.0.0.1:5432/test');

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function databases(): Promise<BenchDatabase[]> {
  const wanted = options.get('db') ?? 'both';
  if (wanted === 'pglite') return ['pglite'];
  if (wanted === 'postgres') {
    if (!(await postgresReachable()))
      fail(`PostgreSQL does not answer at ${postgresUrl} (BENCH_DATABASE_URL)`);
    return ['postgres'];
  }
  if (wanted !== 'both') fail(`--db must be pglite, postgres or both, not '${wanted}'`);
  if (await postgresReachable()) return ['pglite', 'postgres'];
  console.log(`PostgreSQL does not answer at ${postgresUrl}: PGlite only.`);
  return ['pglite'];
}

/** The plain counter run last written to bench/results/orders.json, if there is one: the slot mode's comparison. */
function unlimitedRun(): UnlimitedRun | null {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results', 'orders.json');
  if (!existsSync(file)) return null;
  const written = JSON.parse(readFileSync(file, 'utf8')) as {
    measuredAt: string;
    results: OrdersBenchResult[];
  };
  return { measuredAt: written.measuredAt, results: written.results };
}

const machine = { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? 'unknown', node: process.version };

const runners: Record<string, () => Promise<void>> = {
  async discover() {
    const settings = {
      shops: numberOption('shops', 100_000),
      connections: numberOption('connections', 50),
      durationSeconds: numberOption('duration', 10),
    };
    const rows: DiscoverRow[] = [];
    for (const db of await databases()) {
      console.log(
        `\n▶ discover on ${db}: ${settings.shops.toLocaleString('en-US')} shops, ${settings.connections} connections, ${settings.durationSeconds} s per load`,
      );
      if (db === 'pglite')
        console.log('  (one PGlite instance runs one query at a time: the server queues them, as expected)');
      const result = await runDiscoverBench({ db, postgresUrl, ...settings });
      rows.push(...result.rows);
      console.log(`  server peak memory ${result.serverPeakRssMb} MB`);
      if (result.plans) {
        console.log(`\n  plans (issue 31):\n${result.plans.replace(/^/gm, '    ')}`);
        console.log(`  wrote ${writeResultText(`discover-plans-${db}.txt`, `${result.plans}\n`)}`);
      }
    }
    console.log(`\n${discoverTable(rows)}\n`);
    for (const line of discoverVerdict(rows)) console.log(line);
    console.log(`wrote ${writeResults('discover', rows, { ...settings, machine })}`);
  },
  async chat() {
    const settings = {
      conversations: numberOption('conversations', 500),
      durationSeconds: numberOption('duration', 30),
      rate: numberOption('rate', 500),
    };
    const results: ChatBenchResult[] = [];
    for (const db of await databases()) {
      console.log(
        `\n▶ chat on ${db}: ${(settings.conversations * 2).toLocaleString('en-US')} WebSocket clients in ${settings.conversations} conversations at ${settings.rate} messages/s`,
      );
      results.push(await runChatBench({ db, postgresUrl, ...settings }));
    }
    console.log(`\n${chatTable(results)}`);
    console.log(`wrote ${writeResults('chat', results, { machine })}`);
  },
  async analytics() {
    const rows: AnalyticsRow[] = [];
    const settings: Record<string, unknown> = {};
    for (const db of await databases()) {
      const bigShopOrders = numberOption('orders', db === 'postgres' ? 1_000_000 : 100_000);
      const run = {
        bigShopOrders,
        smallShops: 200,
        ordersPerSmallShop: 1_000,
        durationSeconds: numberOption('duration', 10),
        connections: numberOption('connections', 20),
      };
      settings[db] = run;
      console.log(
        `\n▶ analytics on ${db}: a shop with ${bigShopOrders.toLocaleString('en-US')} orders over two years, 200 with 1,000 each; ${run.connections} owners at once, ${run.durationSeconds} s per load`,
      );
      const result = await runAnalyticsBench({ db, postgresUrl, ...run });
      rows.push(...result.rows);
      for (const [name, plan] of Object.entries(result.plans))
        console.log(`\n  plan: ${name}\n${plan.replace(/^/gm, '    ')}`);
    }
    console.log(`\n${analyticsTable(rows)}\n`);
    for (const line of analyticsVerdict(rows)) console.log(line);
    console.log(`wrote ${writeResults('analytics', rows, { ...settings, machine })}`);
  },
  async orders() {
    const settings = {
      shops: 200,
      owners: 50,
      customers: 2000,
      durationSeconds: numberOption('duration', 15),
      rate: numberOption('rate', 200),
      warmupSeconds: numberOption('warmup', 3),
      instances: numberOption('instances', 1),
      paid: options.has('paid'),
      maxPerSlot: options.has('max-per-slot') ? numberOption('max-per-slot', 1) : null,
      push: (options.get('push') ?? 'off') as PushMode,
    };
    if (!['off', 'ok', 'hang'].includes(settings.push))
      fail(`--push must be ok (the push service answers) or hang (it never does), not '${settings.push}'`);
    if (settings.push !== 'off' && (settings.paid || settings.maxPerSlot !== null))
      fail('--push is a mode of its own: not with --paid or --max-per-slot');
    const { maxPerSlot } = settings;
    if (maxPerSlot !== null && (!Number.isInteger(maxPerSlot) || maxPerSlot > 100))
      fail(
        `--max-per-slot must be a whole number from 1 to 100 (a shop's maxOrdersPerSlot), not ${maxPerSlot}`,
      );
    if (maxPerSlot !== null && settings.paid)
      fail('--max-per-slot and --paid are separate modes: choose one');
    const results: OrdersBenchResult[] = [];
    for (const db of await databases()) {
      console.log(
        `\n▶ orders on ${db}: ${settings.shops} shops${maxPerSlot === null ? '' : ` taking at most ${maxPerSlot} orders per 15-minute pickup slot`}, ${settings.customers.toLocaleString('en-US')} customers and ${settings.owners} owners connected, ${settings.rate} orders/s for ${settings.durationSeconds} s, ${settings.paid ? 'each paid online (fake Paystack, charge.success webhook) and' : 'each'} run to completed${settings.push === 'off' ? '' : `; every customer and owner subscribed to Web Push on a fake push service that ${settings.push === 'ok' ? 'answers 201' : 'holds every push open'}`}`,
      );
      results.push(await runOrdersBench({ db, postgresUrl, ...settings }));
    }
    console.log(`\n${ordersTable(results)}\n`);
    if (maxPerSlot === null) {
      console.log(
        `wrote ${writeResults(
          settings.paid ? 'orders-paid' : settings.push === 'off' ? 'orders' : `orders-push-${settings.push}`,
          results,
          { ...settings, machine },
        )}`,
      );
      return;
    }
    // The slot mode beside the plain counter run taken before it (bench/results/orders.json), same load, no limit.
    const unlimited = unlimitedRun();
    console.log(`${slotsTable(results, unlimited)}\n`);
    for (const line of slotsVerdict(results)) console.log(line);
    console.log(
      `wrote ${writeResults('orders-slots', results, { ...settings, machine, unlimitedRun: unlimited })}`,
    );
  },
  async web() {
    const settings = { runs: numberOption('runs', 2) };
    console.log(
      '\n▶ web: Lighthouse mobile (simulated slow 4G) on the built app, embedded database, demo data',
    );
    const rows = await runWebBench(settings);
    console.log(`\n${webTable(rows)}\n`);
    console.log(`wrote ${writeResults('web', rows, { ...settings, machine })}`);
  },
  async 'login-flood'() {
    const settings = {
      durationSeconds: numberOption('duration', 15),
      concurrency: numberOption('concurrency', 32),
    };
    const results: LoginFloodResult[] = [];
    for (const db of await databases()) {
      console.log(
        `\n▶ login-flood on ${db}: ${settings.concurrency} wrong sign-ins at once from 127.0.0.1 for ${settings.durationSeconds} s, a real user from 127.0.0.2`,
      );
      results.push(await runLoginFloodBench({ db, postgresUrl, ...settings }));
    }
    console.log(`\n${loginFloodTable(results)}\n`);
    for (const result of results)
      console.log(
        `${result.db}: the real user's p99 under the flood is ${result.floodedP99Ms} ms (target < 1000): ${result.floodedP99Ms < 1000 ? 'met' : 'NOT met'}`,
      );
    console.log(`wrote ${writeResults('login-flood', results, { ...settings, machine })}`);
  },
  async abuse() {
    const settings = {
      durationSeconds: numberOption('duration', 20),
      uploaders: numberOption('uploaders', 8),
      webhookSenders: numberOption('senders', 4),
    };
    const rows: AbuseRow[] = [];
    for (const db of await databases()) {
      console.log(
        `\n▶ abuse on ${db}: a real user's sign-ins (every 200 ms, from 127.0.0.2) at rest, under ${settings.uploaders} bomb uploads at once, under ${settings.webhookSenders} webhook senders; ${settings.durationSeconds} s each`,
      );
      rows.push(...(await runAbuseBench({ db, postgresUrl, ...settings })));
    }
    console.log(`\n${abuseTable(rows)}\n`);
    for (const line of abuseVerdict(rows)) console.log(line);
    console.log(`wrote ${writeResults('abuse', rows, { ...settings, machine })}`);
  },
};

// Ctrl-C: stop the server and drop the bench database rather than leave them behind.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up…`);
    void runCleanups().finally(() => process.exit(130));
  });
}

const unknown = scenarios.filter((name) => !runners[name]);
if (unknown.length > 0)
  fail(`Unknown scenario '${unknown.join(', ')}'. Known: ${Object.keys(runners).join(', ')}`);
try {
  for (const name of scenarios.length > 0 ? scenarios : Object.keys(runners)) await runners[name]!();
} catch (error) {
  await runCleanups();
  throw error;
}
