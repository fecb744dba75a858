// Menu items over real HTTP (spec §3 Menu item, §5 Menu item, §7 Menu and hours; issue 9): the public menu,
// an owner's add, edit, Sold out switch and delete, each validation rule, and every refusal changing nothing.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { menuItems, orderLines, orders } from '../../src/server/db/schema.js';
import type { AuthResponse } from '../../src/shared/api/auth.js';
import type { MenuItem } from '../../src/shared/api/menu.js';
import type { Shop } from '../../src/shared/api/shops.js';
import { makeMenuItem, makeShop, makeUser } from '../support/factories.js';
import { type Caller, startTestApp, type TestApp } from '../support/test-app.js';

let server: TestApp;
let owner: AuthResponse;
let otherOwner: AuthResponse;
let customer: AuthResponse;
let shop: Shop;

/** Every stored menu item, whole rows by id: what "nothing changed" is compared against. */
const storedItems = () => server.database.db.select().from(menuItems).orderBy(asc(menuItems.id));
const storedItem = async (id: number) =>
  (await server.database.db.select().from(menuItems).where(eq(menuItems.id, id)))[0];

beforeAll(async () => {
  server = await startTestApp();
  owner = await makeUser(server.api, 'shop_owner');
  otherOwner = await makeUser(server.api, 'shop_owner');
  customer = await makeUser(server.api, 'customer');
  shop = await makeShop(server.api, owner, { name: 'Rosetta Roastery' });
});
afterAll(() => server?.close());

describe('the public menu', () => {
  test('anyone, visitors too, gets a shop’s menu by category in menu order, then by name', async () => {
    const cafe = await makeShop(server.api, owner);
    await makeMenuItem(server.api, owner, cafe, { name: 'Scone', category: 'pastries', price: 28 });
    await makeMenuItem(server.api, owner, cafe, { name: 'Rooibos Latte', category: 'tea', price: 34 });
    await makeMenuItem(server.api, owner, cafe, { name: 'Flat White', category: 'coffee', price: 38 });
    await makeMenuItem(server.api, owner, cafe, { name: 'Americano', category: 'coffee', price: 30 });
    await makeMenuItem(server.api, otherOwner, await makeShop(server.api, otherOwner), { name: 'Elsewhere' });

    for (const caller of [server.api, server.api.as(customer), server.api.as(otherOwner)] as Caller[]) {
      const reply = await caller.get<MenuItem[]>(`/api/menu-items/${cafe.id}`);
      expect(reply.status).toBe(200);
      expect(reply.body.map((item) => item.name)).toEqual([
        'Americano',
        'Flat White',
        'Rooibos Latte',
        'Scone',
      ]);
    }
  });

  test('an item carries every field of spec §3, with the price as decimal text', async () => {
    const cafe = await makeShop(server.api, owner);
    const created = await makeMenuItem(server.api, owner, cafe, {
      name: 'Cortado',
      description: 'Equal parts espresso and warm milk',
      category: 'coffee',
      price: '32.5',
      imageUrl: 'https://images.example.co.za/cortado.jpg',
      preparationTime: '3-5 mins',
      ingredients: ['espresso', 'milk'],
      allergens: ['milk'],
      calories: 90,
      isVegan: false,
      isGlutenFree: true,
    });
    const reply = await server.api.get<MenuItem[]>(`/api/menu-items/${cafe.id}`);
    expect(reply.body).toEqual([
      {
        id: created.id,
        shopId: cafe.id,
        name: 'Cortado',
        description: 'Equal parts espresso and warm milk',
        category: 'coffee',
        price: '32.50',
        imageUrl: 'https://images.example.co.za/cortado.jpg',
        isAvailable: true,
        preparationTime: '3-5 mins',
        ingredients: ['espresso', 'milk'],
        allergens: ['milk'],
        calories: 90,
        isVegan: false,
        isGlutenFree: true,
        optionGroups: [],
      },
    ]);
  });

  test('a shop without items has an empty menu; an unknown shop answers 404', async () => {
    const empty = await makeShop(server.api, otherOwner);
    expect((await server.api.get(`/api/menu-items/${empty.id}`)).body).toEqual([]);
    const unknown = await server.api.get('/api/menu-items/999999');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Coffee shop not found' });
    expect((await server.api.get('/api/menu-items/abc')).status).toBe(400);
  });
});

describe('adding an item', () => {
  test('an owner adds an item: 201 with it, and the price is stored as integer cents', async () => {
    const reply = await server.api.as(owner).post<MenuItem>('/api/menu-items', {
      shopId: shop.id,
      name: '  Flat White  ',
      category: 'coffee',
      price: 38.5,
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ shopId: shop.id, name: 'Flat White', price: '38.50' });
    const row = await storedItem(reply.body.id);
    expect(row).toMatchObject({ shopId: shop.id, name: 'Flat White', priceCents: 3850, category: 'coffee' });
  });

  test('name, category and price are needed: optional fields default (available, the rest null)', async () => {
    const reply = await server.api.as(owner).post<MenuItem>('/api/menu-items', {
      shopId: shop.id,
      name: 'House Blend',
      category: 'coffee',
      price: '25',
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      id: reply.body.id,
      shopId: shop.id,
      name: 'House Blend',
      description: null,
      category: 'coffee',
      price: '25.00',
      imageUrl: null,
      isAvailable: true,
      preparationTime: null,
      ingredients: null,
      allergens: null,
      calories: null,
      isVegan: false,
      isGlutenFree: false,
      optionGroups: [],
    });
  });

  test('an item without a category is 400 naming the field, and nothing is stored (spec §5, issue 32)', async () => {
    const before = await storedItems();
    const reply = await server.api
      .as(owner)
      .post<{ message: string }>('/api/menu-items', { shopId: shop.id, name: 'Mystery Brew', price: '25' });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message: 'category is required' });
    expect(await storedItems()).toEqual(before);
  });

  test('optional fields sent empty are stored as null, and empty lists as null', async () => {
    const reply = await server.api.as(owner).post<MenuItem>('/api/menu-items', {
      shopId: shop.id,
      name: 'Espresso',
      category: 'coffee',
      price: '22',
      description: '   ',
      imageUrl: '',
      preparationTime: '',
      calories: '',
      ingredients: [],
      allergens: ['  ', ''],
    });
    expect(reply.status).toBe(201);
    const row = await storedItem(reply.body.id);
    expect(row).toMatchObject({
      description: null,
      imageUrl: null,
      preparationTime: null,
      calories: null,
      ingredients: null,
      allergens: null,
    });
  });

  test('list entries are trimmed and blank ones dropped', async () => {
    const item = await makeMenuItem(server.api, owner, shop, {
      name: 'Chai Latte',
      category: 'tea',
      ingredients: [' black tea ', 'spices', ' ', 'milk'],
      allergens: [' milk'],
    });
    expect(item.ingredients).toEqual(['black tea', 'spices', 'milk']);
    expect((await storedItem(item.id))?.allergens).toEqual(['milk']);
  });

  test.each([
    [32.5, '32.50', 3250],
    ['32.5', '32.50', 3250],
    [' 12 ', '12.00', 1200],
    [0.01, '0.01', 1],
    ['.5', '0.50', 50],
    [10000, '10000.00', 1_000_000],
    ['9999.99', '9999.99', 999_999],
  ])('the price %j is accepted as %s (%i cents)', async (price, text, cents) => {
    const item = await makeMenuItem(server.api, owner, shop, { name: 'Priced', price });
    expect(item.price).toBe(text);
    expect((await storedItem(item.id))?.priceCents).toBe(cents);
  });

  test('the limits themselves are accepted: a 100-character name, a 500-character description, 0 and 10000 calories', async () => {
    const long = await makeMenuItem(server.api, owner, shop, {
      name: 'n'.repeat(100),
      description: 'd'.repeat(500),
      calories: 10_000,
    });
    expect(long.name).toHaveLength(100);
    expect(long.description).toHaveLength(500);
    expect((await makeMenuItem(server.api, owner, shop, { calories: 0 })).calories).toBe(0);
    expect(
      (await makeMenuItem(server.api, owner, shop, { imageUrl: 'http://example.com/a.png' })).imageUrl,
    ).toBe('http://example.com/a.png');
  });

  const valid = { name: 'Flat White', category: 'coffee', price: '38.50' };
  test.each<[string, Record<string, unknown>, string]>([
    ['no name', { name: undefined }, 'name'],
    ['an empty name', { name: '' }, 'name'],
    ['a blank name', { name: '   ' }, 'name'],
    ['a 101-character name', { name: 'n'.repeat(101) }, 'name'],
    ['a 501-character description', { description: 'd'.repeat(501) }, 'description'],
    ['an unknown category', { category: 'smoothies' }, 'category'],
    ['a null category', { category: null }, 'category'],
    ['no price', { price: undefined }, 'price'],
    ['a price of 0', { price: 0 }, 'price'],
    ['a price of "0.00"', { price: '0.00' }, 'price'],
    ['a negative price', { price: -5 }, 'price'],
    ['a price that is not a number', { price: 'abc' }, 'price'],
    ['a price in exponent notation', { price: '1e3' }, 'price'],
    ['a price with three decimals', { price: '12.345' }, 'price'],
    ['a price above R10,000', { price: 10000.01 }, 'price'],
    ['a price of true', { price: true }, 'price'],
    ['fractional calories', { calories: 2.5 }, 'calories'],
    ['negative calories', { calories: -1 }, 'calories'],
    ['calories above 10000', { calories: 10001 }, 'calories'],
    ['calories as words', { calories: 'many' }, 'calories'],
    ['a javascript: image URL', { imageUrl: 'javascript:alert(1)' }, 'imageUrl'],
    ['a data: image URL', { imageUrl: 'data:image/png;base64,iVBORw0KGgo=' }, 'imageUrl'],
    ['a file: image URL', { imageUrl: 'file:///etc/passwd' }, 'imageUrl'],
    ['an ftp: image URL', { imageUrl: 'ftp://example.com/a.png' }, 'imageUrl'],
    ['an image URL that is not a URL', { imageUrl: 'not a url' }, 'imageUrl'],
    ['ingredients as text, not a list', { ingredients: 'milk, sugar' }, 'ingredients'],
    ['allergens holding a number', { allergens: [5] }, 'allergens'],
    ['isVegan as text', { isVegan: 'yes' }, 'isVegan'],
    ['no shopId', { shopId: undefined }, 'shopId'],
    ['a shopId as text', { shopId: 'one' }, 'shopId'],
  ])('refuses %s with 400 naming the field, and stores nothing', async (_case, change, field) => {
    const before = await storedItems();
    const reply = await server.api
      .as(owner)
      .post<{ message: string }>('/api/menu-items', { shopId: shop.id, ...valid, ...change });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(new RegExp(`^${field}\\b`));
    expect(await storedItems()).toEqual(before);
  });
});

describe('editing an item', () => {
  test('the Sold out switch sends { isAvailable: false } alone and changes nothing else', async () => {
    const item = await makeMenuItem(server.api, owner, shop, {
      name: 'Croissant',
      category: 'pastries',
      price: '32',
      description: 'Butter croissant',
      allergens: ['gluten', 'milk'],
      calories: 280,
    });
    const before = await storedItem(item.id);
    const reply = await server.api
      .as(owner)
      .put<MenuItem>(`/api/menu-items/${item.id}`, { isAvailable: false });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ ...item, isAvailable: false });
    expect(await storedItem(item.id)).toEqual({ ...before, isAvailable: false });

    const back = await server.api
      .as(owner)
      .put<MenuItem>(`/api/menu-items/${item.id}`, { isAvailable: true });
    expect(back.body.isAvailable).toBe(true);
    expect(await storedItem(item.id)).toEqual(before);
  });

  test('the dialog sends every field and every field changes; shopId sent along never moves the item', async () => {
    const item = await makeMenuItem(server.api, owner, shop, { name: 'Mocha' });
    const otherShop = await makeShop(server.api, owner);
    const reply = await server.api.as(owner).put<MenuItem>(`/api/menu-items/${item.id}`, {
      shopId: otherShop.id,
      name: 'Iced Mocha',
      description: 'Chocolate, espresso, ice',
      category: 'beverages',
      price: '45.9',
      imageUrl: 'https://example.com/mocha.jpg',
      isAvailable: true,
      preparationTime: '5-7 mins',
      ingredients: ['espresso', 'chocolate'],
      allergens: [],
      calories: 320,
      isVegan: true,
      isGlutenFree: true,
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      id: item.id,
      shopId: shop.id,
      name: 'Iced Mocha',
      description: 'Chocolate, espresso, ice',
      category: 'beverages',
      price: '45.90',
      imageUrl: 'https://example.com/mocha.jpg',
      isAvailable: true,
      preparationTime: '5-7 mins',
      ingredients: ['espresso', 'chocolate'],
      allergens: null,
      calories: 320,
      isVegan: true,
      isGlutenFree: true,
      optionGroups: [],
    });
    expect(await storedItem(item.id)).toMatchObject({ shopId: shop.id, priceCents: 4590, allergens: null });
  });

  test('an empty body answers the item as it is', async () => {
    const item = await makeMenuItem(server.api, owner, shop, { name: 'Macchiato' });
    const before = await storedItem(item.id);
    const reply = await server.api.as(owner).put<MenuItem>(`/api/menu-items/${item.id}`, {});
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual(item);
    expect(await storedItem(item.id)).toEqual(before);
  });

  test.each<[string, Record<string, unknown>, string]>([
    ['a price of 0', { price: 0 }, 'price'],
    ['a price with three decimals', { price: '1.005' }, 'price'],
    ['an empty name', { name: '' }, 'name'],
    ['a javascript: image URL', { imageUrl: 'javascript:alert(1)' }, 'imageUrl'],
    ['an unknown category', { category: 'cocktails' }, 'category'],
    ['isAvailable as text', { isAvailable: 'no' }, 'isAvailable'],
  ])('refuses %s with 400 and leaves the item as it was', async (_case, change, field) => {
    const item = await makeMenuItem(server.api, owner, shop, { name: 'Lungo' });
    const before = await storedItem(item.id);
    const reply = await server.api.as(owner).put<{ message: string }>(`/api/menu-items/${item.id}`, change);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(new RegExp(`^${field}\\b`));
    expect(await storedItem(item.id)).toEqual(before);
  });

  test('an unknown item answers 404', async () => {
    const reply = await server.api.as(owner).put('/api/menu-items/999999', { isAvailable: false });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ message: 'Menu item not found' });
  });
});

describe('deleting an item', () => {
  test('deleting answers 204 and the item leaves the menu; deleting again answers 404', async () => {
    const cafe = await makeShop(server.api, owner);
    const keep = await makeMenuItem(server.api, owner, cafe, { name: 'Keep' });
    const item = await makeMenuItem(server.api, owner, cafe, { name: 'Drop' });
    const reply = await server.api.as(owner).delete(`/api/menu-items/${item.id}`);
    expect(reply.status).toBe(204);
    expect(reply.body).toBeNull();
    expect(await storedItem(item.id)).toBeUndefined();
    expect((await server.api.get<MenuItem[]>(`/api/menu-items/${cafe.id}`)).body).toEqual([keep]);
    expect((await server.api.as(owner).delete(`/api/menu-items/${item.id}`)).status).toBe(404);
  });

  test('an order placed earlier keeps its lines, names and prices when the item is deleted', async () => {
    const item = await makeMenuItem(server.api, owner, shop, { name: 'Cappuccino', price: '36' });
    const db = server.database.db;
    const createdAt = new Date('2026-11-20T08:00:00Z');
    const orderItems = [{ menuItemId: item.id, name: 'Cappuccino', quantity: 2, priceCents: 3600 }];
    const [order] = await db
      .insert(orders)
      .values({ shopId: shop.id, customerId: customer.user.id, items: orderItems, totalCents: 7200 })
      .returning();
    await db.insert(orderLines).values({
      orderId: order!.id,
      shopId: shop.id,
      menuItemId: item.id,
      name: 'Cappuccino',
      quantity: 2,
      priceCents: 3600,
      createdAt,
    });

    expect((await server.api.as(owner).delete(`/api/menu-items/${item.id}`)).status).toBe(204);

    const [kept] = await db.select().from(orders).where(eq(orders.id, order!.id));
    expect(kept).toMatchObject({ totalCents: 7200, items: orderItems });
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
    expect(lines).toEqual([
      expect.objectContaining({ menuItemId: null, name: 'Cappuccino', quantity: 2, priceCents: 3600 }),
    ]);
  });
});

describe('who may change a menu', () => {
  const writes = (itemId: number, shopId: number) => [
    {
      call: 'adding',
      send: (caller: Caller) =>
        caller.post('/api/menu-items', { shopId, name: 'Intruder Latte', category: 'coffee', price: '1' }),
    },
    {
      call: 'editing',
      send: (caller: Caller) => caller.put(`/api/menu-items/${itemId}`, { name: 'Renamed', price: '1' }),
    },
    {
      call: 'marking sold out',
      send: (caller: Caller) => caller.put(`/api/menu-items/${itemId}`, { isAvailable: false }),
    },
    { call: 'deleting', send: (caller: Caller) => caller.delete(`/api/menu-items/${itemId}`) },
  ];
  const callers = [
    { who: 'a visitor', status: 401, as: () => server.api },
    { who: 'a customer', status: 403, as: () => server.api.as(customer) },
    { who: 'another owner', status: 404, as: () => server.api.as(otherOwner) },
  ];

  test.each(callers)(
    '$who is refused $status for every write, and the database is unchanged',
    async ({ status, as }) => {
      const item = await makeMenuItem(server.api, owner, shop, { name: 'Guarded' });
      const before = await storedItems();
      for (const { call, send } of writes(item.id, shop.id)) {
        const reply = await send(as());
        expect({ call, status: reply.status }).toEqual({ call, status });
        expect(reply.body).toEqual({ message: expect.any(String) });
      }
      expect(await storedItems()).toEqual(before);
    },
  );

  test('another owner gets the same 404 for my item as for an item that does not exist', async () => {
    const item = await makeMenuItem(server.api, owner, shop, { name: 'Mine' });
    const mine = await server.api.as(otherOwner).put(`/api/menu-items/${item.id}`, { isAvailable: false });
    const none = await server.api.as(otherOwner).put('/api/menu-items/999999', { isAvailable: false });
    expect(mine).toMatchObject({ status: 404, body: none.body });
  });
});
