// npm run bench [-- scenario… --db pglite|postgres|both --duration N]: runs the benchmark scenarios,
// prints each one's table and writes bench/results/<scenario>.json.
import pg from 'pg';
import { type ChatBenchResult, chatTable, runChatBench } from './chat.js';
import { type DiscoverRow, discoverTable, runDiscoverBench } from './discover.js';
import { writeResults } from './lib.js';

const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
const scenarios = args.filter((arg, index) => !arg.startsWith('--') && !args[index - 1]?.startsWith('--'));
const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

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

async function databases(): Promise<('pglite' | 'postgres')[]> {
  const wanted = option('db') ?? 'both';
  if (wanted === 'pglite') return ['pglite'];
  if (wanted === 'postgres') return ['postgres'];
  return (await postgresReachable()) ? ['pglite', 'postgres'] : ['pglite'];
}

const runners: Record<string, () => Promise<void>> = {
  async discover() {
    const rows: DiscoverRow[] = [];
    for (const db of await databases()) {
      console.log(`\n▶ discover on ${db}: 100,000 shops, 50 connections`);
      const result = await runDiscoverBench({
        db,
        postgresUrl,
        shops: Number(option('shops') ?? 100_000),
        durationSeconds: Number(option('duration') ?? 20),
        connections: 50,
      });
      rows.push(...result.rows);
      console.log(`  server peak memory ${result.serverPeakRssMb} MB`);
    }
    console.log(`\n${discoverTable(rows)}`);
    writeResults('discover', rows);
  },
  async chat() {
    const results: ChatBenchResult[] = [];
    for (const db of await databases()) {
      console.log(`\n▶ chat on ${db}: 1,000 WebSocket clients in 500 conversations at 500 messages/s`);
      results.push(
        await runChatBench({
          db,
          postgresUrl,
          conversations: Number(option('conversations') ?? 500),
          durationSeconds: Number(option('duration') ?? 30),
          rate: Number(option('rate') ?? 500),
        }),
      );
    }
    console.log(`\n${chatTable(results)}`);
    writeResults('chat', results);
  },
};

for (const name of scenarios.length > 0 ? scenarios : Object.keys(runners)) {
  const run = runners[name];
  if (!run) {
    console.error(`Unknown scenario '${name}'. Known: ${Object.keys(runners).join(', ')}`);
    process.exit(1);
  }
  await run();
}
