// Stamp cards under races on two instances of one PostgreSQL database (issue 29): a completion sent to both at once
// writes one stamp and one chat line; two redemptions of one full card on both at once spend it once; the redeemed
// order cancelled on both at once gives the card back once. Needs DATABASE_URL.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loyaltyStamps, messages } from '../../src/server/db/schema.js';
import type { AuthResponse } from '../../src/shared/api/auth.js';
import type { Order } from '../../src/shared/api/orders.js';
import { makeShop, makeUser } from '../support/factories.js';
import { addMenuItems, postOrder, soon } from '../support/order-factories.js';
import { startAppOn, startTestApp, type TestApp } from '../support/test-app.js';

if (!process.env.DATABASE_URL)
  throw new Error('The loyalty race test needs DATABASE_URL=postgres://… (npm run test:postgres)');

describe('stamp cards on two instances at once', () => {
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

  const db = () => first.database.db;
  const move = (baseUrl: string, id: number, status: string) =>
    fetch(`${baseUrl}/api/orders/${id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.accessToken}` },
      body: JSON.stringify({ status }),
    }).then(async (response) => {
      await response.text();
      return response.status;
    });
  const stampsOf = (customer: AuthResponse, shopId: number) =>
    db()
      .select()
      .from(loyaltyStamps)
      .where(and(eq(loyaltyStamps.customerId, customer.user.id), eq(loyaltyStamps.shopId, shopId)));

  async function shopWithCard() {
    const shop = await makeShop(first.api, owner);
    const card = { enabled: true, stampsRequired: 5, reward: 'Any coffee free', rewardMaxValue: '40.00' };
    expect((await first.api.as(owner).put(`/api/coffee-shops/${shop.id}/loyalty`, card)).status).toBe(200);
    const [item] = await addMenuItems(db(), shop.id, [{ name: 'Flat White', priceCents: 3500 }]);
    return { shopId: shop.id, itemId: item!.id };
  }
  const place = (
    baseUrl: string,
    customer: AuthResponse,
    shopId: number,
    itemId: number,
    redeemReward = false,
  ) =>
    postOrder<Order & { message: string }>(baseUrl, customer, {
      shopId,
      items: [{ menuItemId: itemId, quantity: 1 }],
      pickupTime: soon(),
      redeemReward,
    });
  async function readyOrder(customer: AuthResponse, shopId: number, itemId: number) {
    const placed = await place(first.baseUrl, customer, shopId, itemId);
    expect(placed.status).toBe(201);
    for (const status of ['confirmed', 'preparing', 'ready'])
      expect(await move(first.baseUrl, placed.body.id, status)).toBe(200);
    return placed.body.id;
  }

  test('a completion sent to both instances at once: one 200, one 409, one stamp, one chat line', async () => {
    const { shopId, itemId } = await shopWithCard();
    const customer = await makeUser(first.api, 'customer');
    for (let round = 0; round < 5; round += 1) {
      const id = await readyOrder(customer, shopId, itemId);
      const statuses = await Promise.all([
        move(first.baseUrl, id, 'completed'),
        move(second.baseUrl, id, 'completed'),
      ]);
      expect(statuses.sort()).toEqual([200, 409]);
    }
    expect(await stampsOf(customer, shopId)).toHaveLength(5);
    const lines = await db()
      .select({ content: messages.content })
      .from(messages)
      .where(and(eq(messages.shopId, shopId), eq(messages.customerId, customer.user.id)));
    expect(lines.filter((line) => line.content.startsWith('Stamp ')).map((line) => line.content)).toEqual(
      [1, 2, 3, 4, 5].map((stamp) => expect.stringContaining(`Stamp ${stamp} of 5 at`)),
    );
  });

  test('two redemptions of one full card on both instances: one is placed, the other is 409; a cancel on both gives it back once', async () => {
    const { shopId, itemId } = await shopWithCard();
    const customer = await makeUser(first.api, 'customer');
    for (let round = 0; round < 5; round += 1) {
      const id = await readyOrder(customer, shopId, itemId);
      expect(await move(first.baseUrl, id, 'completed')).toBe(200);
    }
    const replies = await Promise.all([
      place(first.baseUrl, customer, shopId, itemId, true),
      place(second.baseUrl, customer, shopId, itemId, true),
    ]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409]);
    const winner = replies.find((reply) => reply.status === 201)!.body;
    expect(winner.totalAmount).toBe('0.00');
    expect((await stampsOf(customer, shopId)).map((stamp) => stamp.redeemedBy)).toEqual(
      Array(5).fill(winner.id),
    );

    const cancels = await Promise.all([
      move(first.baseUrl, winner.id, 'cancelled'),
      move(second.baseUrl, winner.id, 'cancelled'),
    ]);
    expect(cancels.sort()).toEqual([200, 409]);
    expect((await stampsOf(customer, shopId)).map((stamp) => stamp.redeemedBy)).toEqual(Array(5).fill(null));
  });
});
