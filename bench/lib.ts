// Shared by the benchmark scenarios: fresh databases, the server as a child process, CPU accounting, tables, results.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client.js';

export type BenchDatabase = 'pglite' | 'postgres';
/** The servers' token key, made per run: the scenarios mint tokens with it for the servers they start. */
export const JWT_SECRET = randomBytes(48).toString('base64url');

const resultsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');

// What to undo if the run is interrupted (Ctrl-C): stop servers, drop databases. run.ts calls runCleanups.
const cleanups = new Set<() => Promise<void>>();

export async function runCleanups() {
  for (const cleanup of [...cleanups].reverse()) await cleanup().catch(() => undefined);
  cleanups.clear();
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export type FreshDatabase = Awaited<ReturnType<typeof freshDatabase>>;

/**
 * An empty, migrated-on-open database of the asked kind, and the environment that points the server at it.
 * PostgreSQL: a new database bench_<timestamp> on the server, dropped afterwards. PGlite: a temporary data
 * folder, not memory, because the server runs in its own process (see startServer) and an in-memory PGlite
 * cannot be shared between processes; a folder is also how the app runs PGlite in production (./.data).
 */
export async function freshDatabase(options: { db: BenchDatabase; postgresUrl: string }) {
  if (options.db === 'postgres') {
    const name = `bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: options.postgresUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    // Diagnosis only (BENCH_ASYNC_COMMIT=1): shows how much of the tail is the disk's commit flush.
    if (process.env.BENCH_ASYNC_COMMIT)
      await admin.query(`alter database ${name} set synchronous_commit = off`);
    await admin.end();
    const url = new URL(options.postgresUrl);
    url.pathname = `/${name}`;
    const drop = async () => {
      cleanups.delete(drop);
      // Diagnosis only (BENCH_KEEP_DATABASE=1): keep the loaded database to query it afterwards.
      if (process.env.BENCH_KEEP_DATABASE) return console.log(`  kept database ${name}`);
      const dropper = new pg.Client({ connectionString: options.postgresUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    };
    cleanups.add(drop);
    return {
      kind: options.db,
      /** The database's name: its backends carry it in their process title (see postgresCpuMs). */
      name,
      env: { DATABASE_URL: url.toString() },
      open: () => openDatabase({ databaseUrl: url.toString(), dataDir: 'memory' }),
      drop,
    };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-pglite-'));
  const drop = async () => {
    cleanups.delete(drop);
    if (process.env.BENCH_KEEP_DATABASE) return console.log(`  kept database folder ${dataDir}`);
    rmSync(dataDir, { recursive: true, force: true });
  };
  cleanups.add(drop);
  return {
    kind: options.db,
    name: dataDir,
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ dataDir }),
    drop,
  };
}

/**
 * The real server (src/server/main.ts, as `npm start` runs it) in its own process, so the load generator never
 * shares its event loop and the figures are the server's own. BENCH_CPU_PROF=1 writes a CPU profile of it to
 * /tmp/prof; BENCH_NODE_ARGS adds flags to its node (for example --trace-gc).
 */
export function startServer(port: number, env: Record<string, string | undefined>): ChildProcess {
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : []),
      ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      '--import',
      'tsx',
      'src/server/main.ts',
    ],
    {
      env: {
        ...process.env,
        DEMO_DATA: 'off',
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        JWT_SECRET,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const stop = () => stopServer(child);
  cleanups.add(stop);
  child.once('exit', () => cleanups.delete(stop));
  return child;
}

/**
 * Runs this bench again in a new process with `env`, and exits with its exit code: for what Node reads only when a
 * process starts (NODE_EXTRA_CA_CERTS, which the fake push service's TLS check needs in this process). Ctrl-C
 * reaches the new process from the terminal (one process group), so here SIGINT is only waited out; a SIGTERM sent
 * to this process is passed on. Either way the new process cleans up (run.ts) and this one exits with it.
 */
export async function runAgainWith(env: NodeJS.ProcessEnv): Promise<never> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...process.argv.slice(1)], {
    env,
    stdio: 'inherit',
  });
  process.on('SIGINT', () => undefined);
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  const code = await new Promise<number>((resolve) =>
    child.once('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 130 : 1))),
  );
  process.exit(code);
}

/** Asks the server to shut down (SIGTERM: it closes its database) and waits until it has. */
export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export async function waitForHealth(base: string) {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not start');
}

/** The server's peak resident memory (VmHWM), in MB; 0 where /proc is missing. */
export function peakRssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /VmHWM:\s+(\d+) kB/.exec(status);
    return match ? Math.round(Number(match[1]) / 1024) : 0;
  } catch {
    return 0;
  }
}

// /proc/<pid>/stat counts CPU time in clock ticks of 1/100 s on Linux.
const TICK_MS = 10;

function processCpuMs(pid: string | number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** CPU time (user + system) a process has used so far, in ms; null where /proc is missing. */
export function cpuMs(pid: number): number | null {
  try {
    return processCpuMs(pid);
  } catch {
    return null;
  }
}

/**
 * CPU time (ms) used so far by each local PostgreSQL backend serving one database, by process id: their process
 * title names the database. Empty when none is visible (PostgreSQL on another machine, or no /proc).
 */
export function postgresCpuMs(database: string): Map<number, number> {
  const usage = new Map<number, number>();
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc');
  } catch {
    return usage;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!title.startsWith('postgres: ') || !title.split(' ').includes(database)) continue;
      usage.set(Number(entry), processCpuMs(entry));
    } catch {
      // gone meanwhile
    }
  }
  return usage;
}

/**
 * The CPU the backends used between two postgresCpuMs snapshots; null when none was seen. A backend that
 * ended in between (an idle pool connection closing) is left out: it was idle.
 */
export function postgresCpuBetween(before: Map<number, number>, after: Map<number, number>): number | null {
  if (after.size === 0) return null;
  let total = 0;
  for (const [pid, used] of after) total += used - (before.get(pid) ?? 0);
  return total;
}

/** CPU time the whole machine has spent busy so far (all cores, all processes), in ms; null without /proc. */
export function machineBusyMs(): number | null {
  try {
    const [cpu] = readFileSync('/proc/stat', 'utf8').split('\n');
    const ticks = cpu!.trim().split(/\s+/).slice(1, 9).map(Number);
    const idle = ticks[3]! + ticks[4]!;
    return (ticks.reduce((sum, tick) => sum + tick, 0) - idle) * TICK_MS;
  } catch {
    return null;
  }
}

export interface Column<Row> {
  header: string;
  value: (row: Row) => string | number | null;
  /** Right-align (numbers). */
  numeric?: boolean;
}

/** A GitHub-flavoured markdown table; numbers get thousands separators, null shows as a dash. */
export function markdownTable<Row>(columns: Column<Row>[], rows: Row[]): string {
  const cell = (value: string | number | null) =>
    value === null ? '–' : typeof value === 'number' ? value.toLocaleString('en-US') : value;
  return [
    `| ${columns.map((column) => column.header).join(' | ')} |`,
    `|${columns.map((column) => (column.numeric ? '---:' : '---')).join('|')}|`,
    ...rows.map((row) => `| ${columns.map((column) => cell(column.value(row))).join(' | ')} |`),
  ].join('\n');
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of a statement as the server runs it: prepared on one connection, the values given to
 * EXECUTE. Left to choose, it runs six times first, as a named statement has on a busy server, and PostgreSQL keeps
 * its generic plan only if that costs no more than planning for the values; with forceGenericPlan it is on its
 * generic plan from the start, as on the connections of db/prepared.ts executeOnGenericPlan.
 */
export async function explainPrepared(
  pool: pg.Pool,
  text: string,
  params: unknown[],
  options: { forceGenericPlan?: boolean } = {},
): Promise<string[]> {
  const literal = (value: unknown) =>
    value === null || value === undefined
      ? 'null'
      : typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : `'${String(value).replaceAll("'", "''")}'`;
  const values = params.map(literal).join(', ');
  const execute = values ? `execute explained(${values})` : 'execute explained';
  const client = await pool.connect();
  try {
    if (options.forceGenericPlan) await client.query('set plan_cache_mode = force_generic_plan');
    await client.query(`prepare explained as ${text}`);
    for (let run = 0; run < (options.forceGenericPlan ? 2 : 6); run += 1) await client.query(execute);
    const result = await client.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers, costs off) ${execute}`,
    );
    return result.rows.map((row) => row['QUERY PLAN']);
  } finally {
    await client.query('deallocate explained');
    await client.query('reset plan_cache_mode');
    client.release();
  }
}

/** bench/results/<file>: a text beside the results (a plan in full); returns its path. */
export function writeResultText(file: string, text: string) {
  writeFileSync(path.join(resultsDir, file), text);
  return path.relative(process.cwd(), path.join(resultsDir, file));
}

/** bench/results/<name>.json: small, stable and commit-worthy. */
export function writeResults(name: string, results: unknown, settings: Record<string, unknown> = {}) {
  const file = path.join(resultsDir, `${name}.json`);
  writeFileSync(
    file,
    `${JSON.stringify({ measuredAt: new Date().toISOString(), ...settings, results }, null, 2)}\n`,
  );
  return path.relative(process.cwd(), file);
}
