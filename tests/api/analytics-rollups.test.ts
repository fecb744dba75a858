// The analytics rollups (migration 0007) stay equal to a recomputation from scratch whatever writes the orders: the
// real API placing, moving and cancelling (racing moves included), test factories writing the past, one statement
// writing many orders, and deletions of an order, a customer and a shop.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { coffeeShops, orders, users } from '../../src/server/db/schema.js';
import type { AuthResponse } from '../../src/shared/api/auth.js';
import type { Order } from '../../src/shared/api/orders.js';
import type { Shop } from '../../src/shared/api/shops.js';
import { daysAgo, insertCustomers, insertOrder } from '../support/analytics-factories.js';
import { makeShop, makeUser } from '../support/factories.js';
import { addMenuItems, postOrder, soon } from '../support/order-factories.js';
import { rollupDifferences } from '../support/rollup-check.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let server: TestApp;
let owner: AuthResponse;
let customers: AuthResponse[];
let shop: Shop;
let otherShop: Shop;
let items: { id: number }[];

beforeAll(async () => {
  server = await startTestApp();
  owner = await makeUser(server.api, 'shop_owner');
  customers = [];
  for (let index = 0; index < 3; index += 1) customers.push(await makeUser(server.api, 'customer'));
  shop = await makeShop(server.api, owner);
  otherShop = await makeShop(server.api, owner);
  items = await addMenuItems(server.database.db, shop.id, [
    { name: 'Flat White', priceCents: 3500 },
    { name: 'Croissant', priceCents: 2500 },
  ]);
});
afterAll(() => server?.close());

async function place(customer: AuthResponse, quantities: [number, number]) {
  const reply = await postOrder<Order>(server.baseUrl, customer, {
    shopId: shop.id,
    items: quantities.flatMap((quantity, index) =>
      quantity > 0 ? [{ menuItemId: items[index]!.id, quantity }] : [],
    ),
    pickupTime: soon(),
  });
  expect(reply.status).toBe(201);
  return reply.body;
}

const move = (who: AuthResponse, order: Order, status: string) =>
  server.api.as(who).put<Order>(`/api/orders/${order.id}`, { status });

describe('the rollups equal a recomputation from scratch', () => {
  test('after placements, moves along the status machine and cancellations through the API', async () => {
    const [amara, bongani, chloe] = customers as [AuthResponse, AuthResponse, AuthResponse];
    const first = await place(amara, [2, 1]);
    const second = await place(amara, [1, 0]);
    const third = await place(bongani, [0, 3]);
    const fourth = await place(chloe, [1, 1]);
    const fifth = await place(amara, [1, 1]);
    for (const status of ['confirmed', 'preparing', 'ready', 'completed'])
      expect((await move(owner, first, status)).status).toBe(200);
    for (const status of ['confirmed', 'preparing', 'ready'])
      expect((await move(owner, fourth, status)).status).toBe(200);
    expect((await move(bongani, third, 'cancelled')).status).toBe(200);
    expect((await move(owner, second, 'cancelled')).status).toBe(200);
    // Moves racing for the same order: one wins, the rest get 409, and the rollups count the winner once.
    const racing = await Promise.all([
      move(owner, fifth, 'confirmed'),
      move(owner, fifth, 'confirmed'),
      move(amara, fifth, 'cancelled'),
    ]);
    expect(racing.filter((reply) => reply.status === 200)).toHaveLength(1);
    expect(await rollupDifferences(server.database.db)).toEqual({});
  });

  test('after factories write orders in the past, one statement writes several, and orders are deleted', async () => {
    const db = server.database.db;
    const people = await insertCustomers(db, ['Dineo', 'Emile']);
    const [dineo, emile] = people as [(typeof people)[0], (typeof people)[0]];
    await insertOrder(db, {
      shopId: shop.id,
      customerId: dineo.id,
      createdAt: daysAgo(40),
      status: 'completed',
      minutesToReady: 12,
      lines: [{ name: 'Mocha', quantity: 2, priceCents: 4000 }],
    });
    // Two orders of one customer in the same microsecond, in one statement with orders of another shop.
    const instant = daysAgo(3);
    await db.insert(orders).values(
      [shop.id, shop.id, otherShop.id].map((shopId, index) => ({
        shopId,
        customerId: emile.id,
        items: [],
        totalCents: 1000 * (index + 1),
        status: index === 2 ? ('cancelled' as const) : ('ready' as const),
        readyAt: new Date(instant.getTime() + (index + 5) * 60_000),
        createdAt: instant,
      })),
    );
    expect(await rollupDifferences(db)).toEqual({});

    const [latest] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.customerId, emile.id))
      .limit(1);
    await db.delete(orders).where(eq(orders.id, latest!.id));
    await db.update(orders).set({ totalCents: 999 }).where(eq(orders.customerId, dineo.id));
    expect(await rollupDifferences(db)).toEqual({});
  });

  // Migration 0008: one new order and one moved order take direct paths; these writes must leave them for the
  // general ones (an order older than the customer's latest, one already ready) or take them with care (several
  // rows updated at once, an order given another time, customer or shop).
  test('after single-order writes off the placement path and updates of time, customer, shop and many rows', async () => {
    const db = server.database.db;
    const people = await insertCustomers(db, ['Fikile', 'Gugu']);
    const [fikile, gugu] = people as [(typeof people)[0], (typeof people)[0]];
    const order = (
      customerId: number,
      days: number,
      extra: { minutesToReady?: number; status?: 'pending' } = {},
    ) =>
      insertOrder(db, {
        shopId: shop.id,
        customerId,
        createdAt: daysAgo(days),
        lines: [{ name: 'Cortado', quantity: 1, priceCents: 3000 }],
        ...extra,
      });
    await order(fikile.id, 10);
    await order(fikile.id, 20, { status: 'pending' }); // older than the latest: the general path
    await order(fikile.id, 15, { minutesToReady: 7 }); // already ready: the general path
    await order(fikile.id, 2, { status: 'pending' }); // the newest: the direct path, the latest two shift
    await order(gugu.id, 5, { status: 'pending' });
    expect(await rollupDifferences(db)).toEqual({});

    const fikileOrders = await db.select().from(orders).where(eq(orders.customerId, fikile.id));
    const [oldest] = fikileOrders.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    await db
      .update(orders)
      .set({ createdAt: daysAgo(1) })
      .where(eq(orders.id, oldest!.id));
    await db.update(orders).set({ customerId: gugu.id }).where(eq(orders.id, fikileOrders[1]!.id));
    await db.update(orders).set({ shopId: otherShop.id }).where(eq(orders.id, fikileOrders[2]!.id));
    await db
      .update(orders)
      .set({ status: 'ready', readyAt: new Date() })
      .where(inArray(orders.customerId, [fikile.id, gugu.id]));
    expect(await rollupDifferences(db)).toEqual({});
  });

  test('after a customer and then a shop are deleted with everything that was theirs', async () => {
    const db = server.database.db;
    await db.delete(users).where(inArray(users.id, [customers[0]!.user.id]));
    expect(await rollupDifferences(db)).toEqual({});
    await db.delete(coffeeShops).where(eq(coffeeShops.id, shop.id));
    expect(await rollupDifferences(db)).toEqual({});
  });
});
