// Pre-orders over real HTTP (issue 10): placing (every refusal stores nothing), idempotency, reading, moving along
// the status machine, the customer's cancel, concurrent moves, and the order messages in the conversation.
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { messages, orderLines, orders } from '../../src/server/db/schema.js';
import type { AuthResponse } from '../../src/shared/api/auth.js';
import type { Order, OrderLine } from '../../src/shared/api/orders.js';
import type { Shop } from '../../src/shared/api/shops.js';
import { makeShop, makeUser } from '../support/factories.js';
import {
  addClosedDay,
  addMenuItems,
  localDate,
  nextLocalTime,
  postOrder,
  setAcceptingOrders,
  setDailyHours,
  soon,
} from '../support/order-factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let server: TestApp;
let owner: AuthResponse;
let otherOwner: AuthResponse;
let customer: AuthResponse;
let otherCustomer: AuthResponse;
/** No hours set: it takes orders at any time. */
let shop: Shop;
/** Open 08:00–17:00 every day. */
let daytimeShop: Shop;
let otherShop: Shop;
let flatWhite: { id: number; name: string };
let croissant: { id: number; name: string };
let soldOut: { id: number; name: string };
let daytimeLatte: { id: number };
let otherShopItem: { id: number };

beforeAll(async () => {
  server = await startTestApp();
  const db = server.database.db;
  [owner, otherOwner, customer, otherCustomer] = await Promise.all([
    makeUser(server.api, 'shop_owner'),
    makeUser(server.api, 'shop_owner'),
    makeUser(server.api, 'customer'),
    makeUser(server.api, 'customer'),
  ]);
  shop = await makeShop(server.api, owner, { name: 'Order Test Roasters' });
  daytimeShop = await makeShop(server.api, owner, { name: 'Daytime Café' });
  otherShop = await makeShop(server.api, otherOwner, { name: 'Elsewhere Coffee' });
  await setDailyHours(db, daytimeShop.id, '08:00', '17:00');
  [flatWhite, croissant, soldOut] = await addMenuItems(db, shop.id, [
    { name: 'Flat White', priceCents: 3250, preparationTime: '5-10 mins' },
    { name: 'Croissant', priceCents: 2500, preparationTime: null },
    { name: 'Cortado', priceCents: 3000, isAvailable: false },
  ]);
  [daytimeLatte] = await addMenuItems(db, daytimeShop.id, [{ name: 'Latte', priceCents: 3500 }]);
  [otherShopItem] = await addMenuItems(db, otherShop.id, [{ name: 'Other Espresso', priceCents: 2000 }]);
});

afterAll(async () => {
  await server?.close();
});

/** Orders, lines and order messages stored so far: a refusal must change none of them. */
async function stored() {
  const db = server.database.db;
  const [orderCount] = await db.select({ n: count() }).from(orders);
  const [lineCount] = await db.select({ n: count() }).from(orderLines);
  const [messageCount] = await db.select({ n: count() }).from(messages);
  return { orders: orderCount!.n, lines: lineCount!.n, messages: messageCount!.n };
}

const aFlatWhite = (overrides: Record<string, unknown> = {}) => ({
  shopId: shop.id,
  items: [{ menuItemId: flatWhite.id, quantity: 1 }],
  pickupTime: soon(),
  ...overrides,
});

async function place(who = customer, body: Record<string, unknown> = aFlatWhite()) {
  const reply = await postOrder<Order>(server.baseUrl, who, body);
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body;
}

async function orderRow(id: number) {
  const [row] = await server.database.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

async function orderMessages(orderId: number) {
  return server.database.db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.messageType, 'order'),
        sql`(${messages.orderData})::jsonb ->> 'orderId' = ${String(orderId)}`,
      ),
    )
    .orderBy(messages.id);
}

describe('placing an order', () => {
  test('stores the order with names and prices read from the menu, ignoring prices in the body', async () => {
    const pickupTime = soon();
    const reply = await postOrder<Order>(server.baseUrl, customer, {
      shopId: shop.id,
      items: [
        { menuItemId: flatWhite.id, quantity: 2, price: '0.01' },
        { menuItemId: croissant.id, quantity: 1 },
      ],
      pickupTime,
      notes: '  Oat milk please  ',
      totalAmount: '1.00',
    });
    expect(reply.status).toBe(201);
    const placed = reply.body;
    expect(placed).toMatchObject({
      shopId: shop.id,
      customerId: customer.user.id,
      totalAmount: '90.00',
      status: 'pending',
      pickupTime: new Date(pickupTime).toISOString(),
      notes: 'Oat milk please',
      shopName: 'Order Test Roasters',
      customerName: customer.user.username,
    });
    expect(JSON.parse(placed.items) as OrderLine[]).toEqual([
      { menuItemId: flatWhite.id, name: 'Flat White', quantity: 2, price: '32.50', options: [] },
      { menuItemId: croissant.id, name: 'Croissant', quantity: 1, price: '25.00', options: [] },
    ]);
    expect(placed.statusHistory).toEqual([{ status: 'pending', at: placed.createdAt }]);

    const row = await orderRow(placed.id);
    expect(row).toMatchObject({ totalCents: 9000, status: 'pending', readyAt: null });
    const lines = await server.database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, placed.id))
      .orderBy(orderLines.id);
    expect(
      lines.map((line) => [line.menuItemId, line.name, line.quantity, line.priceCents, line.isCancelled]),
    ).toEqual([
      [flatWhite.id, 'Flat White', 2, 3250, false],
      [croissant.id, 'Croissant', 1, 2500, false],
    ]);
    expect(lines.every((line) => line.createdAt.getTime() === row.createdAt.getTime())).toBe(true);
  });

  test('posts one order message from the customer to the owner into their conversation', async () => {
    const placed = await place(customer, aFlatWhite({ items: [{ menuItemId: croissant.id, quantity: 3 }] }));
    const [message, ...more] = await orderMessages(placed.id);
    expect(more).toEqual([]);
    expect(message).toMatchObject({
      senderId: customer.user.id,
      receiverId: owner.user.id,
      shopId: shop.id,
      customerId: customer.user.id,
      messageType: 'order',
    });
    expect(JSON.parse(message!.orderData!)).toEqual({
      orderId: placed.id,
      items: [{ menuItemId: croissant.id, name: 'Croissant', quantity: 3, price: '25.00', options: [] }],
      total: '75.00',
    });
    // The customer sees it in the conversation through the chat API too.
    const history = await server.api.as(customer).get<{ id: number }[]>(`/api/messages/${shop.id}`);
    expect(history.body.map((entry) => entry.id)).toContain(message!.id);
  });

  test('a visitor is asked to sign in and an owner is refused; nothing is stored', async () => {
    const before = await stored();
    const visitor = await postOrder<{ message: string }>(server.baseUrl, null, aFlatWhite());
    expect(visitor.status).toBe(401);
    const asOwner = await postOrder<{ message: string }>(server.baseUrl, owner, aFlatWhite());
    expect(asOwner).toMatchObject({ status: 403, body: { message: 'Only customers can do this' } });
    expect(await stored()).toEqual(before);
  });

  const refusals: [string, () => Record<string, unknown>, number, RegExp][] = [
    ['no items', () => aFlatWhite({ items: [] }), 400, /items must not be empty/],
    ['no items at all', () => aFlatWhite({ items: undefined }), 400, /items/],
    [
      'an unknown item',
      () => aFlatWhite({ items: [{ menuItemId: 999_999, quantity: 1 }] }),
      400,
      /menuItemId 999999 is not on Order Test Roasters's menu/,
    ],
    [
      'an item of another shop',
      () => aFlatWhite({ items: [{ menuItemId: otherShopItem.id, quantity: 1 }] }),
      400,
      new RegExp(`menuItemId ${otherShopItem?.id ?? '\\d+'} is not on`),
    ],
    [
      'a sold-out item',
      () =>
        aFlatWhite({
          items: [
            { menuItemId: flatWhite.id, quantity: 1 },
            { menuItemId: soldOut.id, quantity: 1 },
          ],
        }),
      409,
      /^Cortado is sold out$/,
    ],
    [
      'a quantity of 0',
      () => aFlatWhite({ items: [{ menuItemId: flatWhite.id, quantity: 0 }] }),
      400,
      /quantity must be a whole number from 1 to 20/,
    ],
    [
      'a quantity of 1.5',
      () => aFlatWhite({ items: [{ menuItemId: flatWhite.id, quantity: 1.5 }] }),
      400,
      /quantity must be a whole number/,
    ],
    [
      'a quantity of 21',
      () => aFlatWhite({ items: [{ menuItemId: flatWhite.id, quantity: 21 }] }),
      400,
      /quantity must be a whole number from 1 to 20/,
    ],
    [
      '31 lines',
      () =>
        aFlatWhite({ items: Array.from({ length: 31 }, () => ({ menuItemId: flatWhite.id, quantity: 1 })) }),
      400,
      /items must have at most 30 lines/,
    ],
    [
      'notes over 500 characters',
      () => aFlatWhite({ notes: 'x'.repeat(501) }),
      400,
      /notes must be at most 500 characters/,
    ],
    [
      'a pickup time that is not a time',
      () => aFlatWhite({ pickupTime: 'tomorrow' }),
      400,
      /pickupTime must be an ISO date and time/,
    ],
    [
      'a pickup time in the past',
      () => aFlatWhite({ pickupTime: new Date(Date.now() - 60_000).toISOString() }),
      400,
      /pickupTime is in the past/,
    ],
    [
      'a pickup time more than 2 days ahead',
      () => aFlatWhite({ pickupTime: new Date(Date.now() + 2 * 86_400_000 + 60_000).toISOString() }),
      400,
      /pickupTime must be within 2 days/,
    ],
    ['a shop that does not exist', () => aFlatWhite({ shopId: 999_999 }), 404, /Coffee shop not found/],
  ];

  test.each(refusals)(
    'refuses %s, naming the problem, and stores nothing',
    async (_name, body, status, message) => {
      const before = await stored();
      const reply = await postOrder<{ message: string }>(server.baseUrl, customer, body());
      expect(reply.status).toBe(status);
      expect(reply.body.message).toMatch(message);
      expect(await stored()).toEqual(before);
    },
  );

  test('refuses a pickup time outside the shop’s hours, saying when it opens next, and stores nothing', async () => {
    const before = await stored();
    const evening = nextLocalTime('19:00');
    const reply = await postOrder<{ message: string }>(server.baseUrl, customer, {
      shopId: daytimeShop.id,
      items: [{ menuItemId: daytimeLatte.id, quantity: 1 }],
      pickupTime: evening.toISOString(),
    });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(
      /^pickupTime is outside the shop's hours: it opens next on \w+ \d+ \w+ at 08:00$/,
    );
    expect(await stored()).toEqual(before);
  });

  test('refuses a pickup time on a closed special day, saying when it opens next, and stores nothing', async () => {
    const db = server.database.db;
    const holidayShop = await makeShop(server.api, owner, { name: 'Holiday Café' });
    await setDailyHours(db, holidayShop.id, '08:00', '17:00');
    const [latte] = await addMenuItems(db, holidayShop.id, [{ name: 'Latte' }]);
    const morning = nextLocalTime('10:00');
    await addClosedDay(db, holidayShop.id, localDate(morning), 'Heritage Day');
    const before = await stored();
    const reply = await postOrder<{ message: string }>(server.baseUrl, customer, {
      shopId: holidayShop.id,
      items: [{ menuItemId: latte!.id, quantity: 1 }],
      pickupTime: morning.toISOString(),
    });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(
      /^the shop is closed on \w+ \d+ \w+ \(Heritage Day\): it opens next on \w+ \d+ \w+ at 08:00$/,
    );
    expect(await stored()).toEqual(before);
  });

  test('accepts a pickup time within the shop’s hours', async () => {
    const placed = await place(customer, {
      shopId: daytimeShop.id,
      items: [{ menuItemId: daytimeLatte.id, quantity: 1 }],
      pickupTime: nextLocalTime('15:00').toISOString(),
    });
    expect(placed.shopName).toBe('Daytime Café');
  });

  test('refuses a paused shop with 409 and stores nothing', async () => {
    await setAcceptingOrders(server.database.db, shop.id, false);
    try {
      const before = await stored();
      const reply = await postOrder<{ message: string }>(server.baseUrl, customer, aFlatWhite());
      expect(reply).toMatchObject({
        status: 409,
        body: { message: 'Order Test Roasters is not taking orders right now' },
      });
      expect(await stored()).toEqual(before);
    } finally {
      await setAcceptingOrders(server.database.db, shop.id, true);
    }
  });
});

describe('the Idempotency-Key', () => {
  test('the same key from the same customer returns the first order and stores no second', async () => {
    const before = await stored();
    const first = await postOrder<Order>(server.baseUrl, customer, aFlatWhite(), 'key-sequential');
    // A retry of 'As soon as possible' may ask for a later pickup: still the same order.
    const again = await postOrder<Order>(
      server.baseUrl,
      customer,
      aFlatWhite({ pickupTime: new Date(Date.now() + 40 * 60_000).toISOString() }),
      'key-sequential',
    );
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await stored()).toEqual({
      orders: before.orders + 1,
      lines: before.lines + 1,
      messages: before.messages + 1,
    });
  });

  test('the same key with different lines or notes is 422 and stores nothing', async () => {
    const first = await postOrder<Order>(server.baseUrl, customer, aFlatWhite(), 'key-reused');
    expect(first.status).toBe(201);
    const before = await stored();
    for (const changed of [
      aFlatWhite({ items: [{ menuItemId: croissant.id, quantity: 5 }] }),
      aFlatWhite({ items: [{ menuItemId: flatWhite.id, quantity: 2 }] }),
      aFlatWhite({ notes: 'Extra hot' }),
    ]) {
      const reply = await postOrder<{ message: string }>(server.baseUrl, customer, changed, 'key-reused');
      expect(reply).toMatchObject({
        status: 422,
        body: { message: 'This Idempotency-Key was used for a different order' },
      });
    }
    expect(await stored()).toEqual(before);
    // The first body, sent again, still replays; an explicit empty options list is the same body.
    const again = await postOrder<Order>(
      server.baseUrl,
      customer,
      aFlatWhite({ items: [{ menuItemId: flatWhite.id, quantity: 1, options: [] }] }),
      'key-reused',
    );
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
  });

  test('the same key from another customer is another order', async () => {
    const mine = await postOrder<Order>(server.baseUrl, customer, aFlatWhite(), 'key-shared');
    const theirs = await postOrder<Order>(server.baseUrl, otherCustomer, aFlatWhite(), 'key-shared');
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(theirs.body.customerId).toBe(otherCustomer.user.id);
  });

  test('requests with one key arriving at once create exactly one order', async () => {
    const before = await stored();
    const replies = await Promise.all(
      Array.from({ length: 6 }, () => postOrder<Order>(server.baseUrl, customer, aFlatWhite(), 'key-racing')),
    );
    expect(replies.map((reply) => reply.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(new Set(replies.map((reply) => reply.body.id)).size).toBe(1);
    const [row] = await server.database.db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.customerId, customer.user.id), eq(orders.idempotencyKey, 'key-racing')));
    expect(row!.n).toBe(1);
    expect(await stored()).toEqual({
      orders: before.orders + 1,
      lines: before.lines + 1,
      messages: before.messages + 1,
    });
  });

  test('a key first used more than 24 hours ago places a new order', async () => {
    const first = await postOrder<Order>(server.baseUrl, customer, aFlatWhite(), 'key-yesterday');
    await server.database.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(orders.id, first.body.id));
    const later = await postOrder<Order>(server.baseUrl, customer, aFlatWhite(), 'key-yesterday');
    expect(later.status).toBe(201);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(later.body.id).not.toBe(first.body.id);
    expect((await orderRow(first.body.id)).idempotencyKey).toBeNull();
    expect((await orderRow(later.body.id)).idempotencyKey).toBe('key-yesterday');
  });

  test('a key over 200 characters is refused and nothing is stored', async () => {
    const before = await stored();
    const reply = await postOrder<{ message: string }>(
      server.baseUrl,
      customer,
      aFlatWhite(),
      'k'.repeat(201),
    );
    expect(reply).toMatchObject({
      status: 400,
      body: { message: 'Idempotency-Key must be at most 200 characters' },
    });
    expect(await stored()).toEqual(before);
  });
});

describe('reading orders', () => {
  test('an owner lists all their shops’ orders newest first, and filters by shop and status', async () => {
    const a = await place(otherCustomer);
    const b = await place(otherCustomer, {
      shopId: daytimeShop.id,
      items: [{ menuItemId: daytimeLatte.id, quantity: 1 }],
      pickupTime: nextLocalTime('15:00').toISOString(),
    });
    const all = await server.api.as(owner).get<Order[]>('/api/orders');
    expect(all.status).toBe(200);
    const ids = all.body.map((entry) => entry.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    expect(all.body.every((entry) => [shop.id, daytimeShop.id].includes(entry.shopId))).toBe(true);
    const sorted = [...all.body].sort((x, y) => y.createdAt.localeCompare(x.createdAt) || y.id - x.id);
    expect(ids).toEqual(sorted.map((entry) => entry.id));

    const oneShop = await server.api.as(owner).get<Order[]>(`/api/orders?shopId=${daytimeShop.id}`);
    expect(oneShop.body.length).toBeGreaterThan(0);
    expect(oneShop.body.every((entry) => entry.shopId === daytimeShop.id)).toBe(true);

    await server.api.as(owner).put(`/api/orders/${a.id}`, { status: 'confirmed' });
    const confirmed = await server.api.as(owner).get<Order[]>('/api/orders?status=confirmed');
    expect(confirmed.body.map((entry) => entry.id)).toContain(a.id);
    expect(confirmed.body.every((entry) => entry.status === 'confirmed')).toBe(true);

    const elsewhere = await server.api.as(otherOwner).get<Order[]>('/api/orders');
    expect(elsewhere.body.map((entry) => entry.id)).not.toContain(a.id);
  });

  test('a customer lists only their own orders', async () => {
    const mine = await place(otherCustomer);
    const list = await server.api.as(otherCustomer).get<Order[]>('/api/orders');
    expect(list.body[0]!.id).toBe(mine.id);
    expect(list.body.every((entry) => entry.customerId === otherCustomer.user.id)).toBe(true);
    const theirs = await server.api.as(customer).get<Order[]>('/api/orders');
    expect(theirs.body.map((entry) => entry.id)).not.toContain(mine.id);
  });

  test('lists are pages: limit bounds them and before continues below the oldest shown', async () => {
    const first = await server.api.as(owner).get<Order[]>('/api/orders?limit=2');
    expect(first.body).toHaveLength(2);
    const next = await server.api.as(owner).get<Order[]>(`/api/orders?limit=2&before=${first.body[1]!.id}`);
    expect(next.body).toHaveLength(2);
    const whole = await server.api.as(owner).get<Order[]>('/api/orders?limit=4');
    expect([...first.body, ...next.body].map((entry) => entry.id)).toEqual(
      whole.body.map((entry) => entry.id),
    );
    const tooMany = await server.api.as(owner).get<{ message: string }>('/api/orders?limit=201');
    expect(tooMany).toMatchObject({ status: 400, body: { message: 'limit must be at most 200' } });
  });

  test('an order is readable by its customer and its shop’s owner, and 404 for anyone else', async () => {
    const placed = await place();
    expect((await server.api.as(customer).get<Order>(`/api/orders/${placed.id}`)).body).toEqual(placed);
    expect((await server.api.as(owner).get<Order>(`/api/orders/${placed.id}`)).body).toEqual(placed);
    expect(await server.api.as(otherCustomer).get(`/api/orders/${placed.id}`)).toMatchObject({
      status: 404,
      body: { message: 'Order not found' },
    });
    expect((await server.api.as(otherOwner).get(`/api/orders/${placed.id}`)).status).toBe(404);
    expect((await server.api.get(`/api/orders/${placed.id}`)).status).toBe(401);
    expect((await server.api.get('/api/orders')).status).toBe(401);
    expect((await server.api.as(owner).get('/api/orders/abc')).status).toBe(400);
  });
});

describe('moving an order', () => {
  test('an owner runs an order through to completed; each move is in its history and in the chat', async () => {
    const placed = await place();
    let last = placed;
    for (const status of ['confirmed', 'preparing', 'ready', 'completed'] as const) {
      const reply = await server.api.as(owner).put<Order>(`/api/orders/${placed.id}`, { status });
      expect(reply.status).toBe(200);
      expect(reply.body.status).toBe(status);
      last = reply.body;
    }
    expect(last.statusHistory.map((entry) => entry.status)).toEqual([
      'pending',
      'confirmed',
      'preparing',
      'ready',
      'completed',
    ]);
    const row = await orderRow(placed.id);
    expect(row.status).toBe('completed');
    expect(row.readyAt?.toISOString()).toBe(last.statusHistory[3]!.at);
    const posted = await orderMessages(placed.id);
    expect(posted.map((message) => message.content)).toEqual([
      expect.stringMatching(new RegExp(`^Order #${placed.id}: 1 × Flat White \\(R32.50\\)$`)),
      `Order #${placed.id} has been confirmed`,
      `Order #${placed.id} is being prepared`,
      `Order #${placed.id} is ready for pickup`,
      `Order #${placed.id} has been collected`,
    ]);
    expect(posted.slice(1).map((message) => JSON.parse(message.orderData!))).toEqual(
      ['confirmed', 'preparing', 'ready', 'completed'].map((status) => ({ orderId: placed.id, status })),
    );
    expect(
      posted.slice(1).every((m) => m.senderId === owner.user.id && m.receiverId === customer.user.id),
    ).toBe(true);
  });

  test('an illegal move is 409 naming both states and changes nothing', async () => {
    const placed = await place();
    const before = await stored();
    const reply = await server.api
      .as(owner)
      .put<{ message: string }>(`/api/orders/${placed.id}`, { status: 'ready' });
    expect(reply).toMatchObject({
      status: 409,
      body: { message: `Order #${placed.id} cannot move from pending to ready` },
    });
    expect(await stored()).toEqual(before);
    const row = await orderRow(placed.id);
    expect(row.status).toBe('pending');
    expect(row.statusHistory).toHaveLength(1);
  });

  test('an unknown status is 400 naming the field and changes nothing', async () => {
    const placed = await place();
    const reply = await server.api
      .as(owner)
      .put<{ message: string }>(`/api/orders/${placed.id}`, { status: 'eaten' });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/^status must be one of pending, confirmed/);
    expect((await orderRow(placed.id)).status).toBe('pending');
  });

  test('another owner gets 404 and nothing changes', async () => {
    const placed = await place();
    const before = await stored();
    const reply = await server.api.as(otherOwner).put(`/api/orders/${placed.id}`, { status: 'confirmed' });
    expect(reply).toMatchObject({ status: 404, body: { message: 'Order not found' } });
    expect((await orderRow(placed.id)).status).toBe('pending');
    expect(await stored()).toEqual(before);
  });

  test('a customer cancels their own pending order: lines marked cancelled, the owner told in the chat', async () => {
    const placed = await place();
    const reply = await server.api
      .as(customer)
      .put<Order>(`/api/orders/${placed.id}`, { status: 'cancelled' });
    expect(reply.status).toBe(200);
    expect(reply.body.status).toBe('cancelled');
    expect(reply.body.statusHistory.map((entry) => entry.status)).toEqual(['pending', 'cancelled']);
    const lines = await server.database.db.select().from(orderLines).where(eq(orderLines.orderId, placed.id));
    expect(lines.map((line) => line.isCancelled)).toEqual([true]);
    const [, cancelled] = await orderMessages(placed.id);
    expect(cancelled).toMatchObject({
      senderId: customer.user.id,
      receiverId: owner.user.id,
      content: `Order #${placed.id} has been cancelled`,
    });
  });

  test('a customer may do nothing else: not confirm, not cancel a confirmed order, not touch another’s', async () => {
    const placed = await place();
    const confirmSelf = await server.api
      .as(customer)
      .put(`/api/orders/${placed.id}`, { status: 'confirmed' });
    expect(confirmSelf).toMatchObject({
      status: 403,
      body: { message: 'Customers can only cancel their own pending order' },
    });
    const stranger = await server.api
      .as(otherCustomer)
      .put(`/api/orders/${placed.id}`, { status: 'cancelled' });
    expect(stranger.status).toBe(404);
    await server.api.as(owner).put(`/api/orders/${placed.id}`, { status: 'confirmed' });
    const before = await stored();
    const late = await server.api.as(customer).put(`/api/orders/${placed.id}`, { status: 'cancelled' });
    expect(late).toMatchObject({
      status: 409,
      body: {
        message: `Order #${placed.id} cannot move from confirmed to cancelled: only a pending order can be cancelled`,
      },
    });
    expect(await stored()).toEqual(before);
    expect((await orderRow(placed.id)).status).toBe('confirmed');
    const lines = await server.database.db.select().from(orderLines).where(eq(orderLines.orderId, placed.id));
    expect(lines.every((line) => !line.isCancelled)).toBe(true);
  });

  test('of two moves from the same state at once, exactly one wins and the other is 409', async () => {
    const placed = await place();
    const replies = await Promise.all([
      server.api.as(owner).put<Order>(`/api/orders/${placed.id}`, { status: 'confirmed' }),
      server.api.as(owner).put<Order>(`/api/orders/${placed.id}`, { status: 'cancelled' }),
      server.api.as(customer).put<Order>(`/api/orders/${placed.id}`, { status: 'cancelled' }),
    ]);
    const statuses = replies.map((reply) => reply.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(2);
    const winner = replies.find((reply) => reply.status === 200)!.body;
    const row = await orderRow(placed.id);
    expect(row.status).toBe(winner.status);
    expect(row.statusHistory).toHaveLength(2);
    expect(await orderMessages(placed.id)).toHaveLength(2);
  });
});
