// Order floods (issue 33 defect 6): placements per customer per minute, open counter-paid orders per customer and
// shop, and one item's cups per order however many lines repeat it. Each refusal stores nothing.
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orders } from '../../src/server/db/schema.js';
import type { AuthResponse } from '../../src/shared/api/auth.js';
import type { Order } from '../../src/shared/api/orders.js';
import { makeShop, makeUser } from '../support/factories.js';
import { addMenuItems, postOrder, soon } from '../support/order-factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let server: TestApp;
let owner: AuthResponse;

beforeAll(async () => {
  server = await startTestApp({ env: { ORDERS_PER_MINUTE: '10', OPEN_ORDERS_PER_SHOP: '3' } });
  owner = await makeUser(server.api, 'shop_owner');
});
afterAll(() => server?.close());

async function shopWithItem(name: string) {
  const shop = await makeShop(server.api, owner, { name });
  const [item] = await addMenuItems(server.database.db, shop.id, [{ name: 'Flat White', priceCents: 3250 }]);
  return { shop, item: item! };
}
const oneFlatWhite = (shopId: number, itemId: number, quantity = 1) => ({
  shopId,
  items: [{ menuItemId: itemId, quantity }],
  pickupTime: soon(),
});
async function ordersOf(customer: AuthResponse, shopId?: number) {
  const [row] = await server.database.db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.customerId, customer.user.id), shopId ? eq(orders.shopId, shopId) : undefined));
  return row!.n;
}

describe('open orders paid at the counter', () => {
  test('a fourth open order at one shop is 409 and stores nothing; other shops and a cancelled order free a place', async () => {
    const customer = await makeUser(server.api, 'customer');
    const { shop, item } = await shopWithItem('Open Orders Café');
    const placed: Order[] = [];
    for (let i = 0; i < 3; i += 1) {
      const reply = await postOrder<Order>(server.baseUrl, customer, oneFlatWhite(shop.id, item.id));
      expect(reply.status).toBe(201);
      placed.push(reply.body);
    }
    const fourth = await postOrder<{ message: string }>(
      server.baseUrl,
      customer,
      oneFlatWhite(shop.id, item.id),
    );
    expect(fourth).toMatchObject({
      status: 409,
      body: {
        message:
          'You already have 3 open orders at Open Orders Café: collect or cancel one before ordering again',
      },
    });
    expect(await ordersOf(customer, shop.id)).toBe(3);

    const elsewhere = await shopWithItem('Another Café');
    expect(
      (await postOrder(server.baseUrl, customer, oneFlatWhite(elsewhere.shop.id, elsewhere.item.id))).status,
    ).toBe(201);
    // A confirmed order still counts; a cancelled one does not.
    expect(
      (await server.api.as(owner).put(`/api/orders/${placed[0]!.id}`, { status: 'confirmed' })).status,
    ).toBe(200);
    expect((await postOrder(server.baseUrl, customer, oneFlatWhite(shop.id, item.id))).status).toBe(409);
    expect(
      (await server.api.as(customer).put(`/api/orders/${placed[1]!.id}`, { status: 'cancelled' })).status,
    ).toBe(200);
    expect((await postOrder(server.baseUrl, customer, oneFlatWhite(shop.id, item.id))).status).toBe(201);
  });

  test('six placements at once take the three places and no more', async () => {
    const customer = await makeUser(server.api, 'customer');
    const { shop, item } = await shopWithItem('Rush Café');
    const replies = await Promise.all(
      Array.from({ length: 6 }, () => postOrder(server.baseUrl, customer, oneFlatWhite(shop.id, item.id))),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 201, 201, 409, 409, 409]);
    expect(await ordersOf(customer, shop.id)).toBe(3);
  });

  test('a retry with the same Idempotency-Key replays the third order instead of counting it again', async () => {
    const customer = await makeUser(server.api, 'customer');
    const { shop, item } = await shopWithItem('Retry Café');
    for (const key of ['one', 'two'])
      await postOrder(server.baseUrl, customer, oneFlatWhite(shop.id, item.id), key);
    const body = oneFlatWhite(shop.id, item.id);
    const third = await postOrder<Order>(server.baseUrl, customer, body, 'three');
    const retry = await postOrder<Order>(server.baseUrl, customer, body, 'three');
    expect(retry.status).toBe(201);
    expect(retry.body.id).toBe(third.body.id);
  });
});

test('the eleventh order in a minute is 429 with a clear message, and stores nothing', async () => {
  const customer = await makeUser(server.api, 'customer');
  const shops = await Promise.all(Array.from({ length: 4 }, (_, i) => shopWithItem(`Minute Café ${i}`)));
  // 10 orders over 4 shops (at most 3 open at each), then one more.
  for (let i = 0; i < 10; i += 1) {
    const { shop, item } = shops[i % 4]!;
    expect((await postOrder(server.baseUrl, customer, oneFlatWhite(shop.id, item.id))).status).toBe(201);
  }
  const { shop, item } = shops[3]!;
  const eleventh = await postOrder<{ message: string }>(
    server.baseUrl,
    customer,
    oneFlatWhite(shop.id, item.id),
  );
  expect(eleventh.status).toBe(429);
  expect(eleventh.body.message).toMatch(
    /^Too many orders: at most 10 a minute\. Please try again in \d+ seconds\.$/,
  );
  expect(eleventh.headers.get('retry-after')).toMatch(/^\d+$/);
  expect(await ordersOf(customer)).toBe(10);
  // Another customer is not held back.
  const other = await makeUser(server.api, 'customer');
  expect((await postOrder(server.baseUrl, other, oneFlatWhite(shop.id, item.id))).status).toBe(201);
});

test('thirty lines of one item are one item: at most 20 cups in an order (400), nothing stored', async () => {
  const customer = await makeUser(server.api, 'customer');
  const { shop, item } = await shopWithItem('Thirty Lines Café');
  const reply = await postOrder<{ message: string }>(server.baseUrl, customer, {
    shopId: shop.id,
    items: Array.from({ length: 30 }, () => ({ menuItemId: item.id, quantity: 20 })),
    pickupTime: soon(),
  });
  expect(reply).toMatchObject({
    status: 400,
    body: { message: 'Flat White: at most 20 in one order (40 asked)' },
  });
  expect(await ordersOf(customer)).toBe(0);
});
