// Stamp cards (issue 29) over real HTTP: the owner's card and its refusals, a stamp per completed order (once, none
// for a cancel, none while the card is off), the customer's cards, redeeming with its discount line and its 409,
// the card given back by a cancel (once), expiry, the owner's figures, and an online order charged the reduced total
// on a fake Paystack (R0.00 needs no payment). The database is checked after each refusal.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { coffeeShops, loyaltyStamps, messages, orderCheckouts, orders } from '../../src/server/db/schema.js';
import { sweepUnpaidCheckouts } from '../../src/server/features/orders/payment.js';
import type { MailMessage } from '../../src/server/integrations/mail.js';
import type { ShopAnalytics } from '../../src/shared/api/analytics.js';
import type { AuthResponse } from '../../src/shared/api/auth.js';
import type { LoyaltyCard, LoyaltyMembers, LoyaltyProgram } from '../../src/shared/api/loyalty.js';
import type { ServerEvent } from '../../src/shared/api/messages.js';
import type { Order, OrderLine } from '../../src/shared/api/orders.js';
import type { Payout } from '../../src/shared/api/payments.js';
import type { Shop } from '../../src/shared/api/shops.js';
import { makeShop, makeUser } from '../support/factories.js';
import { type FakePaystack, startFakePaystack } from '../support/fake-paystack.js';
import { addMenuItems, postOrder, soon } from '../support/order-factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { connect, type TestSocket } from '../support/ws-client.js';

let paystack: FakePaystack;
let server: TestApp;
let owner: AuthResponse;
let otherOwner: AuthResponse;
const mail: MailMessage[] = [];
const sockets: TestSocket[] = [];

beforeAll(async () => {
  paystack = await startFakePaystack();
  server = await startTestApp({
    env: {
      PAYSTACK_SECRET_KEY: paystack.secretKey,
      PAYSTACK_BASE_URL: paystack.url,
      PUBLIC_URL: 'https://brewconnect.example.co.za',
    },
    mailer: {
      async send(message) {
        mail.push(message);
      },
      close() {},
    },
  });
  [owner, otherOwner] = await Promise.all([
    makeUser(server.api, 'shop_owner'),
    makeUser(server.api, 'shop_owner'),
  ]);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server?.close();
  await paystack?.close();
});

const db = () => server.database.db;
const api = () => server.api;
const CARD = { enabled: true, stampsRequired: 5, reward: 'Any regular coffee free', rewardMaxValue: '35.00' };

/** A shop with a Flat White (R32.50), a Latte (R45.00) and a Muffin (R20.00), and its card as given. */
async function shopWithCard(card: Record<string, unknown> | null = CARD, name?: string) {
  const shop = await makeShop(api(), owner, name ? { name } : {});
  const [flatWhite, latte, muffin] = await addMenuItems(db(), shop.id, [
    { name: 'Flat White', priceCents: 3250 },
    { name: 'Latte', priceCents: 4500 },
    { name: 'Muffin', priceCents: 2000 },
  ]);
  if (card)
    expect((await api().as(owner).put(`/api/coffee-shops/${shop.id}/loyalty`, card)).status).toBe(200);
  return { shop, flatWhite: flatWhite!.id, latte: latte!.id, muffin: muffin!.id };
}

async function order(
  customer: AuthResponse,
  shopId: number,
  items: { menuItemId: number; quantity: number }[],
  extra = {},
) {
  return postOrder<Order & { message: string }>(server.baseUrl, customer, {
    shopId,
    items,
    pickupTime: soon(),
    ...extra,
  });
}

async function complete(id: number) {
  for (const status of ['confirmed', 'preparing', 'ready', 'completed'])
    expect((await api().as(owner).put(`/api/orders/${id}`, { status })).status).toBe(200);
}

/** Orders placed and collected through the API: each earns a stamp where the card is on. */
async function collect(customer: AuthResponse, shopId: number, itemId: number, times: number) {
  for (let index = 0; index < times; index += 1) {
    const placed = await order(customer, shopId, [{ menuItemId: itemId, quantity: 1 }]);
    expect(placed.status).toBe(201);
    await complete(placed.body.id);
  }
}

const stampsOf = async (customerId: number, shopId: number) =>
  db()
    .select()
    .from(loyaltyStamps)
    .where(and(eq(loyaltyStamps.customerId, customerId), eq(loyaltyStamps.shopId, shopId)));
const cards = async (customer: AuthResponse) =>
  (await api().as(customer).get<LoyaltyCard[]>('/api/loyalty')).body;
/** The card's columns on the shop's row. */
const cardRow = async (shopId: number) =>
  (
    await db()
      .select({
        enabled: coffeeShops.loyaltyEnabled,
        stampsRequired: coffeeShops.loyaltyStampsRequired,
        reward: coffeeShops.loyaltyReward,
        rewardMaxCents: coffeeShops.loyaltyRewardMaxCents,
      })
      .from(coffeeShops)
      .where(eq(coffeeShops.id, shopId))
  )[0];
const linesOf = (placed: Order) => JSON.parse(placed.items) as OrderLine[];

describe('the owner sets up a card', () => {
  test('PUT saves it, GET reads it, and the shop page says it; switched off, the page says none', async () => {
    const { shop } = await shopWithCard(null);
    expect((await api().as(owner).get(`/api/coffee-shops/${shop.id}/loyalty`)).body).toBeNull();
    expect((await api().get<Shop>(`/api/coffee-shops/${shop.id}`)).body.loyalty).toBeNull();

    const saved = await api()
      .as(owner)
      .put<LoyaltyProgram>(`/api/coffee-shops/${shop.id}/loyalty`, {
        ...CARD,
        reward: '  Any regular coffee free  ',
        rewardMaxValue: 35,
      });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ shopId: shop.id, ...CARD });
    expect((await api().as(owner).get(`/api/coffee-shops/${shop.id}/loyalty`)).body).toEqual(saved.body);
    expect((await api().get<Shop>(`/api/coffee-shops/${shop.id}`)).body.loyalty).toEqual({
      enabled: true,
      stampsRequired: 5,
      reward: 'Any regular coffee free',
    });

    await api()
      .as(owner)
      .put(`/api/coffee-shops/${shop.id}/loyalty`, { ...CARD, enabled: false });
    expect((await api().get<Shop>(`/api/coffee-shops/${shop.id}`)).body.loyalty).toBeNull();
    expect(await cardRow(shop.id)).toEqual({
      enabled: false,
      stampsRequired: 5,
      reward: CARD.reward,
      rewardMaxCents: 3500,
    });
  });

  test.each([
    ['stampsRequired 4', { stampsRequired: 4 }, 'stampsRequired must be a whole number from 5 to 20'],
    ['stampsRequired 21', { stampsRequired: 21 }, 'stampsRequired must be a whole number from 5 to 20'],
    ['stampsRequired 7.5', { stampsRequired: 7.5 }, 'stampsRequired must be a whole number from 5 to 20'],
    ['an empty reward', { reward: '   ' }, 'reward must not be empty'],
    ['a reward of 81 characters', { reward: 'x'.repeat(81) }, 'reward must be at most 80 characters'],
    ['rewardMaxValue R0.50', { rewardMaxValue: '0.50' }, 'rewardMaxValue must be at least R1'],
    ['rewardMaxValue R200.01', { rewardMaxValue: '200.01' }, 'rewardMaxValue must be at most R200'],
    ['rewardMaxValue in words', { rewardMaxValue: 'ten' }, 'rewardMaxValue must be a number'],
    ['enabled missing', { enabled: undefined }, 'enabled must be true or false'],
  ])('%s is 400 naming the field, and the card stays as it was', async (_name, change, message) => {
    const { shop } = await shopWithCard();
    const reply = await api()
      .as(owner)
      .put<{ message: string }>(`/api/coffee-shops/${shop.id}/loyalty`, { ...CARD, ...change });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toContain(message);
    expect(await cardRow(shop.id)).toEqual({
      enabled: true,
      stampsRequired: 5,
      reward: CARD.reward,
      rewardMaxCents: 3500,
    });
  });

  test("another owner's shop is 404, a customer 403, signed out 401; nothing is written", async () => {
    const { shop } = await shopWithCard(null);
    const customer = await makeUser(api(), 'customer');
    const path = `/api/coffee-shops/${shop.id}/loyalty`;
    expect((await api().as(otherOwner).put(path, CARD)).status).toBe(404);
    expect((await api().as(otherOwner).get(path)).status).toBe(404);
    expect((await api().as(otherOwner).get(`${path}/members`)).status).toBe(404);
    expect((await api().as(customer).put(path, CARD)).status).toBe(403);
    expect((await api().as(customer).get(`${path}/members`)).status).toBe(403);
    expect((await api().put(path, CARD)).status).toBe(401);
    expect((await api().as(owner).get('/api/loyalty')).status).toBe(403);
    expect((await api().get('/api/loyalty')).status).toBe(401);
    expect(await cardRow(shop.id)).toEqual({
      enabled: false,
      stampsRequired: null,
      reward: null,
      rewardMaxCents: null,
    });
  });
});

describe('stamps', () => {
  test('a completed order earns one stamp, told live and in the chat; completing it again writes no second', async () => {
    const { shop, flatWhite, muffin } = await shopWithCard(CARD, 'Truth Coffee');
    const customer = await makeUser(api(), 'customer');
    const socket = await connect(server.baseUrl, customer.accessToken);
    sockets.push(socket);
    const placed = await order(customer, shop.id, [
      { menuItemId: flatWhite, quantity: 2 },
      { menuItemId: muffin, quantity: 1 },
    ]);
    const stampHeard = socket.next((event: ServerEvent) => event.type === 'loyalty_stamp');
    await complete(placed.body.id);
    expect(await stampHeard).toEqual({
      type: 'loyalty_stamp',
      shopId: shop.id,
      shopName: 'Truth Coffee',
      stamps: 1,
      stampsRequired: 5,
    });
    expect(await stampsOf(customer.user.id, shop.id)).toEqual([
      expect.objectContaining({ orderId: placed.body.id, redeemedBy: null }),
    ]);
    const again = await api().as(owner).put(`/api/orders/${placed.body.id}`, { status: 'completed' });
    expect(again.status).toBe(409);
    expect(await stampsOf(customer.user.id, shop.id)).toHaveLength(1);
    const lines = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.shopId, shop.id), eq(messages.content, 'Stamp 1 of 5 at Truth Coffee')));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      senderId: owner.user.id,
      receiverId: customer.user.id,
      messageType: 'order',
    });

    expect(await cards(customer)).toEqual([
      expect.objectContaining({
        shopId: shop.id,
        shopName: 'Truth Coffee',
        stamps: 1,
        stampsRequired: 5,
        full: false,
      }),
    ]);
  });

  test('a cancelled order earns none, nor one completed while the card is off (its stamps are kept)', async () => {
    const { shop, flatWhite } = await shopWithCard();
    const customer = await makeUser(api(), 'customer');
    await collect(customer, shop.id, flatWhite, 2);
    const cancelled = await order(customer, shop.id, [{ menuItemId: flatWhite, quantity: 1 }]);
    await api().as(customer).put(`/api/orders/${cancelled.body.id}`, { status: 'cancelled' });
    expect(await stampsOf(customer.user.id, shop.id)).toHaveLength(2);

    await api()
      .as(owner)
      .put(`/api/coffee-shops/${shop.id}/loyalty`, { ...CARD, enabled: false });
    await collect(customer, shop.id, flatWhite, 1);
    expect(await stampsOf(customer.user.id, shop.id)).toHaveLength(2);
    expect(await cards(customer)).toEqual([expect.objectContaining({ stamps: 2, enabled: false })]);

    await api()
      .as(owner)
      .put(`/api/coffee-shops/${shop.id}/loyalty`, { ...CARD, stampsRequired: 8 });
    expect(await cards(customer)).toEqual([
      expect.objectContaining({ stamps: 2, stampsRequired: 8, enabled: true, full: false }),
    ]);
  });

  test('a shop without a card gives no stamps, and its customers hold no card', async () => {
    const { shop, flatWhite } = await shopWithCard(null);
    const customer = await makeUser(api(), 'customer');
    await collect(customer, shop.id, flatWhite, 1);
    expect(await stampsOf(customer.user.id, shop.id)).toHaveLength(0);
    expect(await cards(customer)).toEqual([]);
  });

  test('cards are listed most recently stamped first; stamps older than 12 months no longer count', async () => {
    const first = await shopWithCard(CARD, 'First Roasters');
    const second = await shopWithCard(CARD, 'Second Roasters');
    const customer = await makeUser(api(), 'customer');
    await collect(customer, first.shop.id, first.flatWhite, 2);
    await collect(customer, second.shop.id, second.flatWhite, 1);
    expect((await cards(customer)).map((card) => card.shopName)).toEqual([
      'Second Roasters',
      'First Roasters',
    ]);

    // One of the first shop's stamps is 13 months old, the second shop's only one too: that card has expired.
    const [old] = await stampsOf(customer.user.id, first.shop.id);
    await db().execute(
      sql`update ${loyaltyStamps} set created_at = now() - interval '13 months'
        where order_id = ${old!.orderId} or shop_id = ${second.shop.id}`,
    );
    expect(await cards(customer)).toEqual([
      expect.objectContaining({ shopName: 'First Roasters', stamps: 1 }),
    ]);
  });
});

describe('redeeming a full card', () => {
  test('without a full card it is 409 saying how many stamps, and nothing is placed', async () => {
    const { shop, flatWhite } = await shopWithCard(CARD, 'Truth Coffee');
    const customer = await makeUser(api(), 'customer');
    await collect(customer, shop.id, flatWhite, 4);
    const before = await db().$count(orders, eq(orders.customerId, customer.user.id));
    const reply = await order(customer, shop.id, [{ menuItemId: flatWhite, quantity: 1 }], {
      redeemReward: true,
    });
    expect(reply.status).toBe(409);
    expect(reply.body.message).toBe('Your card at Truth Coffee has 4 of 5 stamps');
    expect(await db().$count(orders, eq(orders.customerId, customer.user.id))).toBe(before);
    expect((await stampsOf(customer.user.id, shop.id)).every((stamp) => stamp.redeemedBy === null)).toBe(
      true,
    );
  });

  test('a full card takes the dearest line off, up to its most; it is spent, and that order earns no stamp', async () => {
    const { shop, flatWhite, latte, muffin } = await shopWithCard(CARD);
    const customer = await makeUser(api(), 'customer');
    await collect(customer, shop.id, flatWhite, 5);
    expect(await cards(customer)).toEqual([expect.objectContaining({ stamps: 5, full: true })]);

    const reply = await order(
      customer,
      shop.id,
      [
        { menuItemId: muffin, quantity: 2 },
        { menuItemId: latte, quantity: 1 },
      ],
      { redeemReward: true },
    );
    expect(reply.status).toBe(201);
    // R85.00 of lines; the Latte (R45.00) is the dearest, and the card takes at most R35.00.
    expect(linesOf(reply.body).at(-1)).toEqual({
      menuItemId: null,
      name: 'Loyalty reward',
      quantity: 1,
      price: '-35.00',
      options: [],
      kind: 'discount',
    });
    expect(reply.body.totalAmount).toBe('50.00');
    const [row] = await db().select().from(orders).where(eq(orders.id, reply.body.id));
    expect(row).toMatchObject({ totalCents: 5000, rewardCents: 3500 });
    const stamps = await stampsOf(customer.user.id, shop.id);
    expect(stamps.filter((stamp) => stamp.redeemedBy === reply.body.id)).toHaveLength(5);
    expect(await cards(customer)).toEqual([expect.objectContaining({ stamps: 0, full: false })]);

    await complete(reply.body.id);
    expect(await stampsOf(customer.user.id, shop.id)).toHaveLength(5);
    const members = await api().as(owner).get<LoyaltyMembers>(`/api/coffee-shops/${shop.id}/loyalty/members`);
    expect(members.body).toEqual({ members: 0, fullCards: 0, redeemedLast30Days: 1 });
  });

  test('cancelling the redeemed order gives the card back, once; a second redemption then succeeds', async () => {
    const { shop, flatWhite } = await shopWithCard({ ...CARD, rewardMaxValue: '200.00' });
    const customer = await makeUser(api(), 'customer');
    await collect(customer, shop.id, flatWhite, 5);
    const redeemed = await order(customer, shop.id, [{ menuItemId: flatWhite, quantity: 2 }], {
      redeemReward: true,
    });
    expect(redeemed.body.totalAmount).toBe('32.50');
    const twice = await order(customer, shop.id, [{ menuItemId: flatWhite, quantity: 1 }], {
      redeemReward: true,
    });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toContain('has 0 of 5 stamps');

    expect(
      (await api().as(owner).put(`/api/orders/${redeemed.body.id}`, { status: 'cancelled' })).status,
    ).toBe(200);
    expect(
      (await api().as(owner).put(`/api/orders/${redeemed.body.id}`, { status: 'cancelled' })).status,
    ).toBe(409);
    expect(
      (await stampsOf(customer.user.id, shop.id)).filter((stamp) => stamp.redeemedBy === null),
    ).toHaveLength(5);
    expect(await cards(customer)).toEqual([expect.objectContaining({ stamps: 5, full: true })]);
    const members = await api().as(owner).get<LoyaltyMembers>(`/api/coffee-shops/${shop.id}/loyalty/members`);
    expect(members.body).toEqual({ members: 1, fullCards: 1, redeemedLast30Days: 0 });

    const again = await order(customer, shop.id, [{ menuItemId: flatWhite, quantity: 1 }], {
      redeemReward: true,
    });
    expect(again.status).toBe(201);
    expect(again.body.totalAmount).toBe('0.00');
  });

  test('two redemptions at once: exactly one spends the card', async () => {
    const { shop, flatWhite } = await shopWithCard();
    const customer = await makeUser(api(), 'customer');
    await collect(customer, shop.id, flatWhite, 5);
    const replies = await Promise.all(
      [1, 2].map(() =>
        order(customer, shop.id, [{ menuItemId: flatWhite, quantity: 1 }], { redeemReward: true }),
      ),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409]);
    const winner = replies.find((reply) => reply.status === 201)!.body.id;
    expect((await stampsOf(customer.user.id, shop.id)).map((stamp) => stamp.redeemedBy)).toEqual(
      Array(5).fill(winner),
    );
  });

  test('expired stamps do not fill a card; a shop with its card off refuses the reward', async () => {
    const { shop, flatWhite } = await shopWithCard(CARD, 'Expiry Espresso');
    const customer = await makeUser(api(), 'customer');
    await collect(customer, shop.id, flatWhite, 5);
    const [oldest] = await stampsOf(customer.user.id, shop.id);
    await db().execute(
      sql`update ${loyaltyStamps} set created_at = now() - interval '12 months 1 day' where order_id = ${oldest!.orderId}`,
    );
    const refused = await order(customer, shop.id, [{ menuItemId: flatWhite, quantity: 1 }], {
      redeemReward: true,
    });
    expect(refused.body.message).toBe('Your card at Expiry Espresso has 4 of 5 stamps');

    await collect(customer, shop.id, flatWhite, 1);
    await api()
      .as(owner)
      .put(`/api/coffee-shops/${shop.id}/loyalty`, { ...CARD, enabled: false });
    const off = await order(customer, shop.id, [{ menuItemId: flatWhite, quantity: 1 }], {
      redeemReward: true,
    });
    expect(off.status).toBe(409);
    expect(off.body.message).toBe('Expiry Espresso has no stamp card at the moment');
  });

  test('analytics count rewards redeemed and the share of orders from card holders; a shop without a card has none', async () => {
    const { shop, flatWhite } = await shopWithCard();
    const [regular, newcomer] = await Promise.all([makeUser(api(), 'customer'), makeUser(api(), 'customer')]);
    await collect(regular, shop.id, flatWhite, 5); // the first earns the card; the next four are a holder's
    const redeemed = await order(regular, shop.id, [{ menuItemId: flatWhite, quantity: 1 }], {
      redeemReward: true,
    });
    expect(redeemed.status).toBe(201);
    await collect(newcomer, shop.id, flatWhite, 1);
    const cancelled = await order(newcomer, shop.id, [{ menuItemId: flatWhite, quantity: 1 }]);
    await api().as(newcomer).put(`/api/orders/${cancelled.body.id}`, { status: 'cancelled' });
    const figures = await api().as(owner).get<ShopAnalytics>(`/api/analytics/${shop.id}?days=30`);
    expect(figures.status).toBe(200);
    // 7 orders not cancelled: 4 of the regular's after their first stamp, and the redeemed one.
    expect(figures.body.loyalty).toEqual({ rewardsRedeemed: 1, cardHolderShare: 5 / 7 });

    const plain = await shopWithCard(null);
    expect(
      (await api().as(owner).get<ShopAnalytics>(`/api/analytics/${plain.shop.id}`)).body.loyalty,
    ).toBeNull();
  });

  test('the owner sees members, full cards and rewards redeemed in the last 30 days', async () => {
    const { shop, flatWhite } = await shopWithCard();
    const [full, partial] = await Promise.all([makeUser(api(), 'customer'), makeUser(api(), 'customer')]);
    await collect(full, shop.id, flatWhite, 5);
    await collect(partial, shop.id, flatWhite, 2);
    const path = `/api/coffee-shops/${shop.id}/loyalty/members`;
    expect((await api().as(owner).get(path)).body).toEqual({
      members: 2,
      fullCards: 1,
      redeemedLast30Days: 0,
    });
    const redeemed = await order(full, shop.id, [{ menuItemId: flatWhite, quantity: 1 }], {
      redeemReward: true,
    });
    expect((await api().as(owner).get(path)).body).toEqual({
      members: 1,
      fullCards: 0,
      redeemedLast30Days: 1,
    });
    await db()
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(orders.id, redeemed.body.id));
    expect((await api().as(owner).get<LoyaltyMembers>(path)).body.redeemedLast30Days).toBe(0);
  });
});

describe('redeeming on an online order', () => {
  /**
   * A shop with payouts to a (fake) Paystack subaccount where the customer filled a card with five counter orders,
   * which then takes payment online only.
   */
  async function payingShopWithFullCard(customer: AuthResponse) {
    const made = await shopWithCard();
    const saved = await api().as(owner).put<Payout>(`/api/coffee-shops/${made.shop.id}/payout`, {
      bankCode: '250655',
      accountNumber: '62812345678',
      accountName: 'Test Roasters (Pty) Ltd',
    });
    expect(saved.status).toBe(200);
    await collect(customer, made.shop.id, made.flatWhite, 5);
    await api().as(owner).put(`/api/coffee-shops/${made.shop.id}`, { onlinePayment: 'required' });
    return made;
  }

  test('Paystack is charged the reduced total; a checkout never paid gives the card back', async () => {
    const customer = await makeUser(api(), 'customer');
    const { shop, flatWhite, latte } = await payingShopWithFullCard(customer);
    const reply = await order(
      customer,
      shop.id,
      [
        { menuItemId: latte, quantity: 1 },
        { menuItemId: flatWhite, quantity: 1 },
      ],
      { redeemReward: true, payment: 'online' },
    );
    expect(reply.status).toBe(201);
    expect(reply.body.totalAmount).toBe('42.50');
    expect(reply.body.paymentStatus).toBe('awaiting');
    expect(linesOf(reply.body).at(-1)).toMatchObject({ name: 'Loyalty reward', price: '-35.00' });
    expect(paystack.transactions.get(reply.body.payment!.reference)?.amount).toBe(4250);
    // Held by the unpaid checkout: not spendable twice.
    expect(
      (await stampsOf(customer.user.id, shop.id)).every((stamp) => stamp.redeemedBy === reply.body.id),
    ).toBe(true);

    const later = new Date(Date.now() + 60 * 60_000);
    await sweepUnpaidCheckouts(db(), undefined, later);
    const [checkout] = await db()
      .select()
      .from(orderCheckouts)
      .where(eq(orderCheckouts.orderId, reply.body.id));
    expect(checkout?.paymentStatus).toBe('expired');
    expect((await stampsOf(customer.user.id, shop.id)).every((stamp) => stamp.redeemedBy === null)).toBe(
      true,
    );
  });

  test('paid, the order keeps its reward line and the card stays spent; the receipt names the reward', async () => {
    const customer = await makeUser(api(), 'customer');
    const { shop, latte } = await payingShopWithFullCard(customer);
    const reply = await order(customer, shop.id, [{ menuItemId: latte, quantity: 2 }], {
      redeemReward: true,
      payment: 'online',
    });
    expect(reply.body.totalAmount).toBe('55.00');
    paystack.pay(reply.body.payment!.reference);
    const paid = await api().as(customer).post<Order>(`/api/orders/${reply.body.id}/payment/verify`);
    expect(paid.body).toMatchObject({ paymentStatus: 'paid', totalAmount: '55.00' });
    expect(linesOf(paid.body).at(-1)).toMatchObject({
      name: 'Loyalty reward',
      price: '-35.00',
      kind: 'discount',
    });
    const [row] = await db().select().from(orders).where(eq(orders.id, reply.body.id));
    expect(row).toMatchObject({ totalCents: 5500, rewardCents: 3500, paymentStatus: 'paid' });
    expect(
      (await stampsOf(customer.user.id, shop.id)).every((stamp) => stamp.redeemedBy === reply.body.id),
    ).toBe(true);
    const receipt = async () => mail.find((message) => message.subject.includes(`order #${reply.body.id}`));
    for (let waited = 0; !(await receipt()) && waited < 5_000; waited += 50) {
      await server.app.deps.outbox.runOnce();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await receipt())?.text).toContain('Loyalty reward — −R35.00');
    expect((await receipt())?.text).toContain('Total paid: R55.00');
  });

  test('an order the reward makes R0.00 needs no payment, even where the shop takes payment online only', async () => {
    const customer = await makeUser(api(), 'customer');
    const { shop, muffin } = await payingShopWithFullCard(customer);
    const transactionsBefore = paystack.transactions.size;
    const reply = await order(customer, shop.id, [{ menuItemId: muffin, quantity: 1 }], {
      redeemReward: true,
      payment: 'online',
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      totalAmount: '0.00',
      paymentStatus: 'not_required',
      status: 'pending',
    });
    expect(paystack.transactions.size).toBe(transactionsBefore);
    const counter = await order(customer, shop.id, [{ menuItemId: muffin, quantity: 1 }], {
      payment: 'counter',
    });
    expect(counter.status).toBe(409);
  });
});
