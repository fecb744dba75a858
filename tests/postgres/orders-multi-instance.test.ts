// Orders across two app processes on one PostgreSQL database (issue 10): an order placed through one instance
// reaches the owner's socket on the other, each move reaches the customer back, once each (large orders travel as
// their id and are read back); racing moves and racing Idempotency-Keys on different instances still happen once.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client.js';
import { orders } from '../../src/server/db/schema.js';
import type { AuthResponse } from '../../src/shared/api/auth.js';
import type { ServerEvent } from '../../src/shared/api/messages.js';
import type { Order } from '../../src/shared/api/orders.js';
import type { Shop } from '../../src/shared/api/shops.js';
import { makeShop, makeUser } from '../support/factories.js';
import { addMenuItems, postOrder, soon } from '../support/order-factories.js';
import { type Instance, startInstances, stopInstance } from '../support/server-process.js';
import { createPostgresDatabase } from '../support/test-app.js';
import { connect, type TestSocket } from '../support/ws-client.js';

const postgresUrl = process.env.DATABASE_URL;
if (!postgresUrl)
  throw new Error('The multi-instance test needs DATABASE_URL=postgres://… (npm run test:postgres)');

const orderEvent =
  (type: 'order_created' | 'order_updated', orderId: number, status?: string) => (event: ServerEvent) =>
    event.type === type &&
    event.order.id === orderId &&
    (status === undefined || event.order.status === status);

const orderEventsOf = (socket: TestSocket, orderId: number) =>
  socket.events.flatMap((event) =>
    (event.type === 'order_created' || event.type === 'order_updated') && event.order.id === orderId
      ? [`${event.type}:${event.order.status}`]
      : [],
  );

describe('orders across two instances on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let handle: DatabaseHandle;
  const instances: Instance[] = [];
  let a: Instance;
  let b: Instance;
  let owner: AuthResponse;
  let customer: AuthResponse;
  let shop: Shop;
  let itemId: number;
  /** 30 lines of these items (one each: the same item's lines merge) make an order too large for one NOTIFY. */
  let longNameItemIds: number[];
  let customerOnA: TestSocket;
  let ownerOnB: TestSocket;

  beforeAll(async () => {
    database = await createPostgresDatabase(postgresUrl);
    handle = await openDatabase({ databaseUrl: database.url, dataDir: 'memory' });
    instances.push(...(await startInstances(database.url, 2)));
    [a, b] = instances as [Instance, Instance];

    owner = await makeUser(a.api, 'shop_owner');
    customer = await makeUser(a.api, 'customer');
    shop = await makeShop(a.api, owner);
    const [item, ...longNames] = await addMenuItems(handle.db, shop.id, [
      { name: 'Flat White' },
      ...Array.from({ length: 30 }, (_, index) => ({
        name: `Single-origin ${'Ethiopian Yirgacheffe '.repeat(14)}pour-over no. ${index + 1}`,
      })),
    ]);
    itemId = item!.id;
    longNameItemIds = longNames.map((longName) => longName.id);
    customerOnA = await connect(a.base, customer.accessToken);
    ownerOnB = await connect(b.base, owner.accessToken);
  });

  afterAll(async () => {
    customerOnA?.close();
    ownerOnB?.close();
    await Promise.all(instances.map((instance) => stopInstance(instance.child)));
    await handle?.close();
    await database?.drop();
  });

  test('an order placed through A reaches the owner on B; moves through B reach the customer on A, once each', async () => {
    const placed = await postOrder<Order>(a.base, customer, {
      shopId: shop.id,
      items: [{ menuItemId: itemId, quantity: 2 }],
      pickupTime: soon(),
    });
    expect(placed.status).toBe(201);
    expect(await ownerOnB.next(orderEvent('order_created', placed.body.id))).toEqual({
      type: 'order_created',
      order: placed.body,
    });
    for (const status of ['confirmed', 'preparing', 'ready', 'completed'] as const) {
      const moved = await b.api.as(owner).put<Order>(`/api/orders/${placed.body.id}`, { status });
      expect(moved.status).toBe(200);
      expect(await customerOnA.next(orderEvent('order_updated', placed.body.id, status))).toEqual({
        type: 'order_updated',
        order: moved.body,
      });
      await ownerOnB.next(orderEvent('order_updated', placed.body.id, status));
    }
    // The status messages travel too; the last one is the fence for duplicates of the order events before it.
    const collected = `Order #${placed.body.id} has been collected`;
    const isCollected = (event: ServerEvent) =>
      event.type === 'new_message' && event.message.content === collected;
    await Promise.all([customerOnA.next(isCollected), ownerOnB.next(isCollected)]);
    expect(orderEventsOf(customerOnA, placed.body.id)).toEqual([
      'order_updated:confirmed',
      'order_updated:preparing',
      'order_updated:ready',
      'order_updated:completed',
    ]);
    expect(orderEventsOf(ownerOnB, placed.body.id)).toEqual([
      'order_created:pending',
      'order_updated:confirmed',
      'order_updated:preparing',
      'order_updated:ready',
      'order_updated:completed',
    ]);
  });

  test('an order too large for one NOTIFY travels as its id and arrives whole', async () => {
    const placed = await postOrder<Order>(a.base, customer, {
      shopId: shop.id,
      items: longNameItemIds.map((menuItemId) => ({ menuItemId, quantity: 1 })),
      pickupTime: soon(),
    });
    expect(placed.status).toBe(201);
    expect(Buffer.byteLength(JSON.stringify(placed.body))).toBeGreaterThan(8000);
    expect(await ownerOnB.next(orderEvent('order_created', placed.body.id))).toEqual({
      type: 'order_created',
      order: placed.body,
    });
    const moved = await b.api.as(owner).put<Order>(`/api/orders/${placed.body.id}`, { status: 'cancelled' });
    expect(await customerOnA.next(orderEvent('order_updated', placed.body.id, 'cancelled'))).toEqual({
      type: 'order_updated',
      order: moved.body,
    });
  });

  test('two moves of one order through different instances at once: exactly one wins', async () => {
    const placed = await postOrder<Order>(a.base, customer, {
      shopId: shop.id,
      items: [{ menuItemId: itemId, quantity: 1 }],
      pickupTime: soon(),
    });
    const replies = await Promise.all([
      a.api.as(owner).put(`/api/orders/${placed.body.id}`, { status: 'confirmed' }),
      b.api.as(owner).put(`/api/orders/${placed.body.id}`, { status: 'cancelled' }),
      b.api.as(customer).put(`/api/orders/${placed.body.id}`, { status: 'cancelled' }),
    ]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409, 409]);
    const [row] = await handle.db.select().from(orders).where(eq(orders.id, placed.body.id));
    expect(row!.statusHistory).toHaveLength(2);
  });

  test('one Idempotency-Key sent to both instances at once places one order', async () => {
    const body = { shopId: shop.id, items: [{ menuItemId: itemId, quantity: 1 }], pickupTime: soon() };
    const replies = await Promise.all(
      [a, b, a, b].map((via) => postOrder<Order>(via.base, customer, body, 'across-instances')),
    );
    expect(replies.map((reply) => reply.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(replies.map((reply) => reply.body.id)).size).toBe(1);
    const [stored] = await handle.db
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.idempotencyKey, 'across-instances'));
    expect(stored!.n).toBe(1);
  });
});
