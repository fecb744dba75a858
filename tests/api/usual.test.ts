// "My usual" over real HTTP (issue 29): the basket a customer ordered at least twice at a shop in the last 90 days,
// whatever the order of its lines, told apart by options and quantities; cancelled and older orders left out; ties
// to the most recent; today's prices and availability; the batch for the favourites page; who may ask.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { options, orders } from '../../src/server/db/schema.js';
import type { AuthResponse } from '../../src/shared/api/auth.js';
import type { MenuItem } from '../../src/shared/api/menu.js';
import type { Order, ShopUsual, Usual } from '../../src/shared/api/orders.js';
import { makeUser } from '../support/factories.js';
import { type Cafe, makeCafe, optionId } from '../support/option-factories.js';
import { postOrder, soon } from '../support/order-factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let server: TestApp;
let owner: AuthResponse;
/** Cappuccino R32.50 (Size, Milk, Extras), Rooibos Tea R25.00 (Size), Croissant R28.00: see makeCafe. */
let cafe: Cafe;
let otherCafe: Cafe;

beforeAll(async () => {
  server = await startTestApp();
  owner = await makeUser(server.api, 'shop_owner');
  cafe = await makeCafe(server.api, owner, 'Usual Test Roasters');
  otherCafe = await makeCafe(server.api, owner, 'Usual Elsewhere');
});
afterAll(() => server?.close());

const DAY_MS = 86_400_000;

/** Each test orders as a customer of its own: their history is what the test arranged, nothing more. */
const newCustomer = () => makeUser(server.api, 'customer');

/** The ids of the café's options with these names, across its Size, Milk and Extras groups. */
function chosen(of: Cafe, ...names: string[]): number[] {
  return names.map((name) => {
    const group = [of.size, of.milk, of.extras].find((entry) => entry.options.some((o) => o.name === name));
    if (!group) throw new Error(`no option ${name}`);
    return optionId(group, name);
  });
}

type Line = { menuItemId: number; quantity: number; options?: number[] };
const line = (item: MenuItem, quantity: number, optionIds: number[] = []): Line => ({
  menuItemId: item.id,
  quantity,
  options: optionIds,
});

async function place(who: AuthResponse, items: Line[], at: Cafe = cafe) {
  const reply = await postOrder<Order>(server.baseUrl, who, {
    shopId: at.shop.id,
    items,
    pickupTime: soon(),
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body;
}

/** Moves an order's placing time into the past, as if it had been placed then. */
async function placedDaysAgo(order: Order, days: number) {
  await server.database.db
    .update(orders)
    .set({ createdAt: new Date(Date.now() - days * DAY_MS) })
    .where(eq(orders.id, order.id));
}

async function usualOf(who: AuthResponse, at: Cafe = cafe): Promise<Usual | null> {
  const reply = await server.api.as(who).get<Usual | null>(`/api/orders/usual?shopId=${at.shop.id}`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
}

/** A large oat cappuccino and a croissant: R32.50 + R9.00 + R8.00 + R28.00 = R77.50. */
const largeOatAndCroissant = () => [
  line(cafe.cappuccino, 1, chosen(cafe, 'Large', 'Oat milk')),
  line(cafe.croissant, 1),
];

describe('finding the usual', () => {
  test('is null before any basket was ordered twice', async () => {
    const customer = await newCustomer();
    expect(await usualOf(customer)).toBeNull();
    await place(customer, largeOatAndCroissant());
    await place(customer, [line(cafe.croissant, 1)]);
    expect(await usualOf(customer)).toBeNull();
  });

  test('finds a basket ordered twice, whatever the order of its lines and options', async () => {
    const customer = await newCustomer();
    await place(customer, largeOatAndCroissant());
    const latest = await place(customer, [
      line(cafe.croissant, 1),
      line(cafe.cappuccino, 1, chosen(cafe, 'Oat milk', 'Large')),
    ]);
    const found = await usualOf(customer);
    expect(found).toEqual({
      // As the latest order listed them, options in the item's group order.
      lines: [
        {
          menuItemId: cafe.croissant.id,
          name: 'Croissant',
          quantity: 1,
          options: [],
          price: '28.00',
          available: true,
        },
        {
          menuItemId: cafe.cappuccino.id,
          name: 'Cappuccino',
          quantity: 1,
          options: [
            { id: optionId(cafe.size, 'Large'), group: 'Size', name: 'Large' },
            { id: optionId(cafe.milk, 'Oat milk'), group: 'Milk', name: 'Oat milk' },
          ],
          price: '49.50',
          available: true,
        },
      ],
      total: '77.50',
      timesOrdered: 2,
      lastOrderedAt: latest.createdAt,
    });
  });

  test('tells baskets apart by their options and their quantities', async () => {
    const customer = await newCustomer();
    await place(customer, [line(cafe.cappuccino, 1, chosen(cafe, 'Large'))]);
    await place(customer, [line(cafe.cappuccino, 1, chosen(cafe, 'Small'))]);
    await place(customer, [line(cafe.cappuccino, 2, chosen(cafe, 'Large'))]);
    expect(await usualOf(customer)).toBeNull();

    await place(customer, [line(cafe.cappuccino, 1, chosen(cafe, 'Small'))]);
    const found = await usualOf(customer);
    expect(found?.timesOrdered).toBe(2);
    expect(found?.lines).toEqual([
      expect.objectContaining({
        menuItemId: cafe.cappuccino.id,
        quantity: 1,
        options: [{ id: optionId(cafe.size, 'Small'), group: 'Size', name: 'Small' }],
        price: '32.50',
      }),
    ]);
  });

  test('leaves cancelled orders out', async () => {
    const customer = await newCustomer();
    await place(customer, largeOatAndCroissant());
    const cancelled = await place(customer, largeOatAndCroissant());
    const reply = await server.api.as(customer).put(`/api/orders/${cancelled.id}`, { status: 'cancelled' });
    expect(reply.status).toBe(200);
    const [row] = await server.database.db.select().from(orders).where(eq(orders.id, cancelled.id));
    expect(row?.status).toBe('cancelled');
    expect(await usualOf(customer)).toBeNull();
  });

  test('counts only the last 90 days', async () => {
    const customer = await newCustomer();
    const older = await place(customer, largeOatAndCroissant());
    const recent = await place(customer, largeOatAndCroissant());
    await placedDaysAgo(older, 91);
    expect(await usualOf(customer)).toBeNull();

    await placedDaysAgo(older, 89);
    const found = await usualOf(customer);
    expect(found?.timesOrdered).toBe(2);
    expect(found?.lastOrderedAt).toBe(recent.createdAt);
  });

  test('prefers the most ordered basket, and of two ordered as often the one ordered most recently', async () => {
    const customer = await newCustomer();
    const croissants = [
      await place(customer, [line(cafe.croissant, 2)]),
      await place(customer, [line(cafe.croissant, 2)]),
    ];
    const teas = [
      await place(customer, [line(cafe.rooibos, 1, chosen(cafe, 'Regular'))]),
      await place(customer, [line(cafe.rooibos, 1, chosen(cafe, 'Regular'))]),
    ];
    await placedDaysAgo(croissants[0]!, 10);
    await placedDaysAgo(croissants[1]!, 3);
    await placedDaysAgo(teas[0]!, 9);
    await placedDaysAgo(teas[1]!, 2);
    expect((await usualOf(customer))?.lines.map((entry) => entry.name)).toEqual(['Rooibos Tea']);

    await placedDaysAgo(croissants[1]!, 1);
    expect((await usualOf(customer))?.lines.map((entry) => entry.name)).toEqual(['Croissant']);

    // Ordered three times, the tea wins over the more recent croissants.
    await placedDaysAgo(await place(customer, [line(cafe.rooibos, 1, chosen(cafe, 'Regular'))]), 20);
    const found = await usualOf(customer);
    expect(found?.lines.map((entry) => entry.name)).toEqual(['Rooibos Tea']);
    expect(found?.timesOrdered).toBe(3);
  });

  test('ignores lines that name no menu item, such as a loyalty reward', async () => {
    const customer = await newCustomer();
    await place(customer, largeOatAndCroissant());
    const rewarded = await place(customer, largeOatAndCroissant());
    const reward = {
      menuItemId: null,
      name: 'Loyalty reward',
      quantity: 1,
      priceCents: -2800,
      kind: 'discount',
    };
    await server.database.db
      .update(orders)
      .set({ items: sql`${orders.items} || ${JSON.stringify([reward])}::jsonb` })
      .where(eq(orders.id, rewarded.id));
    const found = await usualOf(customer);
    expect(found?.timesOrdered).toBe(2);
    expect(found?.lines.map((entry) => entry.name)).toEqual(['Cappuccino', 'Croissant']);
    expect(found?.total).toBe('77.50');
  });

  test("counts only this customer's orders at this shop", async () => {
    const customer = await newCustomer();
    const someoneElse = await newCustomer();
    await place(customer, [line(cafe.croissant, 1)]);
    await place(someoneElse, [line(cafe.croissant, 1)]);
    await place(customer, [line(otherCafe.croissant, 1)], otherCafe);
    expect(await usualOf(customer)).toBeNull();
    expect(await usualOf(customer, otherCafe)).toBeNull();
  });
});

describe("today's menu", () => {
  test("prices the usual at today's item and option prices and names", async () => {
    const shopCafe = await makeCafe(server.api, owner);
    const customer = await newCustomer();
    const items = [
      line(shopCafe.cappuccino, 2, chosen(shopCafe, 'Large', 'Oat milk')),
      line(shopCafe.croissant, 1),
    ];
    await place(customer, items, shopCafe);
    await place(customer, items, shopCafe);

    const edited = await server.api
      .as(owner)
      .put(`/api/menu-items/${shopCafe.cappuccino.id}`, { price: '35.00', name: 'Big Cappuccino' });
    expect(edited.status).toBe(200);
    await server.database.db
      .update(options)
      .set({ priceCents: 1000 })
      .where(eq(options.id, optionId(shopCafe.milk, 'Oat milk')));

    const found = await usualOf(customer, shopCafe);
    // R35.00 + Large R9.00 + Oat milk R10.00 = R54.00 each, two of them, and the croissant's R28.00.
    expect(found?.lines[0]).toMatchObject({ name: 'Big Cappuccino', price: '54.00', quantity: 2 });
    expect(found?.total).toBe('136.00');
  });

  test('says a sold-out item or option is not available, and prices a gone item as last ordered', async () => {
    const shopCafe = await makeCafe(server.api, owner);
    const customer = await newCustomer();
    const items = [
      line(shopCafe.cappuccino, 1, chosen(shopCafe, 'Regular', 'Soy milk')),
      line(shopCafe.croissant, 1),
      line(shopCafe.rooibos, 1, chosen(shopCafe, 'Small')),
    ];
    await place(customer, items, shopCafe);
    await place(customer, items, shopCafe);
    expect((await usualOf(customer, shopCafe))?.lines.map((entry) => entry.available)).toEqual([
      true,
      true,
      true,
    ]);

    const soldOut = await server.api
      .as(owner)
      .put(`/api/menu-items/${shopCafe.croissant.id}`, { isAvailable: false });
    expect(soldOut.status).toBe(200);
    await server.database.db
      .update(options)
      .set({ isAvailable: false })
      .where(eq(options.id, optionId(shopCafe.milk, 'Soy milk')));
    expect((await server.api.as(owner).delete(`/api/menu-items/${shopCafe.rooibos.id}`)).status).toBe(204);

    const found = await usualOf(customer, shopCafe);
    expect(found?.lines).toEqual([
      expect.objectContaining({ name: 'Cappuccino', price: '43.50', available: false }),
      expect.objectContaining({ name: 'Croissant', price: '28.00', available: false }),
      expect.objectContaining({ name: 'Rooibos Tea', price: '25.00', available: false }),
    ]);
    expect(found?.total).toBe('96.50');
  });
});

describe('the favourites batch', () => {
  test('lists the usual of every shop that has one, and nothing else', async () => {
    const customer = await newCustomer();
    expect((await server.api.as(customer).get('/api/orders/usuals')).body).toEqual([]);
    await place(customer, [line(cafe.croissant, 1)]);
    await place(customer, [line(cafe.croissant, 1)]);
    await place(customer, [line(otherCafe.croissant, 3)], otherCafe);
    await place(customer, [line(otherCafe.croissant, 3)], otherCafe);
    await place(customer, [line(cafe.rooibos, 1, chosen(cafe, 'Large'))]);

    const reply = await server.api.as(customer).get<ShopUsual[]>('/api/orders/usuals');
    expect(reply.status).toBe(200);
    const byShop = new Map(reply.body.map((entry) => [entry.shopId, entry.usual]));
    expect(byShop.size).toBe(2);
    expect(byShop.get(cafe.shop.id)).toEqual(await usualOf(customer, cafe));
    expect(byShop.get(otherCafe.shop.id)?.total).toBe('84.00');
  });
});

describe('who may ask', () => {
  test('refuses a missing or malformed shopId with 400 naming shopId', async () => {
    const customer = await newCustomer();
    for (const query of [
      '',
      '?shopId=',
      '?shopId=0',
      '?shopId=-1',
      '?shopId=abc',
      '?shopId=1.5',
      '?shopId=99999999999',
    ]) {
      const reply = await server.api.as(customer).get<{ message: string }>(`/api/orders/usual${query}`);
      expect(reply.status, query).toBe(400);
      expect(reply.body.message, query).toContain('shopId');
    }
  });

  test('asks visitors to sign in (401) and refuses shop owners (403)', async () => {
    for (const path of [`/api/orders/usual?shopId=${cafe.shop.id}`, '/api/orders/usuals']) {
      expect((await server.api.get(path)).status, path).toBe(401);
      expect((await server.api.as(owner).get(path)).status, path).toBe(403);
    }
  });

  test('answers null for a shop that does not exist', async () => {
    expect(await usualOf(await newCustomer(), { shop: { id: 2_147_483_647 } } as Cafe)).toBeNull();
  });
});
