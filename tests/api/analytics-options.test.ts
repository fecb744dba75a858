// Analytics of item options over real HTTP (issue 25): the most chosen options with their shares of the cups that
// offered their group, cancelled orders left out, option prices in revenue, and the CSV's options column. Orders are
// placed through POST /api/orders, so the figures follow the placement's own records; the oracle recounts them.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ShopAnalytics } from '../../src/shared/api/analytics.js';
import type { AuthResponse } from '../../src/shared/api/auth.js';
import type { OptionGroup } from '../../src/shared/api/option-groups.js';
import type { Order } from '../../src/shared/api/orders.js';
import { oracleAnalytics } from '../support/analytics-oracle.js';
import { makeMenuItem, makeShop, makeUser } from '../support/factories.js';
import { postOrder, soon } from '../support/order-factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let server: TestApp;
let owner: AuthResponse;
let customer: AuthResponse;
let shopId: number;
let cappuccinoId: number;
let croissantId: number;
let size: OptionGroup;
let milk: OptionGroup;

const optionId = (group: OptionGroup, name: string) =>
  group.options.find((option) => option.name === name)!.id;

async function place(lines: { menuItemId: number; quantity: number; options?: number[] }[]) {
  const reply = await postOrder<Order>(server.baseUrl, customer, {
    shopId,
    items: lines,
    pickupTime: soon(),
  });
  expect(reply.status).toBe(201);
  return reply.body;
}

beforeAll(async () => {
  server = await startTestApp();
  [owner, customer] = await Promise.all([
    makeUser(server.api, 'shop_owner'),
    makeUser(server.api, 'customer'),
  ]);
  const shop = await makeShop(server.api, owner, { name: 'Options Analytics Café' });
  shopId = shop.id;
  const group = async (body: object) =>
    (await server.api.as(owner).post<OptionGroup>('/api/option-groups', { shopId, ...body })).body;
  size = await group({
    name: 'Size',
    minSelected: 1,
    maxSelected: 1,
    options: [
      { name: 'Regular', price: '0', isDefault: true },
      { name: 'Large', price: '9.00' },
    ],
  });
  milk = await group({
    name: 'Milk',
    minSelected: 0,
    maxSelected: 1,
    options: [{ name: 'Full cream' }, { name: 'Oat milk', price: '8.00' }],
  });
  cappuccinoId = (
    await makeMenuItem(server.api, owner, shop, {
      name: 'Cappuccino',
      price: '32.50',
      optionGroupIds: [size.id, milk.id],
    })
  ).id;
  croissantId = (await makeMenuItem(server.api, owner, shop, { name: 'Croissant', price: '25.00' })).id;
});
afterAll(() => server?.close());

test('the most chosen options, each with its share of the cups that offered its group; cancelled orders left out', async () => {
  const large = optionId(size, 'Large');
  const regular = optionId(size, 'Regular');
  const oat = optionId(milk, 'Oat milk');
  const cream = optionId(milk, 'Full cream');
  // Ties are listed by group, then name. 3 large oat, 1 regular full cream, 2 regular with no milk chosen: 6 cappuccinos, 1 croissant.
  await place([
    { menuItemId: cappuccinoId, quantity: 3, options: [large, oat] },
    { menuItemId: croissantId, quantity: 1 },
  ]);
  await place([{ menuItemId: cappuccinoId, quantity: 1, options: [regular, cream] }]);
  await place([{ menuItemId: cappuccinoId, quantity: 2, options: [regular] }]);
  // A cancelled order of 5 oat cappuccinos counts for nothing.
  const cancelled = await place([{ menuItemId: cappuccinoId, quantity: 5, options: [large, oat] }]);
  expect(
    (await server.api.as(customer).put(`/api/orders/${cancelled.id}`, { status: 'cancelled' })).status,
  ).toBe(200);

  const reply = await server.api.as(owner).get<ShopAnalytics>(`/api/analytics/${shopId}?days=30`);
  expect(reply.status).toBe(200);
  expect(reply.body.topOptions).toEqual([
    { group: 'Milk', name: 'Oat milk', count: 3, share: 0.5 },
    { group: 'Size', name: 'Large', count: 3, share: 0.5 },
    { group: 'Size', name: 'Regular', count: 3, share: 0.5 },
    { group: 'Milk', name: 'Full cream', count: 1, share: round(1 / 6) },
  ]);
  // Revenue includes option prices: 3 × (32.50 + 9 + 8) + 25 + 32.50 + 2 × 32.50 = 271.00.
  expect(reply.body.totalRevenue).toBe('271.00');
  const oracle = await oracleAnalytics(server.database.db, shopId, 30);
  expect(reply.body.topOptions).toEqual(oracle.topOptions);
});

test('the CSV names each line’s options beside its items', async () => {
  const response = await fetch(`${server.baseUrl}/api/analytics/${shopId}/orders.csv?days=30`, {
    headers: { authorization: `Bearer ${owner.accessToken}` },
  });
  const [header, first] = (await response.text()).split('\r\n');
  expect(header).toBe('id,created,pickup,status,customer,items,options,total,paymentStatus,paymentReference');
  // 3 × (32.50 + 9.00 + 8.00) + 25.00
  expect(first).toContain(',3 x Cappuccino; 1 x Croissant,Cappuccino: Large · Oat milk,173.50');
});

function round(share: number) {
  return Math.round(share * 10_000) / 10_000;
}
