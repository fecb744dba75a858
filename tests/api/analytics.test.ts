// Analytics over real HTTP (spec §2 Analytics dialog, §6 owners only, §9 windows and growth): every figure of a
// shop with known orders, items, prices, times and statuses, local-day boundaries, the CSV, and every refusal.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { messages, shopViews } from '../../src/server/db/schema.js';
import type { ShopAnalytics } from '../../src/shared/api/analytics.js';
import type { AuthResponse } from '../../src/shared/api/auth.js';
import type { Shop } from '../../src/shared/api/shops.js';
import {
  at,
  daysAgo,
  insertCustomers,
  insertFavorite,
  insertMenuItems,
  insertMessages,
  insertOrder,
  insertPromotion,
  insertViews,
  localDate,
  setRating,
  weekdayOf,
} from '../support/analytics-factories.js';
import { makeShop, makeUser } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let server: TestApp;
let owner: AuthResponse;
let otherOwner: AuthResponse;
let customer: AuthResponse;
/** Customers written straight into the database: Amara, Bongani, Chloe and a few more. */
let people: { id: number; username: string }[];

const suffix = Math.random().toString(36).slice(2, 7);
const analytics = (shopId: number, query = '') =>
  server.api.as(owner).get<ShopAnalytics & { message: string }>(`/api/analytics/${shopId}${query}`);
const sevenDays = (revenueByDate: Record<string, string> = {}) =>
  [-6, -5, -4, -3, -2, -1, 0].map((offset) => {
    const date = localDate(offset);
    return { date, revenue: revenueByDate[date] ?? '0.00' };
  });

beforeAll(async () => {
  server = await startTestApp();
  owner = await makeUser(server.api, 'shop_owner');
  otherOwner = await makeUser(server.api, 'shop_owner');
  customer = await makeUser(server.api, 'customer');
  people = await insertCustomers(
    server.database.db,
    ['Amara', 'Bongani', 'Chloe', 'Dineo', 'Emile', 'Fatima'].map((name) => `${name} ${suffix}`),
  );
});
afterAll(() => server?.close());

describe('the figures of a window', () => {
  test('a shop without orders answers zeros, seven empty days, empty lists and no promotion', async () => {
    const shop = await makeShop(server.api, owner);
    const reply = await analytics(shop.id);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      periodDays: 30,
      totalRevenue: '0.00',
      revenueGrowth: 0,
      totalOrders: 0,
      ordersGrowth: 0,
      previousOrders: 0,
      previousRevenue: '0.00',
      uniqueCustomers: 0,
      avgOrderValue: '0.00',
      dailyRevenue: sevenDays(),
      statusBreakdown: [],
      peakHours: [],
      topItems: [],
      topOptions: [],
      totalMessages: 0,
      menuItems: 0,
      lastWeekRevenue: '0.00',
      rating: '0.0',
      repeatCustomers: 0,
      medianMinutesToReady: null,
      heatmap: [],
      promotion: null,
      loyalty: null,
    });
  });

  describe('a shop with orders in this window and the one before', () => {
    let shop: Shop;
    const [d1, d2, d3, d10, d40, d45] = [-1, -2, -3, -10, -40, -45].map((offset) => localDate(offset)) as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];

    beforeAll(async () => {
      shop = await makeShop(server.api, owner);
      const db = server.database.db;
      const [amara, bongani, chloe] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0]];
      const order = (spec: Omit<Parameters<typeof insertOrder>[1], 'shopId'>) =>
        insertOrder(db, { shopId: shop.id, ...spec });
      // This 30-day window: three paid orders (R70, R60, R40) and one cancelled (R90).
      await order({
        customerId: amara.id,
        createdAt: at(d1, '09:15'),
        status: 'completed',
        minutesToReady: 10,
        lines: [{ name: 'Flat White', quantity: 2, priceCents: 3500 }],
      });
      await order({
        customerId: amara.id,
        createdAt: at(d2, '14:40'),
        status: 'ready',
        minutesToReady: 20,
        lines: [
          { name: 'Croissant', quantity: 1, priceCents: 2500 },
          { name: 'Flat White', quantity: 1, priceCents: 3500 },
        ],
      });
      await order({
        customerId: bongani.id,
        createdAt: at(d3, '09:05'),
        status: 'cancelled',
        lines: [{ name: 'Cappuccino', quantity: 3, priceCents: 3000 }],
      });
      await order({
        customerId: chloe.id,
        createdAt: at(d10, '11:00'),
        status: 'pending',
        lines: [{ name: 'Latte', quantity: 1, priceCents: 4000 }],
      });
      // The 30 days before: one paid order (R50) and one cancelled (R20).
      await order({
        customerId: amara.id,
        createdAt: at(d40, '10:00'),
        lines: [{ name: 'Mocha', quantity: 1, priceCents: 5000 }],
      });
      await order({
        customerId: bongani.id,
        createdAt: at(d45, '10:00'),
        status: 'cancelled',
        lines: [{ name: 'Mocha', quantity: 1, priceCents: 2000 }],
      });
    });

    test('30 days: revenue leaves the cancelled order out, orders count it, growth is against the 30 days before', async () => {
      const reply = await analytics(shop.id, '?days=30');
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({
        periodDays: 30,
        totalRevenue: '170.00',
        // (170 - 50) / 50
        revenueGrowth: 240,
        totalOrders: 4,
        // (4 - 2) / 2
        ordersGrowth: 100,
        previousOrders: 2,
        previousRevenue: '50.00',
        uniqueCustomers: 3,
        // 170 / 3 paid orders, to the cent
        avgOrderValue: '56.67',
        dailyRevenue: sevenDays({ [d1]: '70.00', [d2]: '60.00' }),
        statusBreakdown: [
          { status: 'pending', count: 1 },
          { status: 'ready', count: 1 },
          { status: 'completed', count: 1 },
          { status: 'cancelled', count: 1 },
        ],
        peakHours: [
          { hour: 9, orders: 2 },
          { hour: 11, orders: 1 },
          { hour: 14, orders: 1 },
        ],
        topItems: [
          { name: 'Flat White', quantity: 3, revenue: '105.00' },
          { name: 'Croissant', quantity: 1, revenue: '25.00' },
          { name: 'Latte', quantity: 1, revenue: '40.00' },
        ],
        topOptions: [],
        totalMessages: 0,
        menuItems: 0,
        // the order of 10 days ago: in the 7 days before the current 7
        lastWeekRevenue: '40.00',
        rating: '0.0',
        repeatCustomers: 1,
        medianMinutesToReady: 15,
        heatmap: expect.arrayContaining([
          { weekday: weekdayOf(d1), hour: 9, orders: 1 },
          { weekday: weekdayOf(d2), hour: 14, orders: 1 },
          { weekday: weekdayOf(d3), hour: 9, orders: 1 },
          { weekday: weekdayOf(d10), hour: 11, orders: 1 },
        ]),
        promotion: null,
        loyalty: null,
      });
      expect(reply.body.heatmap).toHaveLength(4);
    });

    test('7 days: the window and the week before it move together', async () => {
      const reply = await analytics(shop.id, '?days=7');
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({
        periodDays: 7,
        totalRevenue: '130.00',
        // (130 - 40) / 40
        revenueGrowth: 225,
        totalOrders: 3,
        ordersGrowth: 200,
        uniqueCustomers: 2,
        avgOrderValue: '65.00',
        repeatCustomers: 1,
        statusBreakdown: [
          { status: 'ready', count: 1 },
          { status: 'completed', count: 1 },
          { status: 'cancelled', count: 1 },
        ],
        peakHours: [
          { hour: 9, orders: 2 },
          { hour: 14, orders: 1 },
        ],
        topItems: [
          { name: 'Flat White', quantity: 3, revenue: '105.00' },
          { name: 'Croissant', quantity: 1, revenue: '25.00' },
        ],
        lastWeekRevenue: '40.00',
        medianMinutesToReady: 15,
      });
    });

    test('90 days: the orders of 40 and 45 days ago join the window and nothing came before', async () => {
      const reply = await analytics(shop.id, '?days=90');
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({
        periodDays: 90,
        totalRevenue: '220.00',
        revenueGrowth: 0,
        totalOrders: 6,
        ordersGrowth: 0,
        uniqueCustomers: 3,
        avgOrderValue: '55.00',
        repeatCustomers: 2,
        topItems: [
          { name: 'Flat White', quantity: 3, revenue: '105.00' },
          { name: 'Croissant', quantity: 1, revenue: '25.00' },
          { name: 'Latte', quantity: 1, revenue: '40.00' },
          { name: 'Mocha', quantity: 1, revenue: '50.00' },
        ],
      });
    });
  });

  test('growth is 0 when the earlier period had no orders, and negative growth is a negative percentage', async () => {
    const fresh = await makeShop(server.api, owner);
    const db = server.database.db;
    const customerId = people[0]!.id;
    await insertOrder(db, {
      shopId: fresh.id,
      customerId,
      createdAt: daysAgo(2),
      lines: [{ name: 'Americano', quantity: 1, priceCents: 2800 }],
    });
    // Nothing to compare with: growth stays 0 (spec §9) and the empty period before says why (screens say 'New').
    expect((await analytics(fresh.id)).body).toMatchObject({
      totalRevenue: '28.00',
      revenueGrowth: 0,
      totalOrders: 1,
      ordersGrowth: 0,
      previousOrders: 0,
      previousRevenue: '0.00',
    });

    const shrinking = await makeShop(server.api, owner);
    for (const [days, cents] of [
      [35, 3000],
      [36, 3000],
      [37, 3000],
      [2, 1000],
    ] as const) {
      await insertOrder(db, {
        shopId: shrinking.id,
        customerId,
        createdAt: daysAgo(days),
        lines: [{ name: 'Americano', quantity: 1, priceCents: cents }],
      });
    }
    // revenue 10 against 90: (10 - 90) / 90 = -88.89 %; orders 1 against 3: -66.67 %
    expect((await analytics(shrinking.id)).body).toMatchObject({
      totalRevenue: '10.00',
      revenueGrowth: -88.9,
      totalOrders: 1,
      ordersGrowth: -66.7,
    });
  });

  test('days are Johannesburg days: 22:30 UTC is 00:30 of the next local day, 21:30 UTC is 23:30 the same day', async () => {
    const shop = await makeShop(server.api, owner);
    const db = server.database.db;
    const day = localDate(-2);
    const dayBefore = localDate(-3);
    const customerId = people[1]!.id;
    const afterMidnight = at(day, '00:30');
    const beforeMidnight = at(dayBefore, '23:30');
    // The same instants written in UTC, as the server stores them.
    expect(afterMidnight.toISOString()).toBe(`${dayBefore}T22:30:00.000Z`);
    expect(beforeMidnight.toISOString()).toBe(`${dayBefore}T21:30:00.000Z`);
    await insertOrder(db, {
      shopId: shop.id,
      customerId,
      createdAt: afterMidnight,
      lines: [{ name: 'Espresso', quantity: 1, priceCents: 2000 }],
    });
    await insertOrder(db, {
      shopId: shop.id,
      customerId,
      createdAt: beforeMidnight,
      lines: [{ name: 'Espresso', quantity: 2, priceCents: 2000 }],
    });
    const reply = await analytics(shop.id);
    expect(reply.body.dailyRevenue).toEqual(sevenDays({ [day]: '20.00', [dayBefore]: '40.00' }));
    expect(reply.body.peakHours).toEqual([
      { hour: 0, orders: 1 },
      { hour: 23, orders: 1 },
    ]);
    expect(reply.body.heatmap).toEqual(
      [
        { weekday: weekdayOf(day), hour: 0, orders: 1 },
        { weekday: weekdayOf(dayBefore), hour: 23, orders: 1 },
      ].sort((a, b) => a.weekday - b.weekday || a.hour - b.hour),
    );
  });

  test('the window ends now and begins exactly 7 days before', async () => {
    const shop = await makeShop(server.api, owner);
    const db = server.database.db;
    const customerId = people[2]!.id;
    const minute = 60 * 1000;
    for (const [createdAt, cents] of [
      [new Date(daysAgo(7).getTime() + 5 * minute), 1000],
      [new Date(daysAgo(7).getTime() - 5 * minute), 2000],
    ] as const) {
      await insertOrder(db, {
        shopId: shop.id,
        customerId,
        createdAt,
        lines: [{ name: 'Tea', quantity: 1, priceCents: cents }],
      });
    }
    expect((await analytics(shop.id, '?days=7')).body).toMatchObject({
      totalOrders: 1,
      totalRevenue: '10.00',
      revenueGrowth: -50,
      lastWeekRevenue: '20.00',
    });
  });

  test('quick stats: messages of the shop’s conversations, menu items and the rating', async () => {
    const shop = await makeShop(server.api, owner);
    const db = server.database.db;
    await insertMessages(db, shop, people[0]!.id, 3);
    await insertMessages(db, shop, people[1]!.id, 2);
    await insertMenuItems(db, shop.id, ['Flat White', 'Cortado', 'Rusks']);
    await setRating(db, shop.id, '4.7');
    expect((await analytics(shop.id)).body).toMatchObject({ totalMessages: 5, menuItems: 3, rating: '4.7' });
  });

  test('Total Messages counts what people wrote: order cards and status lines are left out (issue 32)', async () => {
    const shop = await makeShop(server.api, owner);
    const db = server.database.db;
    await insertMessages(db, shop, people[2]!.id, 3);
    // What the server writes as an order is placed and moves: the card to the owner, status lines to the customer.
    const orderLine = (content: string, fromCustomer: boolean) => ({
      shopId: shop.id,
      customerId: people[2]!.id,
      senderId: fromCustomer ? people[2]!.id : shop.ownerId,
      receiverId: fromCustomer ? shop.ownerId : people[2]!.id,
      content,
      messageType: 'order' as const,
      orderData: '{"orderId":1,"status":"confirmed"}',
    });
    const written = await db
      .insert(messages)
      .values([
        orderLine('Order #1: 1 × Flat White (R35.00)', true),
        orderLine('Order #1 is confirmed', false),
        orderLine('Order #1 is ready for pickup', false),
      ])
      .returning({ id: messages.id });
    expect((await analytics(shop.id)).body).toMatchObject({ totalMessages: 3 });
    // Nor does removing one take a person's message off the count.
    await db.delete(messages).where(eq(messages.id, written[0]!.id));
    expect((await analytics(shop.id)).body).toMatchObject({ totalMessages: 3 });
  });

  test('the latest promotion: views, new favourites and orders over equal spans before it and since it began', async () => {
    const shop = await makeShop(server.api, owner);
    const db = server.database.db;
    const [first, second, third, fourth, fifth] = people.map((person) => person.id) as [
      number,
      number,
      number,
      number,
      number,
    ];
    // An older promotion, long over, is not the one shown.
    await insertPromotion(db, shop.id, at(localDate(-80), '10:00'), at(localDate(-50), '10:00'), 'expired');
    const started = at(localDate(-3), '10:00');
    const ends = at(localDate(27), '10:00');
    await insertPromotion(db, shop.id, started, ends);
    // Spans of 4 local days: 3 days ago to today, and the 4 days before.
    await insertViews(db, shop.id, localDate(-8), 100); // before both spans
    await insertViews(db, shop.id, localDate(-7), 5);
    await insertViews(db, shop.id, localDate(-4), 7);
    await insertViews(db, shop.id, localDate(-3), 30);
    await insertViews(db, shop.id, localDate(0), 12);
    await insertFavorite(db, shop.id, first, at(localDate(-6), '12:00'));
    await insertFavorite(db, shop.id, second, at(localDate(-2), '12:00'));
    await insertFavorite(db, shop.id, third, at(localDate(-1), '08:00'));
    await insertFavorite(db, shop.id, fourth, at(localDate(-9), '08:00'));
    for (const [date, customerId] of [
      [localDate(-5), fifth],
      [localDate(-3), fifth],
      [localDate(-2), first],
      [localDate(-1), second],
    ] as const) {
      await insertOrder(db, {
        shopId: shop.id,
        customerId,
        createdAt: at(date, '09:00'),
        lines: [{ name: 'Flat White', quantity: 1, priceCents: 3500 }],
      });
    }
    const reply = await analytics(shop.id);
    expect(reply.body.promotion).toEqual({
      startedAt: started.toISOString(),
      endsAt: ends.toISOString(),
      spanDays: 4,
      before: { views: 12, favourites: 1, orders: 1 },
      during: { views: 42, favourites: 2, orders: 3 },
    });
  });
});

describe('counting shop page views', () => {
  const todaysViews = async (shopId: number) =>
    (
      await server.database.db
        .select({ views: shopViews.views })
        .from(shopViews)
        .where(and(eq(shopViews.shopId, shopId), eq(shopViews.day, localDate(0))))
    )[0]?.views ?? 0;

  test('opening a shop’s page counts one view for today in one row; the owner’s own visits do not count', async () => {
    const shop = await makeShop(server.api, owner);
    expect((await server.api.get(`/api/coffee-shops/${shop.id}`)).status).toBe(200);
    await expect.poll(() => todaysViews(shop.id)).toBe(1);
    expect((await server.api.as(customer).get(`/api/coffee-shops/${shop.id}`)).status).toBe(200);
    await expect.poll(() => todaysViews(shop.id)).toBe(2);
    expect((await server.api.as(owner).get(`/api/coffee-shops/${shop.id}`)).status).toBe(200);
    // The next visitor's view is counted after the owner's: had the owner's counted, this would read 4.
    expect((await server.api.as(otherOwner).get(`/api/coffee-shops/${shop.id}`)).status).toBe(200);
    await expect.poll(() => todaysViews(shop.id)).toBe(3);
    const rows = await server.database.db.select().from(shopViews).where(eq(shopViews.shopId, shop.id));
    expect(rows).toEqual([{ shopId: shop.id, day: localDate(0), views: 3 }]);
  });

  test('a visitor counts once an hour per shop, signed in or not, however often the page is opened', async () => {
    const shop = await makeShop(server.api, owner);
    const other = await makeShop(server.api, owner);
    for (let i = 0; i < 3; i += 1) {
      expect((await server.api.get(`/api/coffee-shops/${shop.id}`)).status).toBe(200);
      expect((await server.api.as(customer).get(`/api/coffee-shops/${shop.id}`)).status).toBe(200);
    }
    expect((await server.api.as(customer).get(`/api/coffee-shops/${other.id}`)).status).toBe(200);
    await expect.poll(() => todaysViews(other.id)).toBe(1);
    // The other shop's view was sent last: once it is counted, every view of the first has been handled.
    expect(await todaysViews(shop.id)).toBe(2);
  });

  test('a missing shop answers 404 and counts nothing', async () => {
    expect((await server.api.get('/api/coffee-shops/999999')).status).toBe(404);
    const rows = await server.database.db.select().from(shopViews).where(eq(shopViews.shopId, 999999));
    expect(rows).toEqual([]);
  });
});

describe('the orders CSV', () => {
  test('lists the window’s orders oldest first, cancelled included, with quoting and Johannesburg times', async () => {
    const shop = await makeShop(server.api, owner);
    const db = server.database.db;
    const amara = people[0]!;
    // A name a spreadsheet would run as a formula: written out with an apostrophe first.
    const [mallory] = await insertCustomers(db, [`@Mallory ${suffix}`]);
    const day = localDate(-2);
    const first = await insertOrder(db, {
      shopId: shop.id,
      customerId: amara.id,
      createdAt: at(day, '00:30'),
      pickupTime: at(day, '00:45'),
      lines: [
        { name: 'Flat White, "large"', quantity: 2, priceCents: 3750 },
        { name: 'Croissant', quantity: 1, priceCents: 2500 },
      ],
    });
    const second = await insertOrder(db, {
      shopId: shop.id,
      customerId: mallory!.id,
      createdAt: at(day, '09:05'),
      status: 'cancelled',
      lines: [{ name: '=HYPERLINK("x")', quantity: 1, priceCents: 1000 }],
    });
    await insertOrder(db, {
      shopId: shop.id,
      customerId: amara.id,
      createdAt: daysAgo(31),
      lines: [{ name: 'Too old', quantity: 1, priceCents: 1000 }],
    });

    const response = await fetch(`${server.baseUrl}/api/analytics/${shop.id}/orders.csv?days=30`, {
      headers: { authorization: `Bearer ${owner.accessToken}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="shop-${shop.id}-orders-30-days.csv"`,
    );
    expect(await response.text()).toBe(
      [
        'id,created,pickup,status,customer,items,options,total,paymentStatus,paymentReference',
        `${first.id},${day} 00:30,${day} 00:45,completed,${amara.username},"2 x Flat White, ""large""; 1 x Croissant",,100.00,not_required,`,
        `${second.id},${day} 09:05,,cancelled,'@Mallory ${suffix},"1 x =HYPERLINK(""x"")",,10.00,not_required,`,
        '',
      ].join('\r\n'),
    );
  });

  test('a window without orders is the header row alone', async () => {
    const shop = await makeShop(server.api, owner);
    const response = await fetch(`${server.baseUrl}/api/analytics/${shop.id}/orders.csv?days=7`, {
      headers: { authorization: `Bearer ${owner.accessToken}` },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(
      'id,created,pickup,status,customer,items,options,total,paymentStatus,paymentReference\r\n',
    );
  });
});

describe('refusals', () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await makeShop(server.api, owner);
  });

  for (const path of ['', '/orders.csv']) {
    test(`${path || 'the figures'}: a visitor gets 401, a customer 403, another owner and a missing shop 404`, async () => {
      const visitor = await server.api.get<{ message: string }>(`/api/analytics/${shop.id}${path}`);
      expect(visitor.status).toBe(401);
      expect(visitor.body).toEqual({ message: 'Please sign in to continue' });
      const byCustomer = await server.api
        .as(customer)
        .get<{ message: string }>(`/api/analytics/${shop.id}${path}`);
      expect(byCustomer.status).toBe(403);
      expect(byCustomer.body).toEqual({ message: 'Only shop owners can do this' });
      const byOther = await server.api
        .as(otherOwner)
        .get<{ message: string }>(`/api/analytics/${shop.id}${path}`);
      expect(byOther.status).toBe(404);
      expect(byOther.body).toEqual({ message: 'Coffee shop not found' });
      const missing = await server.api.as(owner).get<{ message: string }>(`/api/analytics/999999${path}`);
      expect(missing.status).toBe(404);
    });

    test(`${path || 'the figures'}: days other than 7, 30 or 90 and a bad shop id are 400s naming the field`, async () => {
      for (const days of ['14', '0', 'abc', '30.5']) {
        const reply = await server.api
          .as(owner)
          .get<{ message: string }>(`/api/analytics/${shop.id}${path}?days=${days}`);
        expect(reply.status).toBe(400);
        expect(reply.body.message).toContain('days must be 7, 30 or 90');
      }
      const badId = await server.api.as(owner).get<{ message: string }>(`/api/analytics/abc${path}`);
      expect(badId.status).toBe(400);
      expect(badId.body.message).toContain('shopId');
    });
  }
});
