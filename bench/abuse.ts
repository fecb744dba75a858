// The abuse scenario (issue 33): a real user's correct sign-in, timed at rest and while strangers' work competes
// for the server's two cores and its libuv threads — 8 decompression-bomb uploads at once, again and again, from
// shop owners' accounts; then 4 senders of unsigned 250 KB Paystack webhook bodies. Targets: sign-in p99 < 1 s
// under the bombs, and 100 webhook requests < 1 s of server CPU in all.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import {
  type BenchDatabase,
  cpuMs,
  freePort,
  freshDatabase,
  machineBusyMs,
  markdownTable,
  peakRssMb,
  percentile,
  startServer,
  stopServer,
  waitForHealth,
} from './lib.js';

export interface AbuseRow {
  db: BenchDatabase;
  load: string;
  /** The real user's correct sign-ins while the load ran, each waited for, one every 200 ms. */
  signIns: number;
  signInP50Ms: number;
  signInP99Ms: number;
  signInMaxMs: number;
  /** Sign-ins not answered 200. */
  signInFailures: number;
  /** The load's requests, and their answers by status ("201 ×12, 503 ×80"). */
  loadRequests: number;
  loadAnswers: string;
  /** The load on its own for a few seconds first (nobody signing in): its requests and the server's CPU. */
  aloneRequests: number;
  aloneCpuMs: number | null;
  /** Server CPU (all its threads) per 100 of the load's requests, from that window. */
  serverCpuMsPer100: number | null;
  /** How busy both cores were over the row, every process counted. */
  machineBusyPercent: number | null;
  /** The server's peak resident memory during the row (whole run where the peak cannot be reset). */
  serverPeakRssMb: number;
}

export interface AbuseOptions {
  db: BenchDatabase;
  postgresUrl: string;
  durationSeconds: number;
  /** Bomb uploads at once. */
  uploaders: number;
  /** Webhook senders at once. */
  webhookSenders: number;
}

const agentFor = (localAddress: string) => new http.Agent({ keepAlive: true, maxSockets: 64, localAddress });

interface Answer {
  status: number;
  ms: number;
  body: string;
}

function send(
  agent: http.Agent,
  url: string,
  headers: Record<string, string>,
  payload: Buffer | string,
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(payload)) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            ms: performance.now() - started,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    // A refused upload may be answered before its body is read, and the socket then closed: count it as sent.
    request.on('error', () => resolve({ status: 0, ms: performance.now() - started, body: '' }));
    request.end(payload);
  });
}

const postJson = (agent: http.Agent, base: string, route: string, body: unknown) =>
  send(agent, `${base}${route}`, { 'content-type': 'application/json' }, JSON.stringify(body));

/** A multipart/form-data body with one file field, as a browser's FormData sends it. */
function multipart(file: Buffer): { body: Buffer; contentType: string } {
  const boundary = `----bench${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bomb.png"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** An interlaced (Adam7) RGB PNG of one colour: libvips must decode all of it before it can shrink it. */
async function interlacedPng(side: number): Promise<Buffer> {
  return sharp({ create: { width: side, height: side, channels: 3, background: '#6f4e37' } })
    .png({ progressive: true, compressionLevel: 9 })
    .toBuffer();
}

/** Starts the server's peak-memory count afresh (Linux: clear_refs 5); false where that is not allowed. */
function resetPeakRss(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

const summarize = (statuses: Map<number, number>) =>
  [...statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status === 0 ? 'reset' : status} ×${count.toLocaleString('en-US')}`)
    .join(', ');

export async function runAbuseBench(options: AbuseOptions): Promise<AbuseRow[]> {
  const database = await freshDatabase(options);
  const uploadsDir = mkdtempSync(path.join(tmpdir(), 'bench-uploads-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer(port, {
    ...database.env,
    UPLOADS_DIR: uploadsDir,
    // The owners are registered from one address; the bench is not about the registration limit.
    REGISTRATIONS_PER_HOUR: '1000',
    // So that the webhook's signature is checked (without a key the route answers 503 before any HMAC).
    PAYSTACK_SECRET_KEY: 'sk_test_benchabusebenchabusebenchabuse',
    PAYSTACK_BASE_URL: 'http://127.0.0.1:9',
  });
  const pid = server.pid!;
  const attackers = agentFor('127.0.0.1');
  const user = agentFor('127.0.0.2');
  const rows: AbuseRow[] = [];
  try {
    // A busy machine (other builds on the two cores) can take longer than waitForHealth's 30 s to start it.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await waitForHealth(base);
        break;
      } catch (error) {
        if (attempt === 4 || server.exitCode !== null) throw error;
      }
    }
    const credentials = { email: 'real.user@example.co.za', password: 'flatwhite1' };
    const registered = await postJson(user, base, '/api/auth/register', {
      username: 'RealUser',
      ...credentials,
      role: 'customer',
    });
    if (registered.status !== 201) throw new Error(`could not register the real user: ${registered.status}`);
    let owners = 0;
    /** Fresh shop owners, so that each bomb row starts with every owner's hourly allowance whole. */
    const newOwners = async (count: number) => {
      const tokens: string[] = [];
      for (let index = 0; index < count; index += 1) {
        owners += 1;
        const reply = await postJson(attackers, base, '/api/auth/register', {
          username: `Bomber${owners}`,
          email: `bomber${owners}@example.co.za`,
          password: 'flatwhite1',
          role: 'shop_owner',
        });
        if (reply.status !== 201) throw new Error(`could not register an owner: ${reply.status}`);
        tokens.push((JSON.parse(reply.body) as { accessToken: string }).accessToken);
      }
      return tokens;
    };

    const signIn = () => postJson(user, base, '/api/auth/login', credentials);
    const requestCount = (statuses: Map<number, number>) =>
      [...statuses.values()].reduce((sum, count) => sum + count, 0);
    /**
     * Runs `sender` (loops until the end) for `aloneSeconds` on its own — the server's CPU per 100 of its requests
     * is taken there, with nobody signing in — and then for the duration with the real user signing in every
     * 200 ms, each sign-in waited for.
     */
    const measure = async (
      load: string,
      sender: ((endAt: number, statuses: Map<number, number>) => Promise<number>) | null,
      aloneSeconds = 0,
    ) => {
      const statuses = new Map<number, number>();
      const peakReset = resetPeakRss(pid);
      const aloneCpuBefore = cpuMs(pid);
      const endAt = performance.now() + (options.durationSeconds + aloneSeconds) * 1000;
      const running = sender ? sender(endAt, statuses) : Promise.resolve(0);
      if (aloneSeconds > 0) await new Promise((resolve) => setTimeout(resolve, aloneSeconds * 1000));
      const aloneCpuAfter = cpuMs(pid);
      const aloneRequests = requestCount(statuses);
      const busyBefore = machineBusyMs();
      const started = performance.now();
      const times: number[] = [];
      let failures = 0;
      while (performance.now() < endAt) {
        const reply = await signIn();
        if (reply.status === 200) times.push(reply.ms);
        else failures += 1;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const busyAfter = machineBusyMs();
      const seconds = (performance.now() - started) / 1000;
      const loadRequests = await running;
      times.sort((a, b) => a - b);
      const aloneCpu =
        aloneCpuBefore === null || aloneCpuAfter === null ? null : aloneCpuAfter - aloneCpuBefore;
      const row: AbuseRow = {
        db: options.db,
        load,
        signIns: times.length,
        signInP50Ms: Math.round(percentile(times, 50)),
        signInP99Ms: Math.round(percentile(times, 99)),
        signInMaxMs: Math.round(times.at(-1) ?? 0),
        signInFailures: failures,
        loadRequests,
        loadAnswers: summarize(statuses),
        aloneRequests,
        aloneCpuMs: aloneCpu,
        serverCpuMsPer100:
          aloneCpu === null || aloneRequests === 0 ? null : Math.round((aloneCpu / aloneRequests) * 100),
        machineBusyPercent:
          busyBefore === null || busyAfter === null
            ? null
            : Math.round(((busyAfter - busyBefore) / (seconds * 1000 * 2)) * 100),
        serverPeakRssMb: peakRssMb(pid),
      };
      if (!peakReset) row.load += ' (peak memory: whole run)';
      rows.push(row);
      console.log(
        `  ${load}: sign-in p50 ${row.signInP50Ms} ms, p99 ${row.signInP99Ms} ms, max ${row.signInMaxMs} ms, ${failures} failed; ${row.loadAnswers || 'no load'}; load alone: ${aloneRequests} requests, ${aloneCpu} ms server CPU; peak ${row.serverPeakRssMb} MB`,
      );
    };

    /** `senders` loops, each uploading `file` as its own owner again and again until the end. */
    const bombs = (file: Buffer, tokens: string[]) => {
      const { body, contentType } = multipart(file);
      return async (endAt: number, statuses: Map<number, number>) => {
        let sent = 0;
        await Promise.all(
          tokens.map(async (token) => {
            while (performance.now() < endAt) {
              const reply = await send(
                attackers,
                `${base}/api/uploads`,
                { 'content-type': contentType, authorization: `Bearer ${token}` },
                body,
              );
              sent += 1;
              statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
            }
          }),
        );
        return sent;
      };
    };

    const webhooks = (senders: number) => {
      // 250 KB of valid JSON, as a forger would send: no signature header.
      const body = JSON.stringify({ event: 'charge.success', data: { filler: 'x'.repeat(250 * 1024 - 60) } });
      return async (endAt: number, statuses: Map<number, number>) => {
        let sent = 0;
        await Promise.all(
          Array.from({ length: senders }, async () => {
            while (performance.now() < endAt) {
              const reply = await send(
                attackers,
                `${base}/api/payments/paystack/webhook`,
                { 'content-type': 'application/json' },
                body,
              );
              sent += 1;
              statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
            }
          }),
        );
        return sent;
      };
    };

    console.log(
      '  making the bombs (interlaced PNGs: 6300 × 6300, and 4890 × 4890 just under 24 megapixels)…',
    );
    const issueBomb = await interlacedPng(6300);
    const limitBomb = await interlacedPng(4890);
    console.log(
      `  bombs of ${issueBomb.length.toLocaleString('en-US')} and ${limitBomb.length.toLocaleString('en-US')} bytes`,
    );
    for (let index = 0; index < 5; index += 1) await signIn(); // warm up

    await measure('at rest', null);
    await measure(
      `${options.uploaders} bomb uploads at once: 6300 × 6300 interlaced PNG (39.7 MP, ${Math.round(issueBomb.length / 1024)} KB)`,
      bombs(issueBomb, await newOwners(options.uploaders)),
      5,
    );
    await measure(
      `${options.uploaders} bomb uploads at once: 4890 × 4890 interlaced PNG (23.9 MP, just under the limit, ${Math.round(limitBomb.length / 1024)} KB)`,
      bombs(limitBomb, await newOwners(options.uploaders)),
      5,
    );
    await measure(
      `${options.webhookSenders} senders of unsigned 250 KB Paystack webhooks`,
      webhooks(options.webhookSenders),
      5,
    );
    return rows;
  } finally {
    attackers.destroy();
    user.destroy();
    await stopServer(server);
    await database.drop();
    rmSync(uploadsDir, { recursive: true, force: true });
  }
}

export function abuseTable(rows: AbuseRow[]): string {
  return markdownTable<AbuseRow>(
    [
      { header: 'database', value: (row) => (row.db === 'pglite' ? 'PGlite' : 'PostgreSQL') },
      { header: 'load', value: (row) => row.load },
      { header: 'sign-ins', value: (row) => row.signIns, numeric: true },
      { header: 'sign-in p50 ms', value: (row) => row.signInP50Ms, numeric: true },
      { header: 'sign-in p99 ms', value: (row) => row.signInP99Ms, numeric: true },
      { header: 'max ms', value: (row) => row.signInMaxMs, numeric: true },
      { header: 'load requests: answers', value: (row) => row.loadAnswers || '–' },
      { header: 'server CPU ms per 100 load requests', value: (row) => row.serverCpuMsPer100, numeric: true },
      { header: 'cores busy %', value: (row) => row.machineBusyPercent, numeric: true },
      { header: 'server peak MB', value: (row) => row.serverPeakRssMb, numeric: true },
    ],
    rows,
  );
}

export function abuseVerdict(rows: AbuseRow[]): string[] {
  return rows.flatMap((row) => {
    if (row.load.includes('bomb'))
      return [
        `${row.db}, ${row.load}: sign-in p99 ${row.signInP99Ms} ms (target < 1000): ${row.signInP99Ms < 1000 ? 'met' : 'NOT met'}`,
      ];
    if (row.load.includes('webhook'))
      return [
        `${row.db}, webhooks: ${row.serverCpuMsPer100} ms of server CPU per 100, sent alone (target < 1000): ${(row.serverCpuMsPer100 ?? Infinity) < 1000 ? 'met' : 'NOT met'}; sign-in p99 ${row.signInP99Ms} ms`,
      ];
    return [];
  });
}
