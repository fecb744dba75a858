// Paying for orders online (issue 26) over real HTTP against a fake Paystack: payouts, placing with each setting,
// the shop not seeing unpaid orders, verify and webhook settling once, expiry, late payments and refunds. The
// database is checked after each refusal.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import webpush from 'web-push';
import { coffeeShops, messages, orderCheckouts, orders } from '../../src/server/db/schema.js';
import { sweepUnpaidCheckouts } from '../../src/server/features/orders/payment.js';
import { cancelUnconfirmedOrders } from '../../src/server/features/orders/routes.js';
import type { MailMessage } from '../../src/server/integrations/mail.js';
import type { AuthResponse } from '../../src/shared/api/auth.js';
import type { ServerEvent } from '../../src/shared/api/messages.js';
import type { DashboardSummary, Order } from '../../src/shared/api/orders.js';
import type { Bank, Payout } from '../../src/shared/api/payments.js';
import type { PushPayload } from '../../src/shared/api/push.js';
import type { Shop } from '../../src/shared/api/shops.js';
import { makeShop, makeUser } from '../support/factories.js';
import { type FakePaystack, startFakePaystack } from '../support/fake-paystack.js';
import { type FakePushService, startFakePushService } from '../support/fake-push-service.js';
import { addMenuItems, postOrder, soon } from '../support/order-factories.js';
import { startAppOn, startTestApp, type TestApp } from '../support/test-app.js';
import { connect, type TestSocket } from '../support/ws-client.js';

const PUBLIC_URL = 'https://brewconnect.example.co.za';

let paystack: FakePaystack;
let server: TestApp;
/** A second instance on the same database without a Paystack key. */
let unconfigured: Awaited<ReturnType<typeof startAppOn>>;
const mail: MailMessage[] = [];
let owner: AuthResponse;
let otherOwner: AuthResponse;
let customer: AuthResponse;
const sockets: TestSocket[] = [];

const vapid = webpush.generateVAPIDKeys();
let pushService: FakePushService;

beforeAll(async () => {
  paystack = await startFakePaystack();
  pushService = await startFakePushService({ vapidPublicKey: vapid.publicKey });
  server = await startTestApp({
    env: {
      PAYSTACK_SECRET_KEY: paystack.secretKey,
      PAYSTACK_BASE_URL: paystack.url,
      PUBLIC_URL,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      PUSH_SERVICE_HOSTS: pushService.host,
    },
    mailer: {
      async send(message) {
        mail.push(message);
      },
      close() {},
    },
  });
  unconfigured = await startAppOn(server.database);
  owner = await makeUser(server.api, 'shop_owner');
  otherOwner = await makeUser(server.api, 'shop_owner');
  customer = await makeUser(server.api, 'customer');
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await unconfigured?.close();
  await pushService?.close();
  await server?.close();
  await paystack?.close();
});

beforeEach(() => {
  paystack.setVerifyMode('normal');
  paystack.setInitializeMode('normal');
  paystack.setSubaccountMode('normal');
  paystack.setRefundMode('normal');
  paystack.setWebhookUrl(undefined);
});

const db = () => server.database.db;
const api = () => server.api;
const webhookUrl = () => `${server.baseUrl}/api/payments/paystack/webhook`;
const FNB = '250655';

/** A shop with payouts set up, offering `setting`, and one R35.00 item. */
async function payingShop(setting: 'optional' | 'required' = 'optional') {
  const shop = await makeShop(api(), owner);
  const saved = await api().as(owner).put<Payout>(`/api/coffee-shops/${shop.id}/payout`, {
    bankCode: FNB,
    accountNumber: '62812345678',
    accountName: 'Test Roasters (Pty) Ltd',
  });
  expect(saved.status).toBe(200);
  const set = await api().as(owner).put<Shop>(`/api/coffee-shops/${shop.id}`, { onlinePayment: setting });
  expect(set.status).toBe(200);
  const [item] = await addMenuItems(db(), shop.id, [{ name: 'Flat White', priceCents: 3500 }]);
  return { shop, itemId: item!.id };
}

async function placeOnline(shopId: number, itemId: number, key?: string, quantity = 2) {
  return postOrder<Order>(
    server.baseUrl,
    customer,
    { shopId, items: [{ menuItemId: itemId, quantity }], pickupTime: soon(), payment: 'online' },
    key,
  );
}

/** The receipts mailed for an order, once the outbox has sent them (it is kicked after the payment commits). */
async function receiptsFor(orderId: number) {
  const mine = () => mail.filter((message) => message.subject.includes(`order #${orderId}`));
  for (let waited = 0; mine().length === 0 && waited < 5_000; waited += 50)
    await new Promise((resolve) => setTimeout(resolve, 50));
  await server.app.deps.outbox.runOnce();
  return mine();
}

const checkoutOf = async (orderId: number) =>
  (await db().select().from(orderCheckouts).where(eq(orderCheckouts.orderId, orderId)))[0];
const ordersRowCount = async (orderId: number) =>
  (await db().select({ id: orders.id }).from(orders).where(eq(orders.id, orderId))).length;
const ownerSees = async (orderId: number) =>
  ((await api().as(owner).get<Order[]>('/api/orders')).body ?? []).some((order) => order.id === orderId);

describe('payouts', () => {
  test('banks: owners only, from Paystack; 503 without a Paystack key', async () => {
    expect((await api().get('/api/payments/banks')).status).toBe(401);
    expect((await api().as(customer).get('/api/payments/banks')).status).toBe(403);
    const banks = await api().as(owner).get<Bank[]>('/api/payments/banks');
    expect(banks.status).toBe(200);
    expect(banks.body).toContainEqual({ name: 'First National Bank', code: FNB });
    const none = await unconfigured.api.as(owner).get('/api/payments/banks');
    expect(none).toMatchObject({ status: 503, body: { message: 'Payments are not configured' } });
  });

  test('only the owner sets a payout account; refusals store nothing; only the last 4 digits are kept', async () => {
    const shop = await makeShop(api(), owner);
    const path = `/api/coffee-shops/${shop.id}/payout`;
    const body = { bankCode: FNB, accountNumber: '62812345678', accountName: 'Test Roasters' };
    expect((await api().as(owner).get<Payout>(path)).body).toEqual({
      payoutsReady: false,
      bankName: null,
      accountLast4: null,
      onlinePayment: 'off',
    });
    expect((await api().put(path, body)).status).toBe(401);
    expect((await api().as(customer).put(path, body)).status).toBe(403);
    expect((await api().as(otherOwner).put(path, body)).status).toBe(404);
    const short = await api()
      .as(owner)
      .put(path, { ...body, accountNumber: '123' });
    expect(short).toMatchObject({ status: 400, body: { message: expect.stringContaining('accountNumber') } });
    const unknownBank = await api()
      .as(owner)
      .put(path, { ...body, bankCode: '999999' });
    expect(unknownBank).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('bankCode') },
    });
    paystack.setSubaccountMode('refuse');
    const refused = await api().as(owner).put<{ message: string }>(path, body);
    expect(refused.status).toBe(502);
    expect(refused.body.message).toContain('Paystack refused the account');
    const [untouched] = await db().select().from(coffeeShops).where(eq(coffeeShops.id, shop.id));
    expect(untouched!.paystackSubaccountCode).toBeNull();
    paystack.setSubaccountMode('normal');

    const saved = await api().as(owner).put<Payout>(path, body);
    expect(saved.body).toEqual({
      payoutsReady: true,
      bankName: 'First National Bank',
      accountLast4: '5678',
      onlinePayment: 'off',
    });
    const [row] = await db().select().from(coffeeShops).where(eq(coffeeShops.id, shop.id));
    expect(JSON.stringify(row)).not.toContain('62812345678');
    const subaccount = paystack.subaccounts.get(row!.paystackSubaccountCode!);
    expect(subaccount).toMatchObject({ percentage_charge: 0, account_number: '62812345678' });
    // A second save updates the same subaccount.
    await api()
      .as(owner)
      .put(path, { ...body, accountNumber: '1234567890' });
    const [again] = await db().select().from(coffeeShops).where(eq(coffeeShops.id, shop.id));
    expect(again!.paystackSubaccountCode).toBe(row!.paystackSubaccountCode);
    expect(again!.payoutAccountLast4).toBe('7890');
    expect(paystack.requests.some((r) => r.method === 'PUT' && r.path.startsWith('/subaccount/'))).toBe(true);
  });

  test('online payment can be offered only once payouts are ready; shops show the setting, never the code', async () => {
    const shop = await makeShop(api(), owner);
    const early = await api().as(owner).put(`/api/coffee-shops/${shop.id}`, { onlinePayment: 'optional' });
    expect(early).toMatchObject({ status: 409, body: { message: expect.stringContaining('payouts') } });
    const { shop: ready } = await payingShop('required');
    const seen = await api().get<Shop>(`/api/coffee-shops/${ready.id}`);
    expect(seen.body.onlinePayment).toBe('required');
    expect(JSON.stringify(seen.body)).not.toContain('ACCT_');
  });
});

describe('placing', () => {
  test('each setting allows what it says; a refusal stores nothing', async () => {
    const off = await makeShop(api(), owner);
    const [offItem] = await addMenuItems(db(), off.id, [{ priceCents: 2000 }]);
    const before = await db().execute(
      sql`select (select count(*) from orders)::int + (select count(*) from order_checkouts)::int as n`,
    );
    const online = await placeOnline(off.id, offItem!.id);
    expect(online).toMatchObject({
      status: 409,
      body: { message: expect.stringContaining('does not take payment online') },
    });
    const required = await payingShop('required');
    const counter = await postOrder(server.baseUrl, customer, {
      shopId: required.shop.id,
      items: [{ menuItemId: required.itemId, quantity: 1 }],
      pickupTime: soon(),
      payment: 'counter',
    });
    expect(counter).toMatchObject({ status: 409, body: { message: expect.stringContaining('online only') } });
    const after = await db().execute(
      sql`select (select count(*) from orders)::int + (select count(*) from order_checkouts)::int as n`,
    );
    expect((after as unknown as { rows: unknown[] }).rows).toEqual(
      (before as unknown as { rows: unknown[] }).rows,
    );
    // Without a Paystack key the same shop cannot take online payment either.
    const elsewhere = await postOrder(unconfigured.baseUrl, customer, {
      shopId: required.shop.id,
      items: [{ menuItemId: required.itemId, quantity: 1 }],
      pickupTime: soon(),
      payment: 'online',
    });
    expect(elsewhere.status).toBe(409);
  });

  test('an online order starts a payment for the server total to the shop, and the shop does not see it', async () => {
    const { shop, itemId } = await payingShop();
    const summaryBefore = (await api().as(owner).get<DashboardSummary>('/api/dashboard/summary')).body;
    const placed = await placeOnline(shop.id, itemId);
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ status: 'pending', paymentStatus: 'awaiting', totalAmount: '70.00' });
    const { reference, authorization_url } = placed.body.payment!;
    expect(authorization_url).toMatch(/^http:\/\/127\.0\.0\.1/);
    const started = paystack.transactions.get(reference)!;
    const [shopRow] = await db().select().from(coffeeShops).where(eq(coffeeShops.id, shop.id));
    expect(started).toMatchObject({
      amount: 7000,
      currency: 'ZAR',
      subaccount: shopRow!.paystackSubaccountCode,
      bearer: 'subaccount',
      callbackUrl: `${PUBLIC_URL}/orders?payment=${reference}`,
      metadata: { kind: 'order', orderId: placed.body.id, shopId: shop.id },
    });
    // Invisible to the shop: list, summary, chat, analytics.
    expect(await ownerSees(placed.body.id)).toBe(false);
    expect((await api().as(owner).get(`/api/orders/${placed.body.id}`)).status).toBe(404);
    expect((await api().as(owner).get<DashboardSummary>('/api/dashboard/summary')).body).toMatchObject({
      ordersToday: summaryBefore.ordersToday,
      pendingOrders: summaryBefore.pendingOrders,
    });
    expect(await ordersRowCount(placed.body.id)).toBe(0);
    const chat = await db().select().from(messages).where(eq(messages.shopId, shop.id));
    expect(chat).toEqual([]);
    // The customer sees it waiting, with the same link.
    const mine = await api().as(customer).get<Order[]>('/api/orders');
    expect(mine.body.find((order) => order.id === placed.body.id)).toMatchObject({
      paymentStatus: 'awaiting',
      payment: { authorization_url, reference },
    });
  });

  test('the same Idempotency-Key returns the same order and link, and initializes once', async () => {
    const { shop, itemId } = await payingShop();
    const key = `pay-${Date.now()}`;
    const first = await placeOnline(shop.id, itemId, key);
    const initializes = paystack.requests.filter((r) => r.path === '/transaction/initialize').length;
    const second = await placeOnline(shop.id, itemId, key);
    expect(second.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    expect(second.body.payment).toEqual(first.body.payment);
    expect(paystack.requests.filter((r) => r.path === '/transaction/initialize').length).toBe(initializes);
  });

  test('Paystack failing is 502 and the order is cancelled as failed', async () => {
    const { shop, itemId } = await payingShop();
    paystack.setInitializeMode('fail');
    const failed = await placeOnline(shop.id, itemId);
    expect(failed.status).toBe(502);
    const mine = (await api().as(customer).get<Order[]>('/api/orders')).body;
    const cancelled = mine.filter((order) => order.shopId === shop.id);
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
  });
});

describe('settling', () => {
  const isCreated = (orderId: number) => (event: ServerEvent) =>
    event.type === 'order_created' && event.order.id === orderId;

  test('verify after paying: paid once; the owner hears order_created once, with the chat card; one receipt', async () => {
    const { shop, itemId } = await payingShop();
    const ownerSocket = await connect(server.baseUrl, owner.accessToken);
    sockets.push(ownerSocket);
    const placed = await placeOnline(shop.id, itemId);
    const unpaid = await api().as(customer).post<Order>(`/api/orders/${placed.body.id}/payment/verify`);
    expect(unpaid.body.paymentStatus).toBe('awaiting');
    paystack.pay(placed.body.payment!.reference);
    const verify = () => api().as(customer).post<Order>(`/api/orders/${placed.body.id}/payment/verify`);
    const answers = await Promise.all([verify(), verify(), verify(), verify()]);
    for (const answer of answers)
      expect(answer.body).toMatchObject({ paymentStatus: 'paid', status: 'pending' });
    await ownerSocket.next(isCreated(placed.body.id));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ownerSocket.events.filter(isCreated(placed.body.id))).toHaveLength(1);
    expect(await ownerSees(placed.body.id)).toBe(true);
    expect(await ordersRowCount(placed.body.id)).toBe(1);
    const cards = await db().select().from(messages).where(eq(messages.shopId, shop.id));
    expect(cards.map((card) => card.content)).toEqual([`Order #${placed.body.id}: 2 × Flat White (R70.00)`]);
    const receipts = await receiptsFor(placed.body.id);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain(placed.body.payment!.reference);
    expect(receipts[0]!.text).toContain('2 × Flat White');
    // Someone else's order: 404.
    const stranger = await makeUser(api(), 'customer');
    expect((await api().as(stranger).post(`/api/orders/${placed.body.id}/payment/verify`)).status).toBe(404);
  });

  test('webhooks and verify racing: one order, one chat card', async () => {
    const { shop, itemId } = await payingShop();
    const placed = await placeOnline(shop.id, itemId);
    const reference = placed.body.payment!.reference;
    paystack.pay(reference);
    const webhook = () => paystack.sendChargeSuccess(reference, webhookUrl());
    const verify = () => api().as(customer).post(`/api/orders/${placed.body.id}/payment/verify`);
    const statuses = await Promise.all([webhook(), verify(), webhook(), verify(), webhook()]);
    expect(statuses.filter((status) => typeof status === 'number')).toEqual([200, 200, 200]);
    expect(await ordersRowCount(placed.body.id)).toBe(1);
    expect(await db().select().from(messages).where(eq(messages.shopId, shop.id))).toHaveLength(1);
    expect((await checkoutOf(placed.body.id))!.paymentStatus).toBe('paid');
  });

  test('a webhook with a wrong amount, currency or shop account settles nothing', async () => {
    const { shop, itemId } = await payingShop();
    const placed = await placeOnline(shop.id, itemId);
    const reference = placed.body.payment!.reference;
    paystack.pay(reference);
    for (const overrides of [{ amount: 100 }, { currency: 'NGN' }, { subaccount: 'ACCT_someoneelse' }]) {
      const { body, signature } = paystack.chargeSuccessEvent(reference, overrides);
      const reply = await fetch(webhookUrl(), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
        body,
      });
      expect(reply.status).toBe(200);
      expect((await checkoutOf(placed.body.id))!.paymentStatus).toBe('awaiting');
    }
    paystack.setVerifyMode('wrong-subaccount');
    const verified = await api().as(customer).post<Order>(`/api/orders/${placed.body.id}/payment/verify`);
    expect(verified.body.paymentStatus).toBe('awaiting');
    expect(await ordersRowCount(placed.body.id)).toBe(0);
  });

  test('unpaid after 30 minutes: expired; a payment arriving then is refunded at once', async () => {
    const { shop, itemId } = await payingShop();
    const placed = await placeOnline(shop.id, itemId);
    const later = new Date(Date.now() + 31 * 60_000);
    await sweepUnpaidCheckouts(db(), server.app.deps.payments, later);
    const expired = await api().as(customer).get<Order>(`/api/orders/${placed.body.id}`);
    expect(expired.body).toMatchObject({ status: 'cancelled', paymentStatus: 'expired' });
    paystack.pay(placed.body.payment!.reference);
    expect(await paystack.sendChargeSuccess(placed.body.payment!.reference, webhookUrl())).toBe(200);
    expect((await checkoutOf(placed.body.id))!.paymentStatus).toBe('refund_pending');
    expect(
      paystack.refunds.filter((refund) => refund.transactionReference === placed.body.payment!.reference),
    ).toHaveLength(1);
    expect(await ordersRowCount(placed.body.id)).toBe(0);
    expect(await paystack.sendRefundEvent(placed.body.payment!.reference, 'processed', webhookUrl())).toBe(
      200,
    );
    expect((await checkoutOf(placed.body.id))!.paymentStatus).toBe('refunded');
  });

  test('the sweep asks Paystack first: a payment made before the tab closed is kept', async () => {
    const { shop, itemId } = await payingShop();
    const placed = await placeOnline(shop.id, itemId);
    paystack.pay(placed.body.payment!.reference);
    await sweepUnpaidCheckouts(db(), server.app.deps.payments, new Date(Date.now() + 31 * 60_000));
    expect((await checkoutOf(placed.body.id))!.paymentStatus).toBe('paid');
    expect(await ownerSees(placed.body.id)).toBe(true);
  });
});

describe('refunds', () => {
  async function paidOrder() {
    const { shop, itemId } = await payingShop();
    const placed = await placeOnline(shop.id, itemId);
    paystack.pay(placed.body.payment!.reference);
    await api().as(customer).post(`/api/orders/${placed.body.id}/payment/verify`);
    return { shop, order: placed.body };
  }

  test("push: the owner's devices hear of an online order once it is paid; the customer's of its refund", async () => {
    const [tablet, phone] = [pushService.subscribe(), pushService.subscribe()];
    expect((await api().as(owner).post('/api/push/subscriptions', tablet)).status).toBe(201);
    expect((await api().as(customer).post('/api/push/subscriptions', phone)).status).toBe(201);
    try {
      const { shop, itemId } = await payingShop();
      const placed = await placeOnline(shop.id, itemId);
      await server.app.deps.outbox.runOnce();
      await server.app.deps.outbox.idle();
      expect(pushService.received.filter((push) => push.endpoint === tablet.endpoint)).toHaveLength(0);
      paystack.pay(placed.body.payment!.reference);
      await api().as(customer).post(`/api/orders/${placed.body.id}/payment/verify`);
      const [told] = await pushService.waitFor(1, { endpoint: tablet.endpoint });
      expect(told!.json).toMatchObject({
        title: `New order #${placed.body.id} (paid)`,
        url: '/dashboard/board',
      });
      await api().as(owner).put(`/api/orders/${placed.body.id}`, { status: 'cancelled' });
      const [refunded] = await pushService.waitFor(1, { endpoint: phone.endpoint });
      expect((refunded!.json as PushPayload).body).toBe(
        `${shop.name} cancelled your order #${placed.body.id} — your R70.00 refund is on its way`,
      );
    } finally {
      await api().as(owner).delete('/api/push/subscriptions', { endpoint: tablet.endpoint });
      await api().as(customer).delete('/api/push/subscriptions', { endpoint: phone.endpoint });
    }
  });

  test('the owner cancels a paid order: refunded through Paystack, the chat says so, events move it once', async () => {
    const { order } = await paidOrder();
    paystack.setRefundMode('fail');
    const refused = await api()
      .as(owner)
      .put<{ message: string }>(`/api/orders/${order.id}`, { status: 'cancelled' });
    expect(refused.status).toBe(502);
    expect((await api().as(owner).get<Order>(`/api/orders/${order.id}`)).body).toMatchObject({
      status: 'pending',
      paymentStatus: 'paid',
    });
    paystack.setRefundMode('normal');
    const cancelled = await api().as(owner).put<Order>(`/api/orders/${order.id}`, { status: 'cancelled' });
    expect(cancelled.body).toMatchObject({ status: 'cancelled', paymentStatus: 'refund_pending' });
    const chat = await db().select().from(messages).where(eq(messages.shopId, order.shopId));
    expect(chat.map((line) => line.content)).toContain(
      `Order #${order.id} was cancelled — your R70.00 refund is on its way`,
    );
    const reference = order.payment!.reference;
    expect(await paystack.sendRefundEvent(reference, 'processed', webhookUrl())).toBe(200);
    expect(await paystack.sendRefundEvent(reference, 'processed', webhookUrl())).toBe(200);
    const refunded = await api().as(customer).get<Order>(`/api/orders/${order.id}`);
    expect(refunded.body.paymentStatus).toBe('refunded');
    // A late refund.failed changes nothing now.
    await paystack.sendRefundEvent(reference, 'failed', webhookUrl());
    expect((await api().as(customer).get<Order>(`/api/orders/${order.id}`)).body.paymentStatus).toBe(
      'refunded',
    );
  });

  test('a failed refund is shown as refund_failed; a paid order being prepared is not cancelled with a refund', async () => {
    const { order } = await paidOrder();
    await api().as(customer).put(`/api/orders/${order.id}`, { status: 'cancelled' });
    await paystack.sendRefundEvent(order.payment!.reference, 'failed', webhookUrl());
    expect((await api().as(owner).get<Order>(`/api/orders/${order.id}`)).body.paymentStatus).toBe(
      'refund_failed',
    );

    const { order: second } = await paidOrder();
    await api().as(owner).put(`/api/orders/${second.id}`, { status: 'confirmed' });
    await api().as(owner).put(`/api/orders/${second.id}`, { status: 'preparing' });
    const late = await api()
      .as(owner)
      .put<{ message: string }>(`/api/orders/${second.id}`, { status: 'cancelled' });
    expect(late.status).toBe(409);
    expect(late.body.message).toContain('settle it at the counter');
    expect((await api().as(owner).get<Order>(`/api/orders/${second.id}`)).body.paymentStatus).toBe('paid');
  });
});

describe('money figures', () => {
  test("revenue counts paid orders and leaves out refunded ones; the CSV has each order's payment", async () => {
    const { shop, itemId } = await payingShop();
    const revenue = async () =>
      Number((await api().as(owner).get<DashboardSummary>('/api/dashboard/summary')).body.revenueToday);
    const before = await revenue();
    const placed = await placeOnline(shop.id, itemId);
    expect(await revenue()).toBe(before);
    paystack.pay(placed.body.payment!.reference);
    await api().as(customer).post(`/api/orders/${placed.body.id}/payment/verify`);
    expect(await revenue()).toBe(before + 70);
    const csv = await fetch(`${server.baseUrl}/api/analytics/${shop.id}/orders.csv?days=7`, {
      headers: { authorization: `Bearer ${owner.accessToken}` },
    });
    const lines = (await csv.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'id,created,pickup,status,customer,items,options,total,paymentStatus,paymentReference',
    );
    expect(lines.find((line) => line.startsWith(`${placed.body.id},`))).toMatch(
      new RegExp(`,70\\.00,paid,${placed.body.payment!.reference}$`),
    );
    await api().as(owner).put(`/api/orders/${placed.body.id}`, { status: 'cancelled' });
    expect(await revenue()).toBe(before);
  });
});

describe('a paid order nobody confirmed', () => {
  test('is refunded and cancelled by the sweep; if Paystack refuses the refund it stays for the next pass', async () => {
    const { shop, itemId } = await payingShop();
    await api().as(owner).put(`/api/coffee-shops/${shop.id}`, { autoCancelMinutes: 5 });
    const placed = await placeOnline(shop.id, itemId);
    paystack.pay(placed.body.payment!.reference);
    await api().as(customer).post(`/api/orders/${placed.body.id}/payment/verify`);
    const later = new Date(Date.now() + 6 * 60_000);
    paystack.setRefundMode('fail');
    const refused = await cancelUnconfirmedOrders(server.app, later);
    expect(refused.map((change) => change.order.id)).not.toContain(placed.body.id);
    expect((await api().as(owner).get<Order>(`/api/orders/${placed.body.id}`)).body.paymentStatus).toBe(
      'paid',
    );
    paystack.setRefundMode('normal');
    const cancelled = await cancelUnconfirmedOrders(server.app, later);
    expect(cancelled.find((change) => change.order.id === placed.body.id)?.order).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refund_pending',
    });
    const chat = await db().select().from(messages).where(eq(messages.shopId, shop.id));
    expect(chat.map((line) => line.content)).toContain(
      `Order #${placed.body.id} was cancelled because the shop did not confirm it in time — your R70.00 refund is on its way`,
    );
  });
});

describe('unpaid orders and the open-orders limit', () => {
  test('a customer may have only OPEN_ORDERS_PER_SHOP orders awaiting payment at a shop, however they race', async () => {
    const strict = await startAppOn(server.database, {
      env: {
        PAYSTACK_SECRET_KEY: paystack.secretKey,
        PAYSTACK_BASE_URL: paystack.url,
        PUBLIC_URL,
        OPEN_ORDERS_PER_SHOP: '2',
      },
    });
    try {
      const { shop, itemId } = await payingShop();
      const place = () =>
        postOrder<Order>(strict.baseUrl, customer, {
          shopId: shop.id,
          items: [{ menuItemId: itemId, quantity: 1 }],
          pickupTime: soon(),
          payment: 'online',
        });
      const replies = await Promise.all([place(), place(), place(), place()]);
      const statuses = replies.map((reply) => reply.status).sort();
      expect(statuses).toEqual([201, 201, 409, 409]);
      const refused = replies.find((reply) => reply.status === 409)!;
      expect((refused.body as unknown as { message: string }).message).toContain('waiting for payment');
      const awaiting = await db().select().from(orderCheckouts).where(eq(orderCheckouts.shopId, shop.id));
      expect(awaiting.filter((row) => row.paymentStatus === 'awaiting')).toHaveLength(2);
      // One expires: its place is free again.
      await sweepUnpaidCheckouts(db(), undefined, new Date(Date.now() + 31 * 60_000));
      expect((await place()).status).toBe(201);
    } finally {
      await strict.close();
    }
  });
});
