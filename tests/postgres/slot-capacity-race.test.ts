// The last places of a pickup slot under racing placements on two instances of one PostgreSQL database (issue 30):
// 20 customers order for the same slot at once where 3 places are left, and exactly 3 win. Needs DATABASE_URL.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orders, slotPlaces } from '../../src/server/db/schema.js';
import type { AuthResponse } from '../../src/shared/api/auth.js';
import { makeShop, makeUser } from '../support/factories.js';
import { addMenuItems, postOrder } from '../support/order-factories.js';
import { startAppOn, startTestApp, type TestApp } from '../support/test-app.js';

if (!process.env.DATABASE_URL)
  throw new Error('The slot capacity race test needs DATABASE_URL=postgres://… (npm run test:postgres)');

describe('the last places of a pickup slot, on two instances at once', () => {
  let first: TestApp;
  let second: Awaited<ReturnType<typeof startAppOn>>;
  let owner: AuthResponse;

  beforeAll(async () => {
    first = await startTestApp();
    second = await startAppOn(first.database);
    owner = await makeUser(first.api, 'shop_owner');
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  test('20 placements for a slot with 3 places left: exactly 3 are placed, 17 are 409, 5 places held', async () => {
    const shop = await makeShop(first.api, owner);
    await first.api.as(owner).put(`/api/coffee-shops/${shop.id}`, { maxOrdersPerSlot: 5 });
    const [item] = await addMenuItems(first.database.db, shop.id, [{ name: 'Flat White', priceCents: 3500 }]);
    const slot = new Date(Math.ceil((Date.now() + 40 * 60_000) / 900_000) * 900_000);
    const body = {
      shopId: shop.id,
      items: [{ menuItemId: item!.id, quantity: 1 }],
      pickupTime: slot.toISOString(),
    };
    const early = await makeUser(first.api, 'customer');
    for (let index = 0; index < 2; index += 1)
      expect((await postOrder(first.baseUrl, early, body)).status).toBe(201);

    // Signed up one after another (password hashing has a bounded queue), then all ordering at once.
    const customers: AuthResponse[] = [];
    for (let index = 0; index < 20; index += 1) customers.push(await makeUser(first.api, 'customer'));
    const replies = await Promise.all(
      customers.map((customer, index) =>
        postOrder(index % 2 ? second.baseUrl : first.baseUrl, customer, body),
      ),
    );
    const statuses = replies.map((reply) => reply.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(17);
    const db = first.database.db;
    expect(
      await db.$count(slotPlaces, and(eq(slotPlaces.shopId, shop.id), eq(slotPlaces.slotAt, slot))),
    ).toBe(5);
    expect(await db.$count(orders, eq(orders.shopId, shop.id))).toBe(5);
  });
});
