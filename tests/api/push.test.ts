// Web Push (issue 27) against a fake push service speaking the real protocol (tests/support/fake-push-service.ts):
// who may subscribe what, what each order and chat event sends (decrypted and read), preferences, the open-socket
// rule for messages, cleanup of dead subscriptions, retries and giving up, and a hung push service.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import webpush from 'web-push';
import { outbox, pushSubscriptions } from '../../src/server/db/schema.js';
import { cancelUnconfirmedOrders } from '../../src/server/features/orders/routes.js';
import { createWebPushSender } from '../../src/server/integrations/push.js';
import { MAX_ATTEMPTS } from '../../src/server/outbox.js';
import type { AuthResponse } from '../../src/shared/api/auth.js';
import type { Order } from '../../src/shared/api/orders.js';
import {
  MAX_PUSH_SUBSCRIPTIONS_PER_USER,
  PUSH_PAYLOAD_MAX_BYTES,
  type PushPayload,
} from '../../src/shared/api/push.js';
import type { Shop } from '../../src/shared/api/shops.js';
import { makeShop, makeUser } from '../support/factories.js';
import {
  type FakePushService,
  startFakePushService,
  type TestSubscription,
} from '../support/fake-push-service.js';
import { addMenuItems, postOrder, soon } from '../support/order-factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { connect } from '../support/ws-client.js';

const vapid = webpush.generateVAPIDKeys();
let fake: FakePushService;
let server: TestApp;
let owner: AuthResponse;
let customer: AuthResponse;
let shop: Shop;
let itemId: number;

beforeAll(async () => {
  fake = await startFakePushService({ vapidPublicKey: vapid.publicKey });
  server = await startTestApp({
    env: {
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'mailto:ops@brewconnect.co.za',
      PUSH_SERVICE_HOSTS: fake.host,
    },
  });
  [owner, customer] = await Promise.all([
    makeUser(server.api, 'shop_owner'),
    makeUser(server.api, 'customer'),
  ]);
  shop = await makeShop(server.api, owner, { name: 'Truth Coffee' });
  const [item] = await addMenuItems(server.database.db, shop.id, [{ name: 'Flat White' }]);
  itemId = item!.id;
});

afterAll(async () => {
  await fake?.close(); // first: it lets go of the hung request, which the app's close waits for
  await server?.close();
});

beforeEach(async () => {
  fake.received.length = 0;
  fake.respond(null);
  await server.database.db.delete(pushSubscriptions);
});

const subscribe = async (who: AuthResponse) => {
  const device = fake.subscribe();
  const saved = await server.api.as(who).post('/api/push/subscriptions', device);
  expect(saved.status).toBe(201);
  return device;
};
const placeOrder = async () => {
  const placed = await postOrder<Order>(server.baseUrl, customer, {
    shopId: shop.id,
    items: [{ menuItemId: itemId, quantity: 2 }],
    pickupTime: soon(),
  });
  expect(placed.status).toBe(201);
  return placed.body;
};
const move = (who: AuthResponse, id: number, status: string) =>
  server.api.as(who).put<Order>(`/api/orders/${id}`, { status });
const payloadOf = (push: { json: unknown }) => push.json as PushPayload;
/** Runs the outbox until nothing is due or being done. */
const settle = async () => {
  const worker = server.app.deps.outbox;
  do await worker.idle();
  while ((await worker.runOnce()) > 0);
  await worker.idle();
};
const sentTo = (device: TestSubscription) =>
  fake.received.filter((push) => push.endpoint === device.endpoint && push.status === 201);
const subscriptionCount = async () => (await server.database.db.select().from(pushSubscriptions)).length;

describe('subscriptions', () => {
  test('the public key is the configured VAPID key; without keys on PostgreSQL push is off (503)', async () => {
    expect((await server.api.get('/api/push/public-key')).body).toEqual({ publicKey: vapid.publicKey });
    const off = await startTestApp();
    try {
      const answer = await off.api.get('/api/push/public-key');
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({ message: 'Push notifications are not configured on this server' });
      const user = await makeUser(off.api, 'customer');
      expect((await off.api.as(user).post('/api/push/subscriptions', fake.subscribe())).status).toBe(503);
    } finally {
      await off.close();
    }
  });

  test('only a signed-in user may subscribe, with keys of the right lengths, to a known push service', async () => {
    const device = fake.subscribe();
    expect((await server.api.post('/api/push/subscriptions', device)).status).toBe(401);
    const refusals: [Record<string, unknown>, RegExp][] = [
      [{ ...device, keys: { ...device.keys, p256dh: 'short' } }, /keys\.p256dh must encode 65 bytes/],
      [
        { ...device, keys: { ...device.keys, auth: `${device.keys.auth}AAAA` } },
        /keys\.auth must encode 16 bytes/,
      ],
      [{ ...device, keys: { ...device.keys, auth: 'not base64url!!' } }, /keys\.auth must be base64url/],
      [{ endpoint: device.endpoint }, /keys/],
      [{ ...device, endpoint: device.endpoint.replace('https:', 'http:') }, /endpoint must be an https URL/],
      // Internal or arbitrary addresses: the server would POST there.
      [{ ...device, endpoint: 'https://169.254.169.254/latest/meta-data' }, /known push service/],
      [{ ...device, endpoint: 'https://127.0.0.2/push/x' }, /known push service/],
      [{ ...device, endpoint: `https://127.0.0.1:1/push/x` }, /known push service/],
      [{ ...device, endpoint: 'https://fcm.googleapis.com.evil.example/fcm/send/x' }, /known push service/],
      [{ ...device, endpoint: `https://user:pw@${fake.host}/push/x` }, /known push service/],
      [{ ...device, endpoint: 'not a url' }, /known push service/],
    ];
    for (const [body, message] of refusals) {
      const answer = await server.api.as(customer).post<{ message: string }>('/api/push/subscriptions', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toMatch(message);
    }
    expect(await subscriptionCount()).toBe(0);
    // The real services' hosts are known by default.
    const chrome = { ...device, endpoint: 'https://fcm.googleapis.com/fcm/send/abc123' };
    const edge = { ...device, endpoint: 'https://wns2-par02p.notify.windows.com/w/?token=abc' };
    for (const body of [chrome, edge])
      expect((await server.api.as(customer).post('/api/push/subscriptions', body)).status).toBe(201);
  });

  test('one row per endpoint: given again it is updated, and it moves to whoever signed in on that device', async () => {
    const device = await subscribe(customer);
    const again = { ...device, keys: fake.subscribe().keys };
    expect((await server.api.as(customer).post('/api/push/subscriptions', again)).status).toBe(201);
    let rows = await server.database.db.select().from(pushSubscriptions);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: customer.user.id, p256dh: again.keys.p256dh });
    const other = await makeUser(server.api, 'customer');
    expect((await server.api.as(other).post('/api/push/subscriptions', device)).status).toBe(201);
    rows = await server.database.db.select().from(pushSubscriptions);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.userId).toBe(other.user.id);
  });

  test(`at most ${MAX_PUSH_SUBSCRIPTIONS_PER_USER} per user: one more replaces the oldest`, async () => {
    const devices: TestSubscription[] = [];
    for (let i = 0; i <= MAX_PUSH_SUBSCRIPTIONS_PER_USER; i += 1) devices.push(await subscribe(customer));
    const kept = await server.database.db.select().from(pushSubscriptions);
    expect(kept).toHaveLength(MAX_PUSH_SUBSCRIPTIONS_PER_USER);
    expect(kept.map((row) => row.endpoint)).not.toContain(devices[0]!.endpoint);
    expect(kept.map((row) => row.endpoint)).toContain(devices.at(-1)!.endpoint);
  });

  test("signing out ends that session's subscription, wherever the sign-out came from", async () => {
    const phoneSession = (
      await server.api.post<AuthResponse>('/api/auth/login', {
        email: customer.user.email,
        password: 'flatwhite1',
      })
    ).body;
    const phone = await subscribe(phoneSession);
    const laptop = await subscribe(customer);
    expect((await server.api.as(customer).post('/api/auth/logout-others')).status).toBe(204);
    const left = await server.database.db.select().from(pushSubscriptions);
    expect(left.map((row) => row.endpoint)).toEqual([laptop.endpoint]);
    expect(left.map((row) => row.endpoint)).not.toContain(phone.endpoint);
  });

  test('DELETE forgets only your own subscription', async () => {
    const device = await subscribe(customer);
    const other = await makeUser(server.api, 'customer');
    expect(
      (await server.api.as(other).delete('/api/push/subscriptions', { endpoint: device.endpoint })).status,
    ).toBe(204);
    expect(await subscriptionCount()).toBe(1);
    expect((await server.api.delete('/api/push/subscriptions', { endpoint: device.endpoint })).status).toBe(
      401,
    );
    expect(
      (await server.api.as(customer).delete('/api/push/subscriptions', { endpoint: device.endpoint })).status,
    ).toBe(204);
    expect(await subscriptionCount()).toBe(0);
  });

  test('preferences: all on by default, saved per user, refused when not three booleans', async () => {
    const user = await makeUser(server.api, 'customer');
    expect((await server.api.as(user).get('/api/notification-preferences')).body).toEqual({
      orderUpdates: true,
      newOrders: true,
      messages: true,
    });
    const wanted = { orderUpdates: false, newOrders: true, messages: false };
    expect((await server.api.as(user).put('/api/notification-preferences', wanted)).body).toEqual(wanted);
    expect((await server.api.as(user).get('/api/notification-preferences')).body).toEqual(wanted);
    const bad = await server.api.as(user).put<{ message: string }>('/api/notification-preferences', {
      ...wanted,
      messages: 'yes',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/messages must be true or false/);
    expect((await server.api.get('/api/notification-preferences')).status).toBe(401);
  });
});

describe('what is sent', () => {
  test('the customer hears confirmed, ready (with the pickup code, urgent) and cancelled, once each', async () => {
    const phone = await subscribe(customer);
    const order = await placeOrder();
    await move(owner, order.id, 'confirmed');
    await move(owner, order.id, 'preparing');
    await move(owner, order.id, 'ready');
    await fake.waitFor(2, { endpoint: phone.endpoint });
    await settle();
    const [confirmed, ready] = sentTo(phone);
    expect(sentTo(phone)).toHaveLength(2); // nothing for preparing
    expect(payloadOf(confirmed!)).toEqual({
      title: 'Order confirmed',
      body: `Truth Coffee confirmed your order #${order.id} — code ${order.pickupCode}`,
      url: '/orders',
      tag: `order-${order.id}`,
    });
    expect(payloadOf(ready!)).toMatchObject({
      title: 'Your order is ready',
      body: `Your order at Truth Coffee is ready — code ${order.pickupCode}`,
    });
    // The tag is the push Topic too: a newer update replaces an older one not yet delivered.
    expect(ready).toMatchObject({ urgency: 'high', topic: `order-${order.id}` });
    expect(confirmed!.urgency).toBe('normal');
    expect(ready!.vapid).toMatchObject({ aud: fake.origin, sub: 'mailto:ops@brewconnect.co.za' });
    expect(Number(ready!.vapid!.exp) * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);
    expect(Buffer.byteLength(ready!.text!)).toBeLessThanOrEqual(PUSH_PAYLOAD_MAX_BYTES);

    const second = await placeOrder();
    const cancelling = await server.api
      .as(owner)
      .put(`/api/orders/${second.id}`, { status: 'cancelled', cancelReason: 'Sold out' });
    expect(cancelling.status).toBe(200);
    const [cancelled] = await fake
      .waitFor(3, { endpoint: phone.endpoint })
      .then(() => sentTo(phone).filter((push) => payloadOf(push).tag === `order-${second.id}`));
    expect(payloadOf(cancelled!)).toMatchObject({
      title: 'Order cancelled',
      body: `Truth Coffee cancelled your order #${second.id}: Sold out`,
    });
  });

  test('the owner hears a new order and a customer cancelling it; not their own moves', async () => {
    const tablet = await subscribe(owner);
    const order = await placeOrder();
    await fake.waitFor(1, { endpoint: tablet.endpoint });
    expect(payloadOf(sentTo(tablet)[0]!)).toMatchObject({
      title: `New order #${order.id}`,
      url: '/dashboard/board',
      tag: `order-${order.id}`,
    });
    expect(payloadOf(sentTo(tablet)[0]!).body).toMatch(
      new RegExp(`^${customer.user.username}: 2 × Flat White · R`),
    );
    expect(sentTo(tablet)[0]!.urgency).toBe('high');
    await server.api
      .as(customer)
      .put(`/api/orders/${order.id}`, { status: 'cancelled', cancelReason: 'Running late' });
    await fake.waitFor(2, { endpoint: tablet.endpoint });
    expect(payloadOf(sentTo(tablet)[1]!)).toMatchObject({
      title: `Order #${order.id} cancelled`,
      body: expect.stringMatching(
        new RegExp(`^${customer.user.username} cancelled order #${order.id} \\(.*\\): Running late$`),
      ),
    });
    const next = await placeOrder();
    await move(owner, next.id, 'confirmed');
    await fake.waitFor(3, { endpoint: tablet.endpoint });
    await settle();
    expect(sentTo(tablet)).toHaveLength(3);
  });

  test('an order the shop did not confirm in time: the customer is told why', async () => {
    const phone = await subscribe(customer);
    const order = await placeOrder();
    const later = new Date(Date.now() + 24 * 60 * 60_000);
    const cancelled = await cancelUnconfirmedOrders(server.app, later);
    expect(cancelled.map((change) => change.order.id)).toContain(order.id);
    await fake.waitFor(1, { endpoint: phone.endpoint });
    expect(payloadOf(sentTo(phone)[0]!).body).toBe(
      `Order #${order.id} at Truth Coffee was cancelled because the shop did not confirm it in time`,
    );
  });

  test('a chat message reaches the receiver with no open socket, and not one who has the app open', async () => {
    const tablet = await subscribe(owner);
    const sent = await server.api.as(customer).post('/api/messages', {
      shopId: shop.id,
      receiverId: owner.user.id,
      content: `Do you have oat milk? ${'really '.repeat(100)}`,
    });
    expect(sent.status).toBe(201);
    await fake.waitFor(1, { endpoint: tablet.endpoint });
    const pushed = payloadOf(sentTo(tablet)[0]!);
    expect(pushed).toMatchObject({
      title: `${customer.user.username} · Truth Coffee`,
      url: `/messages?shop=${shop.id}&customer=${customer.user.id}`,
      tag: `chat-${shop.id}-${customer.user.id}`,
    });
    expect(pushed.body.length).toBeLessThanOrEqual(200);

    // The owner has the dashboard open: the message arrives live, and no push says it again.
    const socket = await connect(server.baseUrl, owner.accessToken);
    try {
      await server.app.deps.presence.flushed();
      await server.api.as(customer).post('/api/messages', {
        shopId: shop.id,
        receiverId: owner.user.id,
        content: 'And almond?',
      });
      await settle();
      expect(sentTo(tablet)).toHaveLength(1);
    } finally {
      socket.close();
    }
    // The customer's phone gets the shop's answer, titled with the shop's name.
    const phone = await subscribe(customer);
    await server.api.as(owner).post('/api/messages', {
      shopId: shop.id,
      receiverId: customer.user.id,
      content: 'Yes, both!',
    });
    await fake.waitFor(1, { endpoint: phone.endpoint });
    expect(payloadOf(sentTo(phone)[0]!)).toMatchObject({
      title: 'Truth Coffee',
      body: 'Yes, both!',
      url: `/messages?shop=${shop.id}`,
    });
  });

  test('preferences are honoured: order updates off, nothing for the order; messages still come', async () => {
    const phone = await subscribe(customer);
    await server.api
      .as(customer)
      .put('/api/notification-preferences', { orderUpdates: false, newOrders: true, messages: true });
    try {
      const order = await placeOrder();
      await move(owner, order.id, 'confirmed');
      await server.api.as(owner).post('/api/messages', {
        shopId: shop.id,
        receiverId: customer.user.id,
        content: 'Thanks for your order',
      });
      await fake.waitFor(1, { endpoint: phone.endpoint });
      await settle();
      expect(sentTo(phone).map((push) => payloadOf(push).body)).toEqual(['Thanks for your order']);
    } finally {
      await server.api
        .as(customer)
        .put('/api/notification-preferences', { orderUpdates: true, newOrders: true, messages: true });
    }
  });

  test('every device of the user gets it; a device since taken by another user gets nothing of the first', async () => {
    const [phone, laptop] = [await subscribe(customer), await subscribe(customer)];
    const order = await placeOrder();
    await move(owner, order.id, 'confirmed');
    await fake.waitFor(1, { endpoint: phone.endpoint });
    await fake.waitFor(1, { endpoint: laptop.endpoint });

    // An event written while the laptop was the customer's, sent after someone else signed in on it.
    fake.respond(laptop.endpoint, 500, 201);
    const second = await placeOrder();
    expect((await move(owner, second.id, 'cancelled')).status).toBe(200);
    await fake.waitFor(1, { endpoint: laptop.endpoint, status: 500 });
    const other = await makeUser(server.api, 'customer');
    await server.api.as(other).post('/api/push/subscriptions', laptop);
    await server.app.deps.outbox.idle();
    await server.database.db.execute(
      sql`update outbox set next_attempt_at = now() where done_at is null and last_error is not null`,
    );
    await settle();
    expect(sentTo(laptop)).toHaveLength(1);
    expect(sentTo(phone)).toHaveLength(2);
  });
});

describe('delivery', () => {
  test('a push service answering 404 or 410 deletes that subscription', async () => {
    const gone = await subscribe(customer);
    const expired = await subscribe(customer);
    const alive = await subscribe(customer);
    fake.respond(gone.endpoint, 404);
    fake.respond(expired.endpoint, 410);
    const order = await placeOrder();
    await move(owner, order.id, 'confirmed');
    await fake.waitFor(1, { endpoint: alive.endpoint });
    await fake.waitFor(1, { endpoint: gone.endpoint, status: 404 });
    await fake.waitFor(1, { endpoint: expired.endpoint, status: 410 });
    await settle();
    const left = await server.database.db.select().from(pushSubscriptions);
    expect(left.map((row) => row.endpoint)).toEqual([alive.endpoint]);
  });

  test('429 is retried no sooner than its Retry-After, then delivered once', async () => {
    const phone = await subscribe(customer);
    fake.respond(phone.endpoint, { status: 429, retryAfter: 120 }, 201);
    const order = await placeOrder();
    await move(owner, order.id, 'confirmed');
    await fake.waitFor(1, { endpoint: phone.endpoint, status: 429 });
    await settle();
    const [waiting] = await server.database.db
      .select()
      .from(outbox)
      .where(sql`${outbox.kind} = 'push' and ${outbox.doneAt} is null`);
    expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(Date.now() + 110_000);
    expect(waiting!.lastError).toMatch(/429/);
    // Two minutes on: it is sent, once.
    await server.database.db.execute(
      sql`update outbox set next_attempt_at = now() where id = ${waiting!.id}`,
    );
    await settle();
    expect(sentTo(phone)).toHaveLength(1);
    expect(payloadOf(sentTo(phone)[0]!).tag).toBe(`order-${order.id}`);
  });

  test(`5xx is retried with backoff up to ${MAX_ATTEMPTS - 1} times, then given up and logged`, async () => {
    const logged = vi.spyOn(server.app.log, 'error');
    const phone = await subscribe(customer);
    fake.respond(phone.endpoint, 500);
    const order = await placeOrder();
    await move(owner, order.id, 'confirmed');
    await fake.waitFor(1, { endpoint: phone.endpoint, status: 500 });
    const sendRow = async () =>
      (
        await server.database.db
          .select()
          .from(outbox)
          .where(sql`${outbox.kind} = 'push' and ${outbox.payload}->>'endpoint' = ${phone.endpoint}`)
      )[0]!;
    let row = await sendRow();
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt += 1) {
      expect(row.doneAt).toBeNull();
      await server.database.db.execute(sql`update outbox set next_attempt_at = now() where id = ${row.id}`);
      await settle();
      row = await sendRow();
    }
    expect(row.attempts).toBe(MAX_ATTEMPTS);
    expect(row.doneAt).not.toBeNull();
    expect(row.lastError).toMatch(/500/);
    expect(fake.received.filter((push) => push.endpoint === phone.endpoint)).toHaveLength(MAX_ATTEMPTS);
    // The subscription stays: the service was down, not the device gone.
    expect(await subscriptionCount()).toBe(1);
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({ outboxId: row.id, kind: 'push', attempt: MAX_ATTEMPTS }),
      'outbox work given up',
    );
    logged.mockRestore();
  });

  test('a Retry-After past the 10 minutes a push may take is given up at once, and logged', async () => {
    const logged = vi.spyOn(server.app.log, 'error');
    const phone = await subscribe(customer);
    fake.respond(phone.endpoint, { status: 429, retryAfter: 900 });
    const order = await placeOrder();
    await move(owner, order.id, 'confirmed');
    await fake.waitFor(1, { endpoint: phone.endpoint, status: 429 });
    await settle();
    const [row] = await server.database.db
      .select()
      .from(outbox)
      .where(sql`${outbox.kind} = 'push' and ${outbox.payload}->>'endpoint' = ${phone.endpoint}`);
    expect(row!.attempts).toBe(1);
    expect(row!.doneAt).not.toBeNull();
    expect(row!.lastError).toMatch(/429/);
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({ outboxId: row!.id }),
      'outbox work given up',
    );
    logged.mockRestore();
  });

  test('a hung push service never delays a move: PUT answers while the push is still held', async () => {
    const phone = await subscribe(customer);
    fake.respond(phone.endpoint, 'hang');
    const order = await placeOrder();
    await move(owner, order.id, 'confirmed');
    await fake.waitFor(1, { endpoint: phone.endpoint, status: 'hang' });
    expect(fake.hanging()).toBe(1);
    // While that request hangs, the next moves answer at once, and a healthy device still gets its pushes.
    const tablet = await subscribe(owner);
    const started = Date.now();
    const ready = await move(owner, order.id, 'preparing');
    expect(ready.status).toBe(200);
    expect(fake.hanging()).toBe(1);
    expect(Date.now() - started).toBeLessThan(2_000);
    await postOrder(server.baseUrl, customer, {
      shopId: shop.id,
      items: [{ menuItemId: itemId, quantity: 1 }],
      pickupTime: soon(),
    });
    await fake.waitFor(1, { endpoint: tablet.endpoint });
  });
});

test('a push service that keeps its socket busy without ever finishing is given up at the timeout', async () => {
  const sender = createWebPushSender({
    ...vapid,
    subject: 'mailto:ops@brewconnect.co.za',
    allowedHosts: [fake.host],
    timeoutMs: 500,
  });
  const device = fake.subscribe();
  fake.respond(device.endpoint, 'trickle');
  const started = Date.now();
  const outcome = await sender.send(
    device,
    { title: 'Test', body: 'Hello', url: '/orders', tag: 'order-1' },
    { ttlSeconds: 60, urgency: 'normal', topic: 'order-1' },
  );
  // web-push's own timeout is the socket's idle time, which a byte every 100 ms never reaches.
  expect(outcome).toMatchObject({ outcome: 'retry', reason: 'no answer within 500 ms' });
  expect(Date.now() - started).toBeLessThan(1_500);
});

test('a push service that stops answering is left alone after 5 sends in a row, not asked again and again', async () => {
  const sender = createWebPushSender({
    ...vapid,
    subject: 'mailto:ops@brewconnect.co.za',
    allowedHosts: [fake.host],
    timeoutMs: 200,
  });
  const device = fake.subscribe();
  fake.respond(device.endpoint, 'hang');
  const payload = { title: 'Test', body: 'Hello', url: '/orders', tag: 'order-1' };
  const options = { ttlSeconds: 60, urgency: 'normal' as const, topic: 'order-1' };
  const outcomes = await Promise.all(Array.from({ length: 5 }, () => sender.send(device, payload, options)));
  expect(outcomes.map((one) => one.outcome)).toEqual(['retry', 'retry', 'retry', 'retry', 'retry']);
  const asked = fake.received.filter((push) => push.endpoint === device.endpoint).length;
  const sixth = await sender.send(device, payload, options);
  expect(sixth).toMatchObject({ outcome: 'retry', reason: expect.stringMatching(/left alone/) });
  expect((sixth as { afterSeconds: number }).afterSeconds).toBeGreaterThanOrEqual(29);
  expect(fake.received.filter((push) => push.endpoint === device.endpoint)).toHaveLength(asked);
});

test('nothing is written to the outbox for a user with no device to push to', async () => {
  const before = await server.database.db.select({ n: sql<number>`count(*)::int` }).from(outbox);
  const order = await placeOrder();
  await move(owner, order.id, 'confirmed');
  const after = await server.database.db.select({ n: sql<number>`count(*)::int` }).from(outbox);
  expect(after[0]!.n).toBe(before[0]!.n);
});
