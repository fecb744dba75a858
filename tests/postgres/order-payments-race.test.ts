// An online order's payment settled by verify and webhook racing many times on two instances of one PostgreSQL
// database (issue 26): paid once, one order row, one chat card, one order_created for the owner, one receipt.
// Needs DATABASE_URL (npm run test:postgres).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { messages, orderCheckouts, orders } from '../../src/server/db/schema.js';
import type { MailMessage } from '../../src/server/integrations/mail.js';
import { createInProcessBus } from '../../src/server/realtime/bus.js';
import type { AuthResponse } from '../../src/shared/api/auth.js';
import type { ServerEvent } from '../../src/shared/api/messages.js';
import type { Order } from '../../src/shared/api/orders.js';
import { makeShop, makeUser } from '../support/factories.js';
import { type FakePaystack, startFakePaystack } from '../support/fake-paystack.js';
import { addMenuItems, postOrder, soon } from '../support/order-factories.js';
import { startAppOn, startTestApp, type TestApp } from '../support/test-app.js';
import { connect, type TestSocket } from '../support/ws-client.js';

if (!process.env.DATABASE_URL)
  throw new Error('The order payments race test needs DATABASE_URL=postgres://… (npm run test:postgres)');

describe('an order payment settled on two instances at once', () => {
  let paystack: FakePaystack;
  let first: TestApp;
  let second: Awaited<ReturnType<typeof startAppOn>>;
  const mail: MailMessage[] = [];
  const mailer = {
    async send(message: MailMessage) {
      mail.push(message);
    },
    close() {},
  };
  let owner: AuthResponse;
  let customer: AuthResponse;
  let ownerSocket: TestSocket;

  beforeAll(async () => {
    paystack = await startFakePaystack();
    const env = { PAYSTACK_SECRET_KEY: paystack.secretKey, PAYSTACK_BASE_URL: paystack.url };
    // One bus for both, as NOTIFY joins instances in separate processes: whichever settles, the owner hears.
    const bus = createInProcessBus();
    first = await startTestApp({ env, mailer, bus });
    second = await startAppOn(first.database, { env, mailer, bus });
    owner = await makeUser(first.api, 'shop_owner');
    customer = await makeUser(first.api, 'customer');
    // The owner listens on the second instance: the paid event must cross the bus.
    ownerSocket = await connect(second.baseUrl, owner.accessToken);
  });
  afterAll(async () => {
    ownerSocket?.close();
    await second?.close();
    await first?.close();
    await paystack?.close();
  });

  test('20 verifies and 20 webhooks at once: one paid order, one card, one order_created, one receipt', async () => {
    const shop = await makeShop(first.api, owner);
    await first.api.as(owner).put(`/api/coffee-shops/${shop.id}/payout`, {
      bankCode: '250655',
      accountNumber: '62812345678',
      accountName: 'Race Roasters',
    });
    await first.api.as(owner).put(`/api/coffee-shops/${shop.id}`, { onlinePayment: 'required' });
    const [item] = await addMenuItems(first.database.db, shop.id, [{ name: 'Cortado', priceCents: 3000 }]);
    const placed = await postOrder<Order>(first.baseUrl, customer, {
      shopId: shop.id,
      items: [{ menuItemId: item!.id, quantity: 1 }],
      pickupTime: soon(),
      payment: 'online',
    });
    expect(placed.status).toBe(201);
    const { reference } = placed.body.payment!;
    paystack.pay(reference);

    const attempts = Array.from({ length: 40 }, (_, index) => {
      const app = index % 4 < 2 ? first : second;
      return index % 2 === 0
        ? paystack.sendChargeSuccess(reference, `${app.baseUrl}/api/payments/paystack/webhook`)
        : app.api
            .as(customer)
            .post(`/api/orders/${placed.body.id}/payment/verify`)
            .then((reply) => reply.status);
    });
    expect(new Set(await Promise.all(attempts))).toEqual(new Set([200]));

    const isCreated = (event: ServerEvent) =>
      event.type === 'order_created' && event.order.id === placed.body.id;
    await ownerSocket.next(isCreated);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(ownerSocket.events.filter(isCreated)).toHaveLength(1);
    const db = first.database.db;
    expect(await db.$count(orders, eq(orders.id, placed.body.id))).toBe(1);
    expect(await db.$count(messages, eq(messages.shopId, shop.id))).toBe(1);
    const [checkout] = await db
      .select()
      .from(orderCheckouts)
      .where(eq(orderCheckouts.orderId, placed.body.id));
    expect(checkout!.paymentStatus).toBe('paid');
    // The receipt leaves through the outbox (either instance's worker may send it): once, however it raced.
    const receipts = () => mail.filter((message) => message.subject.includes(`order #${placed.body.id}`));
    for (let waited = 0; receipts().length === 0 && waited < 5_000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    await Promise.all([first.app.deps.outbox.runOnce(), second.app.deps.outbox.runOnce()]);
    expect(receipts()).toHaveLength(1);
  });
});
