// The analytics rollups under concurrency on PostgreSQL (migration 0007): two app processes on one database, many
// customers placing orders at one shop while its owner moves and customers cancel others, all at once, all in the
// same hour and for the same items (so every writer wants the same rollup rows). Nothing deadlocks or fails, and the
// rollups still equal a recomputation from scratch. Needs DATABASE_URL (npm run test:postgres).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client.js';
import { getShopAnalytics } from '../../src/server/features/analytics/service.js';
import type { AuthResponse } from '../../src/shared/api/auth.js';
import type { Order } from '../../src/shared/api/orders.js';
import type { Shop } from '../../src/shared/api/shops.js';
import { oracleAnalytics } from '../support/analytics-oracle.js';
import { makeShop, makeUser } from '../support/factories.js';
import { addMenuItems, postOrder, soon } from '../support/order-factories.js';
import { rollupDifferences } from '../support/rollup-check.js';
import { type Instance, startInstances, stopInstance } from '../support/server-process.js';
import { createPostgresDatabase } from '../support/test-app.js';

const postgresUrl = process.env.DATABASE_URL;
if (!postgresUrl)
  throw new Error('The analytics rollup race test needs DATABASE_URL=postgres://… (npm run test:postgres)');

const CUSTOMERS = 8;
const ORDERS_EACH = 3;

describe('analytics rollups with writers racing on two instances', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let handle: DatabaseHandle;
  const instances: Instance[] = [];
  let owner: AuthResponse;
  let customers: AuthResponse[];
  let shop: Shop;
  let itemIds: number[];

  beforeAll(async () => {
    database = await createPostgresDatabase(postgresUrl);
    handle = await openDatabase({ databaseUrl: database.url, dataDir: 'memory' });
    instances.push(...(await startInstances(database.url, 2)));
    owner = await makeUser(instances[0]!.api, 'shop_owner');
    customers = [];
    for (let index = 0; index < CUSTOMERS; index += 1)
      customers.push(await makeUser(instances[index % 2]!.api, 'customer'));
    shop = await makeShop(instances[0]!.api, owner);
    const items = await addMenuItems(handle.db, shop.id, [
      { name: 'Flat White', priceCents: 3500 },
      { name: 'Croissant', priceCents: 2500 },
      { name: 'Rusks', priceCents: 1800 },
    ]);
    itemIds = items.map((item) => item.id);
  });

  afterAll(async () => {
    await Promise.all(instances.map((instance) => stopInstance(instance.child)));
    await handle?.close();
    await database?.drop();
  });

  const instanceFor = (index: number) => instances[index % 2]!;

  /** Every customer places ORDERS_EACH orders at once, through alternating instances, every item in each. */
  async function placeAll() {
    const replies = await Promise.all(
      customers.flatMap((customer, index) =>
        Array.from({ length: ORDERS_EACH }, (_, round) =>
          postOrder<Order>(instanceFor(index + round).base, customer, {
            shopId: shop.id,
            items: itemIds.map((menuItemId, position) => ({
              menuItemId,
              quantity: 1 + ((round + position) % 3),
            })),
            pickupTime: soon(),
          }),
        ),
      ),
    );
    expect(replies.map((reply) => reply.status)).toEqual(replies.map(() => 201));
    return replies.map((reply) => reply.body);
  }

  test('placements, moves and cancellations all at once: no failure, and the rollups stay exact', async () => {
    const first = await placeAll();
    // At once: new placements; the owner moving half the orders towards ready (one step after another, each order
    // in parallel with the others); each customer cancelling the other half, twice over (one wins, one gets 409).
    const move = (index: number, order: Order, status: string, who: AuthResponse) =>
      instanceFor(index).api.as(who).put<Order>(`/api/orders/${order.id}`, { status });
    const ownersOrders = first.filter((_, index) => index % 2 === 0);
    const cancelled = first.filter((_, index) => index % 2 === 1);
    const customerOf = (order: Order) => customers.find((customer) => customer.user.id === order.customerId)!;
    const [second, moves, cancels] = await Promise.all([
      placeAll(),
      Promise.all(
        ownersOrders.map(async (order, index) => {
          const statuses: number[] = [];
          for (const status of ['confirmed', 'preparing', 'ready'])
            statuses.push((await move(index, order, status, owner)).status);
          return statuses;
        }),
      ),
      Promise.all(
        cancelled.flatMap((order, index) => [
          move(index, order, 'cancelled', customerOf(order)),
          move(index + 1, order, 'cancelled', customerOf(order)),
        ]),
      ),
    ]);
    expect(second).toHaveLength(CUSTOMERS * ORDERS_EACH);
    expect(moves.flat().every((status) => status === 200)).toBe(true);
    const cancelStatuses = cancels.map((reply) => reply.status).sort();
    expect(cancelStatuses.filter((status) => status === 200)).toHaveLength(cancelled.length);
    expect(cancelStatuses.filter((status) => status === 409)).toHaveLength(cancelled.length);

    expect(await rollupDifferences(handle.db)).toEqual({});
    const answer = await getShopAnalytics(handle.db, owner.user.id, shop.id, 30);
    expect(answer.totalOrders).toBe(2 * CUSTOMERS * ORDERS_EACH);
    expect(answer).toEqual(await oracleAnalytics(handle.db, shop.id, 30));
  });
});
