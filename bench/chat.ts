// Chat benchmark: 1,000 authenticated WebSocket clients in 500 conversations, both sides sending for a while;
// reports messages/s, delivery latency (POST sent -> the other party's socket received it), server memory,
// and lost or duplicated deliveries (both must be 0).
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import type { DatabaseHandle } from '../src/server/db/client.js';
import { coffeeShops, messages, users } from '../src/server/db/schema.js';
import type { ServerEvent } from '../src/shared/api/messages.js';
import {
  type BenchDatabase,
  freePort,
  freshDatabase,
  peakRssMb,
  percentile,
  startServer,
  waitForHealth,
} from './lib.js';
import { benchTokens, createBenchSessions } from './sessions.js';

export interface ChatBenchOptions {
  db: BenchDatabase;
  postgresUrl: string;
  conversations: number;
  durationSeconds: number;
  /** Messages per second across all clients. */
  rate: number;
}

export interface ChatBenchResult {
  db: string;
  clients: number;
  conversations: number;
  durationSeconds: number;
  targetRate: number;
  sent: number;
  failedSends: number;
  messagesPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  lost: number;
  duplicated: number;
  serverPeakRssMb: number;
  /** How late the load generator's own event loop ran (p99): latency it adds to every figure above. */
  generatorLoopDelayP99Ms: number;
}

/** Customers, owners with one shop each, and an opening message per conversation, written straight to the database. */
async function seed(handle: DatabaseHandle, conversations: number) {
  const db = handle.db;
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: conversations * 2 }, (_, index) => ({
        username: `bench${index}`,
        email: `bench${index}@bench.local`,
        passwordHash: 'not-used',
        role: index < conversations ? ('customer' as const) : ('shop_owner' as const),
      })),
    )
    .returning({ id: users.id });
  const customers = people.slice(0, conversations).map((row) => row.id);
  const owners = people.slice(conversations).map((row) => row.id);
  const shops = await db
    .insert(coffeeShops)
    .values(
      owners.map((ownerId, index) => ({
        ownerId,
        name: `Bench Cafe ${index}`,
        category: 'specialty' as const,
        address: 'Cape Town',
      })),
    )
    .returning({ id: coffeeShops.id });
  await db.insert(messages).values(
    shops.map((shop, index) => ({
      shopId: shop.id,
      customerId: customers[index]!,
      senderId: customers[index]!,
      receiverId: owners[index]!,
      content: 'hello',
    })),
  );
  await db.execute(sql`analyze`);
  return shops.map((shop, index) => ({
    shopId: shop.id,
    customerId: customers[index]!,
    ownerId: owners[index]!,
  }));
}

// Plain keep-alive HTTP: fetch costs the load generator more CPU per request than the server spends on it.
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function post(url: string, token: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${token}`,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

interface Client {
  userId: number;
  socket: WebSocket;
  /** message id -> times received */
  received: Map<string, number>;
}

async function connect(
  base: string,
  token: string,
  userId: number,
  onMessage: (event: ServerEvent, client: Client) => void,
) {
  const socket = new WebSocket(`${base.replace('http', 'ws')}/ws`);
  const client: Client = { userId, socket, received: new Map() };
  await new Promise<void>((resolve, reject) => {
    socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
    socket.on('message', (data) => {
      const event = JSON.parse(String(data)) as ServerEvent;
      if (event.type === 'authenticated') resolve();
      else onMessage(event, client);
    });
    socket.on('error', reject);
  });
  return client;
}

export async function runChatBench(options: ChatBenchOptions): Promise<ChatBenchResult> {
  const database = await freshDatabase(options);
  const handle = await database.open();
  const pairs = await seed(handle, options.conversations);
  await createBenchSessions(handle.db);
  await handle.close();

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer(port, database.env);
  try {
    await waitForHealth(base);
    const tokens = benchTokens();

    // Delivery bookkeeping: each sent message carries a tag; the receiver's socket records when it arrives.
    const sentAt = new Map<string, number>();
    const expectedReceiver = new Map<string, number>();
    const latencies: number[] = [];
    let duplicated = 0;
    const arrived = new Set<string>();
    const onMessage = (event: ServerEvent, client: Client) => {
      if (event.type !== 'new_message') return;
      const tag = event.message.content;
      if (!sentAt.has(tag) || expectedReceiver.get(tag) !== client.userId) return;
      if (arrived.has(tag)) {
        duplicated += 1;
        return;
      }
      arrived.add(tag);
      latencies.push(performance.now() - sentAt.get(tag)!);
    };

    const clients: { client: Client; token: string; shopId: number; peer: number }[] = [];
    for (const pair of pairs) {
      const customerToken = await tokens.sign({ id: pair.customerId, role: 'customer' });
      const ownerToken = await tokens.sign({ id: pair.ownerId, role: 'shop_owner' });
      clients.push(
        {
          client: await connect(base, customerToken, pair.customerId, onMessage),
          token: customerToken,
          shopId: pair.shopId,
          peer: pair.ownerId,
        },
        {
          client: await connect(base, ownerToken, pair.ownerId, onMessage),
          token: ownerToken,
          shopId: pair.shopId,
          peer: pair.customerId,
        },
      );
    }

    // Every client sends on its own schedule, so the total is `rate` messages a second.
    const intervalMs = (clients.length / options.rate) * 1000;
    let sent = 0;
    let failedSends = 0;
    let sequence = 0;
    const inFlight = new Set<Promise<void>>();
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const started = performance.now();
    const deadline = started + options.durationSeconds * 1000;
    const timers = clients.map((entry, index) => {
      const send = () => {
        if (performance.now() >= deadline) return;
        sequence += 1;
        const tag = `b${entry.client.userId}-${sequence}`;
        sentAt.set(tag, performance.now());
        expectedReceiver.set(tag, entry.peer);
        const body = JSON.stringify({
          content: tag,
          receiverId: entry.peer,
          shopId: entry.shopId,
          messageType: 'text',
        });
        const request = post(`${base}/api/messages`, entry.token, body)
          .then((status) => {
            if (status === 201) sent += 1;
            else {
              failedSends += 1;
              sentAt.delete(tag);
            }
          })
          .catch(() => {
            failedSends += 1;
            sentAt.delete(tag);
          });
        inFlight.add(request);
        void request.finally(() => inFlight.delete(request));
      };
      const offset = (index / clients.length) * intervalMs;
      return setTimeout(() => {
        send();
        const repeat = setInterval(() => {
          if (performance.now() >= deadline) clearInterval(repeat);
          else send();
        }, intervalMs);
        repeatTimers.push(repeat);
      }, offset);
    });
    const repeatTimers: NodeJS.Timeout[] = [];
    await new Promise((resolve) => setTimeout(resolve, options.durationSeconds * 1000 + 50));
    for (const timer of [...timers, ...repeatTimers]) clearTimeout(timer);
    await Promise.all(inFlight);
    const elapsed = (performance.now() - started) / 1000;
    // Grace period for the last deliveries.
    const graceEnd = performance.now() + 5000;
    while (arrived.size < sentAt.size && performance.now() < graceEnd)
      await new Promise((resolve) => setTimeout(resolve, 50));

    loopDelay.disable();
    const serverPeakRssMb = peakRssMb(server.pid!);
    for (const entry of clients) entry.client.socket.close();
    latencies.sort((a, b) => a - b);
    return {
      db: options.db,
      clients: clients.length,
      conversations: options.conversations,
      durationSeconds: options.durationSeconds,
      targetRate: options.rate,
      sent,
      failedSends,
      messagesPerSecond: Math.round(sent / elapsed),
      p50Ms: Number(percentile(latencies, 50).toFixed(1)),
      p99Ms: Number(percentile(latencies, 99).toFixed(1)),
      maxMs: Number((latencies.at(-1) ?? 0).toFixed(1)),
      lost: sentAt.size - arrived.size,
      duplicated,
      serverPeakRssMb,
      generatorLoopDelayP99Ms: Number((loopDelay.percentile(99) / 1e6).toFixed(1)),
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await database.drop();
  }
}

export function chatTable(results: ChatBenchResult[]): string {
  const header =
    '| database | clients | conversations | sent | msg/s | p50 ms | p99 ms | max ms | lost | duplicated | failed sends | server peak RSS | generator loop delay p99 |';
  const rule = '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|';
  const rows = results.map(
    (r) =>
      `| ${r.db} | ${r.clients} | ${r.conversations} | ${r.sent} | ${r.messagesPerSecond} | ${r.p50Ms} | ${r.p99Ms} | ${r.maxMs} | ${r.lost} | ${r.duplicated} | ${r.failedSends} | ${r.serverPeakRssMb} MB | ${r.generatorLoopDelayP99Ms} ms |`,
  );
  return [header, rule, ...rows].join('\n');
}
