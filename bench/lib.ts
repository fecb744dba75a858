// Shared by the benchmark scenarios: fresh databases, the server as a child process, percentiles, results.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client.js';

export type BenchDatabase = 'pglite' | 'postgres';
export const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123';

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

/** An empty, migrated database of the asked kind, and the environment that points the server at it. */
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
    return {
      env: { DATABASE_URL: url.toString() },
      open: () => openDatabase({ databaseUrl: url.toString(), dataDir: 'memory' }),
      async drop() {
        const dropper = new pg.Client({ connectionString: options.postgresUrl });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name} with (force)`);
        await dropper.end();
      },
    };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-chat-'));
  return {
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ dataDir }),
    async drop() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The real server in its own process, as in production, so the load generator never shares its event loop.
 * BENCH_CPU_PROF=1 writes a CPU profile of it to /tmp/prof.
 */
export function startServer(port: number, env: Record<string, string | undefined>) {
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : []),
      '--import',
      'tsx',
      'src/server/main.ts',
    ],
    {
      env: {
        ...process.env,
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        JWT_SECRET,
        DEMO_DATA: 'off',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  return child;
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

/** The server's peak resident memory (VmHWM), in MB. */
export function peakRssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /VmHWM:\s+(\d+) kB/.exec(status);
    return match ? Math.round(Number(match[1]) / 1024) : 0;
  } catch {
    return 0;
  }
}

export function writeResults(name: string, results: unknown) {
  writeFileSync(
    `bench/results/${name}.json`,
    `${JSON.stringify({ measuredAt: new Date().toISOString(), results }, null, 2)}\n`,
  );
}
