// Orders live over /ws (issue 10): a placed order reaches the shop owner's sockets as order_created, each move reaches
// the customer's and the owner's as order_updated, once each, with the order messages beside them; nobody else hears.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { AuthResponse } from '../../src/shared/api/auth.js';
import type { ServerEvent } from '../../src/shared/api/messages.js';
import type { Order } from '../../src/shared/api/orders.js';
import type { Shop } from '../../src/shared/api/shops.js';
import { makeShop, makeUser } from '../support/factories.js';
import { addMenuItems, postOrder, soon } from '../support/order-factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { connect, type TestSocket } from '../support/ws-client.js';

let server: TestApp;
let owner: AuthResponse;
let customer: AuthResponse;
let stranger: AuthResponse;
let shop: Shop;
let itemId: number;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  server = await startTestApp();
  [owner, customer, stranger] = await Promise.all([
    makeUser(server.api, 'shop_owner'),
    makeUser(server.api, 'customer'),
    makeUser(server.api, 'customer'),
  ]);
  shop = await makeShop(server.api, owner);
  const [item] = await addMenuItems(server.database.db, shop.id, [{ name: 'Flat White' }]);
  itemId = item!.id;
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server?.close();
});

const open = async (who: AuthResponse) => {
  const socket = await connect(server.baseUrl, who.accessToken);
  sockets.push(socket);
  return socket;
};

const orderEvents = (socket: TestSocket, orderId: number) =>
  socket.events.filter(
    (event) =>
      (event.type === 'order_created' || event.type === 'order_updated') && event.order.id === orderId,
  );

const isOrderEvent =
  (type: 'order_created' | 'order_updated', orderId: number, status?: string) => (event: ServerEvent) =>
    event.type === type &&
    event.order.id === orderId &&
    (status === undefined || event.order.status === status);

test('a placed order reaches the owner as order_created, and the order message reaches both', async () => {
  const [ownerSocket, customerSocket] = [await open(owner), await open(customer)];
  const placed = await postOrder<Order>(server.baseUrl, customer, {
    shopId: shop.id,
    items: [{ menuItemId: itemId, quantity: 2 }],
    pickupTime: soon(),
  });
  expect(placed.status).toBe(201);
  const created = await ownerSocket.next(isOrderEvent('order_created', placed.body.id));
  expect(created).toEqual({ type: 'order_created', order: placed.body });
  const isPlacedMessage = (event: ServerEvent) =>
    event.type === 'new_message' &&
    event.message.messageType === 'order' &&
    JSON.parse(event.message.orderData!).orderId === placed.body.id;
  await ownerSocket.next(isPlacedMessage);
  await customerSocket.next(isPlacedMessage);
  // The customer placed it and has the answer; order_created is the owner's news.
  expect(orderEvents(customerSocket, placed.body.id)).toEqual([]);
});

test('each move reaches the customer and the owner once as order_updated, and a stranger not at all', async () => {
  const [ownerSocket, customerSocket, strangerSocket] = [
    await open(owner),
    await open(customer),
    await open(stranger),
  ];
  const placed = await postOrder<Order>(server.baseUrl, customer, {
    shopId: shop.id,
    items: [{ menuItemId: itemId, quantity: 1 }],
    pickupTime: soon(),
  });
  for (const status of ['confirmed', 'preparing', 'ready', 'completed'] as const) {
    const moved = await server.api.as(owner).put<Order>(`/api/orders/${placed.body.id}`, { status });
    expect(moved.status).toBe(200);
    const [atCustomer, atOwner] = await Promise.all([
      customerSocket.next(isOrderEvent('order_updated', placed.body.id, status)),
      ownerSocket.next(isOrderEvent('order_updated', placed.body.id, status)),
    ]);
    expect(atCustomer).toEqual({ type: 'order_updated', order: moved.body });
    expect(atOwner).toEqual({ type: 'order_updated', order: moved.body });
  }
  // The status messages arrive in the chat too, the last one readable as a sentence.
  await customerSocket.next(
    (event) =>
      event.type === 'new_message' && event.message.content === `Order #${placed.body.id} has been collected`,
  );
  const statuses = (socket: TestSocket) =>
    orderEvents(socket, placed.body.id).map((event) => (event as { order: Order }).order.status);
  expect(statuses(customerSocket)).toEqual(['confirmed', 'preparing', 'ready', 'completed']);
  expect(statuses(ownerSocket)).toEqual(['pending', 'confirmed', 'preparing', 'ready', 'completed']);

  // A fence: the stranger's own order reaches the owner after all of the above; the stranger heard none of it.
  const fence = await postOrder<Order>(server.baseUrl, stranger, {
    shopId: shop.id,
    items: [{ menuItemId: itemId, quantity: 1 }],
    pickupTime: soon(),
  });
  await server.api.as(stranger).put(`/api/orders/${fence.body.id}`, { status: 'cancelled' });
  await strangerSocket.next(isOrderEvent('order_updated', fence.body.id, 'cancelled'));
  expect(orderEvents(strangerSocket, placed.body.id)).toEqual([]);
  expect(
    strangerSocket.events.some(
      (event) => event.type === 'new_message' && event.message.customerId === customer.user.id,
    ),
  ).toBe(false);
});
