// The real server (`node src/server/main.ts`) as a child process on a free port, for the tests where two
// instances share one PostgreSQL database (tests/postgres): start it, learn its address from its log, stop it.
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { type Api, httpClient, TEST_JWT_SECRET } from './test-app.js';

export interface Instance {
  child: ChildProcess;
  base: string;
  api: Api;
}

/** Starts an instance on `databaseUrl` (plus any `env`); resolves once its log says where it listens. */
export function startInstance(databaseUrl: string, env: Record<string, string> = {}): Promise<Instance> {
  return startServerProcess({ DATABASE_URL: databaseUrl, ...env });
}

/**
 * Starts the server with `env` over the test defaults: on the database env names (DATABASE_URL, or PGlite in
 * DATA_DIR); `onLogLine` hears each line of its JSON log. Resolves once the log says where it listens.
 */
export function startServerProcess(
  env: Record<string, string>,
  onLogLine: (entry: Record<string, unknown>) => void = () => {},
): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DEMO_DATA: 'off',
      // PostgreSQL instances need the key given; one key for all, so each believes the others' tokens.
      JWT_SECRET: TEST_JWT_SECRET,
      // As test-app.ts: a test places many orders as one customer; tests of the limits set their own.
      ORDERS_PER_MINUTE: '10000',
      OPEN_ORDERS_PER_SHOP: '10000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      let entry: { msg?: unknown };
      try {
        entry = JSON.parse(line) as { msg?: unknown };
      } catch {
        return;
      }
      onLogLine(entry);
      const listening = /Server listening at (http:\/\/\S+)/.exec(String(entry.msg ?? ''));
      if (listening) resolve({ child, base: listening[1]!, api: httpClient(listening[1]!) });
    });
    child.once('exit', (code) => reject(new Error(`the instance exited before listening (code ${code})`)));
  });
}

/** Asks the instance to shut down (SIGTERM) and waits until it has. */
export function stopInstance(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * `count` instances on one database, started together. When one fails to start, the others are stopped before the
 * error is thrown, so a test's afterAll has nothing of them left to stop.
 */
export async function startInstances(
  databaseUrl: string,
  count: number,
  env: Record<string, string> = {},
): Promise<Instance[]> {
  const started = await Promise.allSettled(
    Array.from({ length: count }, () => startInstance(databaseUrl, env)),
  );
  const instances = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.all(instances.map((instance) => stopInstance(instance.child)));
    throw failed.reason;
  }
  return instances;
}
