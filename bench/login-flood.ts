// The login-flood scenario: one address floods POST /api/auth/login with wrong passwords for random emails
// (32 at once), while a real user signs in again and again from another address (127.0.0.2, another client
// on loopback). The figure that matters is the real user's sign-in time under the flood (target p99 < 1 s);
// without the per-address cap and the hash queue it was 8 s.
import http from 'node:http';
import {
  type BenchDatabase,
  freePort,
  freshDatabase,
  markdownTable,
  percentile,
  startServer,
  stopServer,
  waitForHealth,
} from './lib.js';

export interface LoginFloodResult {
  db: BenchDatabase;
  /** The real user's sign-ins with nobody else about. */
  quietP50Ms: number;
  quietP99Ms: number;
  /** The real user's sign-ins during the flood. */
  floodedCount: number;
  floodedP50Ms: number;
  floodedP99Ms: number;
  floodedMaxMs: number;
  floodedFailures: number;
  /** What the flood got: requests sent, and how many reached a password check (401). */
  floodRequests: number;
  floodChecked: number;
  floodRefused: number;
}

const agentFor = (localAddress: string) => new http.Agent({ keepAlive: true, maxSockets: 64, localAddress });

/** POSTs JSON and resolves with the status and the time it took, in ms. */
function post(
  agent: http.Agent,
  base: string,
  path: string,
  body: unknown,
): Promise<{ status: number; ms: number }> {
  const payload = JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}${path}`,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }),
        );
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

export async function runLoginFloodBench(options: {
  db: BenchDatabase;
  postgresUrl: string;
  durationSeconds: number;
  concurrency: number;
}): Promise<LoginFloodResult> {
  const database = await freshDatabase(options);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer(port, database.env);
  const flooder = agentFor('127.0.0.1');
  const user = agentFor('127.0.0.2');
  try {
    await waitForHealth(base);
    const credentials = { email: 'real.user@example.co.za', password: 'flatwhite1' };
    const registered = await post(user, base, '/api/auth/register', {
      username: 'RealUser',
      ...credentials,
      role: 'customer',
    });
    if (registered.status !== 201) throw new Error(`could not register the real user: ${registered.status}`);

    const signIn = () => post(user, base, '/api/auth/login', credentials);
    const quiet: number[] = [];
    for (let index = 0; index < 10; index += 1) quiet.push((await signIn()).ms);

    let floodRequests = 0;
    let floodChecked = 0;
    let floodRefused = 0;
    const endAt = performance.now() + options.durationSeconds * 1000;
    const floodLoop = async (worker: number) => {
      for (let attempt = 0; performance.now() < endAt; attempt += 1) {
        const reply = await post(flooder, base, '/api/auth/login', {
          email: `guess${worker}-${attempt}@example.co.za`,
          password: `wrong-${attempt}`,
        }).catch(() => ({ status: 0, ms: 0 }));
        floodRequests += 1;
        if (reply.status === 401) floodChecked += 1;
        else floodRefused += 1;
      }
    };
    const flood = Promise.all(Array.from({ length: options.concurrency }, (_, worker) => floodLoop(worker)));

    // The real user signs in every 200 ms during the flood, each sign-in waited for.
    const flooded: number[] = [];
    let floodedFailures = 0;
    while (performance.now() < endAt) {
      const reply = await signIn();
      if (reply.status === 200) flooded.push(reply.ms);
      else floodedFailures += 1;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await flood;

    quiet.sort((a, b) => a - b);
    flooded.sort((a, b) => a - b);
    const round = (value: number) => Math.round(value);
    return {
      db: options.db,
      quietP50Ms: round(percentile(quiet, 50)),
      quietP99Ms: round(percentile(quiet, 99)),
      floodedCount: flooded.length,
      floodedP50Ms: round(percentile(flooded, 50)),
      floodedP99Ms: round(percentile(flooded, 99)),
      floodedMaxMs: round(flooded.at(-1) ?? 0),
      floodedFailures,
      floodRequests,
      floodChecked,
      floodRefused,
    };
  } finally {
    flooder.destroy();
    user.destroy();
    await stopServer(server);
    await database.drop();
  }
}

export function loginFloodTable(results: LoginFloodResult[]): string {
  return markdownTable<LoginFloodResult>(
    [
      { header: 'database', value: (row) => (row.db === 'pglite' ? 'PGlite' : 'PostgreSQL') },
      { header: 'quiet p50 ms', value: (row) => row.quietP50Ms, numeric: true },
      { header: 'flooded sign-ins', value: (row) => row.floodedCount, numeric: true },
      { header: 'flooded p50 ms', value: (row) => row.floodedP50Ms, numeric: true },
      { header: 'flooded p99 ms', value: (row) => row.floodedP99Ms, numeric: true },
      { header: 'max ms', value: (row) => row.floodedMaxMs, numeric: true },
      { header: 'refused', value: (row) => row.floodedFailures, numeric: true },
      { header: 'flood requests', value: (row) => row.floodRequests, numeric: true },
      { header: 'flood checked (401)', value: (row) => row.floodChecked, numeric: true },
    ],
    results,
  );
}
