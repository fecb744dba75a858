// SIGTERM mid-burst (issue 33): the real server process, stopped while customers place orders, answers every
// request it took (no 5xx), keeps every order it said it stored, tells open WebSockets 1001 and exits 0.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { openDatabase } from '../../src/server/db/client.js';
import { orders } from '../../src/server/db/schema.js';
import type { AuthResponse } from '../../src/shared/api/auth.js';
import type { Order } from '../../src/shared/api/orders.js';
import { makeMenuItem, makeShop, makeUser } from '../support/factories.js';
import { postOrder, soon } from '../support/order-factories.js';
import { type Instance, startServerProcess, stopInstance } from '../support/server-process.js';
import { createPostgresDatabase } from '../support/test-app.js';
import { connect } from '../support/ws-client.js';

/** Customers placing orders at once, each one after another, until the server no longer takes connections. */
const CUSTOMERS = 8;
/** Answers received before SIGTERM is sent: the burst is well under way, with every customer's next one in flight. */
const ANSWERS_BEFORE_SIGNAL = 16;

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** PGlite in a fresh DATA_DIR, or a fresh database on the PostgreSQL of DATABASE_URL (npm run test:postgres). */
async function freshDatabase() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'coffee-shutdown-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const env: Record<string, string> = { DATA_DIR: dataDir };
  if (process.env.DATABASE_URL) {
    const created = await createPostgresDatabase(process.env.DATABASE_URL);
    cleanups.push(() => created.drop());
    env.DATABASE_URL = created.url;
  }
  return { env, open: () => openDatabase({ dataDir, databaseUrl: env.DATABASE_URL }) };
}

test('SIGTERM during a burst of orders: no 5xx, every order answered 2xx is stored, sockets get 1001, exit 0', async () => {
  const database = await freshDatabase();
  const server: Instance = await startServerProcess({
    ...database.env,
    REGISTRATIONS_PER_HOUR: '10000',
    // The burst is many orders per customer at one shop: the per-customer order limits are not under test.
    ORDERS_PER_MINUTE: '10000',
    OPEN_ORDERS_PER_SHOP: '10000',
  });
  cleanups.push(() => stopInstance(server.child));
  const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));

  const owner = await makeUser(server.api, 'shop_owner');
  const shop = await makeShop(server.api, owner);
  const item = await makeMenuItem(server.api, owner, shop);
  const customers: AuthResponse[] = await Promise.all(
    Array.from({ length: CUSTOMERS }, () => makeUser(server.api, 'customer')),
  );
  const ownerSocket = await connect(server.base, owner.accessToken);
  const body = { shopId: shop.id, items: [{ menuItemId: item.id, quantity: 1 }], pickupTime: soon() };

  const statuses: number[] = [];
  const storedIds: number[] = [];
  let answersAfterSignal = 0;
  let signalled = false;
  const placeUntilRefused = async (customer: AuthResponse) => {
    for (;;) {
      const sentBeforeSignal = !signalled;
      let answer: Awaited<ReturnType<typeof postOrder<Order>>>;
      try {
        answer = await postOrder<Order>(server.base, customer, body);
      } catch {
        return; // refused or cut: the listener has closed; a load balancer sends this client elsewhere
      }
      statuses.push(answer.status);
      if (answer.status >= 200 && answer.status < 300) storedIds.push(answer.body.id);
      if (sentBeforeSignal && signalled && answer.status === 201) answersAfterSignal += 1;
      if (!signalled && statuses.length >= ANSWERS_BEFORE_SIGNAL) {
        signalled = true;
        server.child.kill('SIGTERM');
      }
    }
  };
  await Promise.all(customers.map(placeUntilRefused));

  expect(await exited).toBe(0);
  expect((await ownerSocket.closed).code).toBe(1001);
  expect(signalled).toBe(true);
  expect(statuses.filter((status) => status >= 500)).toEqual([]);
  expect(storedIds.length).toBeGreaterThan(ANSWERS_BEFORE_SIGNAL / 2);
  // Requests in flight when the signal came were finished, not dropped.
  expect(answersAfterSignal).toBeGreaterThan(0);

  const handle = await database.open();
  try {
    const stored = await handle.db
      .select({ id: orders.id })
      .from(orders)
      .where(inArray(orders.id, storedIds));
    expect(stored.map((row) => row.id).sort((a, b) => a - b)).toEqual([...storedIds].sort((a, b) => a - b));
  } finally {
    await handle.close();
  }
  // About 10 s on a quiet machine (most of it starting the server); far longer when the machine is busy.
}, 180_000);
