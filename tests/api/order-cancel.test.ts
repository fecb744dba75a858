// Cancelling says who and why (issue 32): a shop's cancel carries a reason the customer sees on the order and in
// the chat line; a customer's says the customer did; a reason with any other move, or a bad one, is 400 and
// nothing changes.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { messages, orders } from '../../src/server/db/schema.js';
import type { AuthResponse } from '../../src/shared/api/auth.js';
import type { Order } from '../../src/shared/api/orders.js';
import type { Shop } from '../../src/shared/api/shops.js';
import { makeShop, makeUser } from '../support/factories.js';
import { addMenuItems, postOrder, soon } from '../support/order-factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let server: TestApp;
let owner: AuthResponse;
let customer: AuthResponse;
let shop: Shop;
let itemId: number;

beforeAll(async () => {
  server = await startTestApp();
  [owner, customer] = await Promise.all([
    makeUser(server.api, 'shop_owner'),
    makeUser(server.api, 'customer'),
  ]);
  shop = await makeShop(server.api, owner);
  const [item] = await addMenuItems(server.database.db, shop.id, [{ name: 'Flat White' }]);
  itemId = item!.id;
});
afterAll(async () => server?.close());

async function placed() {
  const reply = await postOrder<Order>(server.baseUrl, customer, {
    shopId: shop.id,
    items: [{ menuItemId: itemId, quantity: 1 }],
    pickupTime: soon(),
  });
  expect(reply.status).toBe(201);
  return reply.body;
}
const move = (who: AuthResponse, id: number, body: Record<string, unknown>) =>
  server.api.as(who).put<Order & { message: string }>(`/api/orders/${id}`, body);
const stored = async (id: number) =>
  (await server.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const chatLines = async () =>
  (await server.database.db.select().from(messages).where(eq(messages.shopId, shop.id))).map(
    (line) => line.content,
  );

test('the shop cancels with a reason: the order says the shop did and why, and so does the chat line', async () => {
  const order = await placed();
  const reply = await move(owner, order.id, { status: 'cancelled', cancelReason: '  Sold out  ' });
  expect(reply.status).toBe(200);
  expect(reply.body).toMatchObject({ status: 'cancelled', cancelledBy: 'shop', cancelReason: 'Sold out' });
  expect(await stored(order.id)).toMatchObject({ cancelledBy: 'shop', cancelReason: 'Sold out' });
  expect(await chatLines()).toContain(`Order #${order.id} was cancelled by the shop: Sold out`);
  const seen = await server.api.as(customer).get<Order>(`/api/orders/${order.id}`);
  expect(seen.body).toMatchObject({ cancelledBy: 'shop', cancelReason: 'Sold out' });
});

test('the customer cancels: the order says the customer did, with no reason; orders not cancelled say nothing', async () => {
  const order = await placed();
  expect(order).toMatchObject({ cancelledBy: null, cancelReason: null });
  const reply = await move(customer, order.id, { status: 'cancelled' });
  expect(reply.body).toMatchObject({ status: 'cancelled', cancelledBy: 'customer', cancelReason: null });
  expect(await stored(order.id)).toMatchObject({ cancelledBy: 'customer', cancelReason: null });
});

test.each([
  [
    'a reason with another move',
    { status: 'confirmed', cancelReason: 'Sold out' },
    'cancelReason goes only with status cancelled',
  ],
  ['an empty reason', { status: 'cancelled', cancelReason: '   ' }, 'cancelReason must not be empty'],
  [
    'a reason of 201 characters',
    { status: 'cancelled', cancelReason: 'x'.repeat(201) },
    'cancelReason must be at most 200 characters',
  ],
  ['a reason that is not text', { status: 'cancelled', cancelReason: 5 }, 'cancelReason'],
])('%s is 400 naming the field, and the order is unchanged', async (_label, body, words) => {
  const order = await placed();
  const reply = await move(owner, order.id, body);
  expect(reply.status).toBe(400);
  expect(reply.body.message).toContain(words);
  expect(await stored(order.id)).toMatchObject({ status: 'pending', cancelledBy: null, cancelReason: null });
});

test('of two racing cancels with different reasons exactly one is stored, with its own chat line', async () => {
  const order = await placed();
  const [first, second] = await Promise.all([
    move(owner, order.id, { status: 'cancelled', cancelReason: 'Too busy' }),
    move(customer, order.id, { status: 'cancelled' }),
  ]);
  expect([first.status, second.status].sort()).toEqual([200, 409]);
  const row = await stored(order.id);
  expect(row.cancelledBy).toBe(first.status === 200 ? 'shop' : 'customer');
  const lines = (await chatLines()).filter(
    (line) => line.startsWith(`Order #${order.id} `) && line.includes('cancelled'),
  );
  expect(lines).toHaveLength(1);
});
