// Web Push delivered by two instances of one PostgreSQL database at once (issue 27): both workers claim the same
// outbox, and every event reaches every device exactly once. Needs DATABASE_URL (npm run test:postgres).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import webpush from 'web-push';
import type { Order } from '../../src/shared/api/orders.js';
import type { PushPayload } from '../../src/shared/api/push.js';
import { makeShop, makeUser } from '../support/factories.js';
import { type FakePushService, startFakePushService } from '../support/fake-push-service.js';
import { addMenuItems, postOrder, soon } from '../support/order-factories.js';
import { startAppOn, startTestApp, type TestApp } from '../support/test-app.js';

if (!process.env.DATABASE_URL)
  throw new Error('The push delivery test needs DATABASE_URL=postgres://… (npm run test:postgres)');

const vapid = webpush.generateVAPIDKeys();
let fake: FakePushService;
let first: TestApp;
let second: Awaited<ReturnType<typeof startAppOn>>;

beforeAll(async () => {
  fake = await startFakePushService({ vapidPublicKey: vapid.publicKey });
  const env = {
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    PUSH_SERVICE_HOSTS: fake.host,
  };
  first = await startTestApp({ env });
  second = await startAppOn(first.database, { env });
});

afterAll(async () => {
  await fake?.close();
  await second?.close();
  await first?.close();
});

test('two instances sending one outbox: each event reaches each device once, retries included', async () => {
  const [owner, customer] = [await makeUser(first.api, 'shop_owner'), await makeUser(first.api, 'customer')];
  const shop = await makeShop(first.api, owner, { name: 'Race Roasters' });
  const [item] = await addMenuItems(first.database.db, shop.id, [{ name: 'Cortado' }]);
  const devices = [fake.subscribe(), fake.subscribe(), fake.subscribe()];
  for (const device of devices)
    expect((await first.api.as(customer).post('/api/push/subscriptions', device)).status).toBe(201);
  // One device's service fails once with 500: its retry must not double anything either.
  fake.respond(devices[2]!.endpoint, 500, 201);

  const apis = [first.api, second.api];
  const orders: Order[] = [];
  for (let i = 0; i < 12; i += 1) {
    const placed = await postOrder<Order>(i % 2 ? second.baseUrl : first.baseUrl, customer, {
      shopId: shop.id,
      items: [{ menuItemId: item!.id, quantity: 1 }],
      pickupTime: soon(),
    });
    expect(placed.status).toBe(201);
    orders.push(placed.body);
  }
  // Every order confirmed, prepared and readied, the moves spread over both instances and sent all at once.
  await Promise.all(
    orders.map((order, i) => apis[i % 2]!.as(owner).put(`/api/orders/${order.id}`, { status: 'confirmed' })),
  );
  await Promise.all(
    orders.map((order, i) => apis[i % 2]!.as(owner).put(`/api/orders/${order.id}`, { status: 'preparing' })),
  );
  await Promise.all(
    orders.map((order, i) =>
      apis[(i + 1) % 2]!.as(owner).put(`/api/orders/${order.id}`, { status: 'ready' }),
    ),
  );

  const expected = orders.length * 2; // confirmed and ready, per device
  await fake.waitFor(expected, { endpoint: devices[0]!.endpoint, timeoutMs: 15_000 });
  await fake.waitFor(expected, { endpoint: devices[1]!.endpoint, timeoutMs: 15_000 });
  await fake.waitFor(1, { endpoint: devices[2]!.endpoint, status: 500 });
  // The failed send comes due again: both instances race for it.
  // (Only rows that failed: moving a row still being sent would be two claims of it, which time cannot do.)
  await Promise.all([first.app.deps.outbox.idle(), second.app.deps.outbox.idle()]);
  await first.database.db.execute(
    sql`update outbox set next_attempt_at = now() where done_at is null and last_error is not null`,
  );
  for (let round = 0; round < 5; round += 1) {
    await Promise.all([first.app.deps.outbox.runOnce(), second.app.deps.outbox.runOnce()]);
    await Promise.all([first.app.deps.outbox.idle(), second.app.deps.outbox.idle()]);
  }
  await fake.waitFor(expected, { endpoint: devices[2]!.endpoint, timeoutMs: 15_000 });

  for (const device of devices) {
    const delivered = fake.received
      .filter((push) => push.endpoint === device.endpoint && push.status === 201)
      .map((push) => {
        const payload = push.json as PushPayload;
        return `${payload.tag} ${payload.title}`;
      });
    expect(delivered).toHaveLength(expected);
    expect(new Set(delivered).size).toBe(expected);
  }
  const pending = await first.database.db.execute(
    sql`select count(*)::int as n from outbox where done_at is null`,
  );
  expect((pending as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
});
