// Option groups over real HTTP (issue 25): a shop's public groups, its owner's create, edit (option ids kept, a
// sold-out option in one PUT) and delete, every validation rule and refusal with the database unchanged after it,
// and groups attached to menu items in order.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { menuItemOptionGroups, menuItems, optionGroups, options } from '../../src/server/db/schema.js';
import type { AuthResponse } from '../../src/shared/api/auth.js';
import type { MenuItem } from '../../src/shared/api/menu.js';
import type { Option, OptionGroup } from '../../src/shared/api/option-groups.js';
import { makeMenuItem, makeShop, makeUser } from '../support/factories.js';
import { makeOptionGroup, milkGroupBody, optionId } from '../support/option-factories.js';
import { type Caller, startTestApp, type TestApp } from '../support/test-app.js';

let server: TestApp;
let owner: AuthResponse;
let otherOwner: AuthResponse;
let customer: AuthResponse;

beforeAll(async () => {
  server = await startTestApp();
  [owner, otherOwner, customer] = await Promise.all([
    makeUser(server.api, 'shop_owner'),
    makeUser(server.api, 'shop_owner'),
    makeUser(server.api, 'customer'),
  ]);
});
afterAll(() => server?.close());

/** Every group, option, attachment and menu item stored, whole rows in id order: "nothing changed" is this equal. */
async function storedMenus() {
  const db = server.database.db;
  return {
    groups: await db.select().from(optionGroups).orderBy(asc(optionGroups.id)),
    options: await db.select().from(options).orderBy(asc(options.id)),
    links: await db
      .select()
      .from(menuItemOptionGroups)
      .orderBy(asc(menuItemOptionGroups.menuItemId), asc(menuItemOptionGroups.position)),
    items: await db.select().from(menuItems).orderBy(asc(menuItems.id)),
  };
}

const optionRowsOf = (groupId: number) =>
  server.database.db
    .select()
    .from(options)
    .where(eq(options.groupId, groupId))
    .orderBy(asc(options.position));

const linksOf = async (menuItemId: number) =>
  (
    await server.database.db
      .select()
      .from(menuItemOptionGroups)
      .where(eq(menuItemOptionGroups.menuItemId, menuItemId))
      .orderBy(asc(menuItemOptionGroups.position))
  ).map((link) => [link.groupId, link.position]);

const newShop = () => makeShop(server.api, owner);
const groupsOf = (shopId: number) => server.api.get<OptionGroup[]>(`/api/option-groups/${shopId}`);
const menuOf = async (shopId: number) => (await server.api.get<MenuItem[]>(`/api/menu-items/${shopId}`)).body;

/** The group as a client sends it back to PUT: its own answer, with `change` applied. */
const asBody = (group: OptionGroup, change: Record<string, unknown> = {}) => ({
  name: group.name,
  minSelected: group.minSelected,
  maxSelected: group.maxSelected,
  options: group.options,
  ...change,
});

type Refusal = [string, Record<string, unknown>, RegExp];

/** Every rule of a group's body: the case, what replaces the well-formed body's fields, the message expected. */
const bodyRefusals: Refusal[] = [
  ['no name', { name: undefined }, /^name is required/],
  ['an empty name', { name: '' }, /^name is required/],
  ['a blank name', { name: '    ' }, /^name is required/],
  ['a 51-character name', { name: 'n'.repeat(51) }, /^name must be at most 50 characters/],
  ['no minSelected', { minSelected: undefined }, /^minSelected\b/],
  ['a minSelected of -1', { minSelected: -1 }, /^minSelected must be a whole number from 0 to 10/],
  [
    'a minSelected of 11',
    { minSelected: 11, maxSelected: 10 },
    /^minSelected must be a whole number from 0 to 10/,
  ],
  ['a minSelected of 1.5', { minSelected: 1.5 }, /^minSelected must be a whole number/],
  ['a minSelected as text', { minSelected: '1' }, /^minSelected\b/],
  ['no maxSelected', { maxSelected: undefined }, /^maxSelected\b/],
  ['a maxSelected of 0', { maxSelected: 0 }, /^maxSelected must be a whole number from 1 to 10/],
  ['a maxSelected of 11', { maxSelected: 11 }, /^maxSelected must be a whole number from 1 to 10/],
  ['a maxSelected of 2.5', { maxSelected: 2.5 }, /^maxSelected must be a whole number/],
  [
    'a maxSelected below minSelected',
    {
      minSelected: 2,
      maxSelected: 1,
      options: [{ name: 'Oat milk' }, { name: 'Soy milk' }],
    },
    /^maxSelected must be at least minSelected/,
  ],
  ['no options', { options: undefined }, /^options\b/],
  ['an empty list of options', { options: [] }, /^options must have at least 1 option/],
  [
    '21 options',
    { options: Array.from({ length: 21 }, (_, index) => ({ name: `Syrup ${index}` })) },
    /^options must have at most 20 options/,
  ],
  ['options as text', { options: 'oat, soy' }, /^options\b/],
  ['an option without a name', { options: [{ price: '8' }] }, /^options\.0\.name\b/],
  ['an option with a blank name', { options: [{ name: '  ' }] }, /^options\.0\.name\b.*required/],
  ['a 51-character option name', { options: [{ name: 'o'.repeat(51) }] }, /^options\.0\.name\b.*at most 50/],
  [
    'an option price of 500.01',
    { options: [{ name: 'Gold', price: '500.01' }] },
    /^options\.0\.price\b.*R500/,
  ],
  [
    'an option price of -1',
    { options: [{ name: 'Refund', price: '-1' }] },
    /^options\.0\.price\b.*0 or more/,
  ],
  ['an option price of -1 as a number', { options: [{ name: 'Refund', price: -1 }] }, /^options\.0\.price\b/],
  ['an option price of 1e2', { options: [{ name: 'Oat milk', price: '1e2' }] }, /^options\.0\.price\b/],
  ['an option price of 8.001', { options: [{ name: 'Oat milk', price: '8.001' }] }, /^options\.0\.price\b/],
  ['an option price of R8', { options: [{ name: 'Oat milk', price: 'R8' }] }, /^options\.0\.price\b/],
  ['an option price of true', { options: [{ name: 'Oat milk', price: true }] }, /^options\.0\.price\b/],
  ['isDefault as text', { options: [{ name: 'Oat milk', isDefault: 'yes' }] }, /^options\.0\.isDefault\b/],
  [
    'isAvailable as text',
    { options: [{ name: 'Oat milk', isAvailable: 'no' }] },
    /^options\.0\.isAvailable\b/,
  ],
  [
    'two defaults where one may be chosen',
    {
      options: [
        { name: 'Full cream', isDefault: true },
        { name: 'Oat milk', isDefault: true },
      ],
    },
    /^options may have at most 1 default/,
  ],
  [
    'three defaults where two may be chosen',
    {
      maxSelected: 2,
      options: [
        { name: 'Vanilla', isDefault: true },
        { name: 'Caramel', isDefault: true },
        { name: 'Hazelnut', isDefault: true },
      ],
    },
    /^options may have at most 2 defaults/,
  ],
  [
    'an option name used twice, whatever its case and spaces',
    { options: [{ name: 'Oat milk' }, { name: '  OAT MILK ' }] },
    /^options\.1\.name\b.*twice/,
  ],
  [
    'a minSelected above the number of options',
    { minSelected: 3, maxSelected: 3, options: [{ name: 'Vanilla' }, { name: 'Caramel' }] },
    /^minSelected must be at most the number of options/,
  ],
];

describe('reading a shop’s option groups', () => {
  test('anyone, visitors too, gets a shop’s groups oldest first, each with its options in the owner’s order', async () => {
    const shop = await newShop();
    const size = await makeOptionGroup(server.api, owner, shop, {
      name: 'Size',
      minSelected: 1,
      maxSelected: 1,
      options: [
        { name: 'Small', price: 0 },
        { name: 'Regular', price: '5', isDefault: true },
        { name: 'Large', price: '9.00' },
      ],
    });
    const milk = await makeOptionGroup(server.api, owner, shop);
    await makeOptionGroup(server.api, otherOwner, await makeShop(server.api, otherOwner), {
      name: 'Elsewhere',
    });

    for (const caller of [server.api, server.api.as(customer), server.api.as(otherOwner)] as Caller[]) {
      const reply = await caller.get<OptionGroup[]>(`/api/option-groups/${shop.id}`);
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual([size, milk]);
    }
    expect(size.options.map((option) => [option.name, option.price, option.isDefault])).toEqual([
      ['Small', '0.00', false],
      ['Regular', '5.00', true],
      ['Large', '9.00', false],
    ]);
  });

  test('a shop without groups answers []; an unknown shop answers 404', async () => {
    const shop = await newShop();
    expect(await groupsOf(shop.id)).toMatchObject({ status: 200, body: [] });
    expect(await groupsOf(999_999)).toMatchObject({
      status: 404,
      body: { message: 'Coffee shop not found' },
    });
    expect((await server.api.get('/api/option-groups/abc')).status).toBe(400);
  });
});

describe('creating a group', () => {
  test('an owner creates a group: 201 with it, stored with prices as integer cents and options in order', async () => {
    const shop = await newShop();
    const reply = await server.api.as(owner).post<OptionGroup>('/api/option-groups', {
      shopId: shop.id,
      name: '  Extras  ',
      minSelected: 0,
      maxSelected: 3,
      options: [
        { name: ' Extra shot ', price: '8.00' },
        { name: 'Vanilla syrup', price: 7 },
        { name: 'Decaf' },
      ],
    });
    expect(reply.status).toBe(201);
    const group = reply.body;
    expect(group).toEqual({
      id: group.id,
      shopId: shop.id,
      name: 'Extras',
      minSelected: 0,
      maxSelected: 3,
      options: [
        { id: expect.any(Number), name: 'Extra shot', price: '8.00', isDefault: false, isAvailable: true },
        { id: expect.any(Number), name: 'Vanilla syrup', price: '7.00', isDefault: false, isAvailable: true },
        { id: expect.any(Number), name: 'Decaf', price: '0.00', isDefault: false, isAvailable: true },
      ],
    });
    const [row] = await server.database.db.select().from(optionGroups).where(eq(optionGroups.id, group.id));
    expect(row).toMatchObject({ shopId: shop.id, name: 'Extras', minSelected: 0, maxSelected: 3 });
    expect(
      (await optionRowsOf(group.id)).map((option) => [
        option.id,
        option.name,
        option.priceCents,
        option.position,
      ]),
    ).toEqual([
      [group.options[0]!.id, 'Extra shot', 800, 0],
      [group.options[1]!.id, 'Vanilla syrup', 700, 1],
      [group.options[2]!.id, 'Decaf', 0, 2],
    ]);
  });

  test.each([
    ['0', '0.00', 0],
    ['8', '8.00', 800],
    [8, '8.00', 800],
    ['0.5', '0.50', 50],
    [7.25, '7.25', 725],
    ['500', '500.00', 50_000],
    ['500.00', '500.00', 50_000],
  ])('the option price %j is accepted as %s (%i cents)', async (price, text, cents) => {
    const group = await makeOptionGroup(server.api, owner, await newShop(), {
      options: [{ name: 'Oat milk', price }],
    });
    expect(group.options[0]!.price).toBe(text);
    expect((await optionRowsOf(group.id))[0]!.priceCents).toBe(cents);
  });

  test('the limits themselves are accepted: 50-character names, 20 options, 10 to choose, as many defaults as may be chosen', async () => {
    const shop = await newShop();
    const long = await makeOptionGroup(server.api, owner, shop, {
      name: 'g'.repeat(50),
      options: [{ name: 'o'.repeat(50) }],
    });
    expect([long.name.length, long.options[0]!.name.length]).toEqual([50, 50]);
    const twenty = await makeOptionGroup(server.api, owner, shop, {
      name: 'Toppings',
      minSelected: 10,
      maxSelected: 10,
      options: Array.from({ length: 20 }, (_, index) => ({ name: `Topping ${index + 1}` })),
    });
    expect(twenty.options).toHaveLength(20);
    const sweet = await makeOptionGroup(server.api, owner, shop, {
      name: 'Syrups',
      minSelected: 0,
      maxSelected: 2,
      options: [
        { name: 'Vanilla', isDefault: true },
        { name: 'Caramel', isDefault: true },
        { name: 'Hazelnut' },
      ],
    });
    expect(sweet.options.map((option) => option.isDefault)).toEqual([true, true, false]);
    // minSelected may equal the number of options: every one is then required.
    const all = await makeOptionGroup(server.api, owner, shop, {
      name: 'Both',
      minSelected: 2,
      maxSelected: 2,
      options: [{ name: 'Lid' }, { name: 'Sleeve' }],
    });
    expect(all.minSelected).toBe(2);
  });

  test('an option name may repeat in another group of the same shop', async () => {
    const shop = await newShop();
    const coffee = await makeOptionGroup(server.api, owner, shop, {
      name: 'Coffee size',
      options: [{ name: 'Large' }],
    });
    const tea = await makeOptionGroup(server.api, owner, shop, {
      name: 'Tea size',
      options: [{ name: 'Large' }],
    });
    expect([coffee.options[0]!.name, tea.options[0]!.name]).toEqual(['Large', 'Large']);
  });

  test.each<Refusal>([
    ...bodyRefusals,
    ['no shopId', { shopId: undefined }, /^shopId\b/],
    ['a shopId as text', { shopId: 'one' }, /^shopId\b/],
    [
      'an option that carries an id (a new group has none yet)',
      { options: [{ id: 1, name: 'Oat milk' }] },
      /^options\.id\b/,
    ],
  ])('refuses %s with 400 naming the field, and stores nothing', async (_case, change, message) => {
    const shop = await newShop();
    const before = await storedMenus();
    const reply = await server.api
      .as(owner)
      .post<{ message: string }>('/api/option-groups', { shopId: shop.id, ...milkGroupBody(), ...change });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message: expect.stringMatching(message) });
    expect(await storedMenus()).toEqual(before);
  });

  test('a shop that does not exist answers 404 and nothing is stored', async () => {
    const before = await storedMenus();
    const reply = await server.api
      .as(owner)
      .post('/api/option-groups', { shopId: 999_999, ...milkGroupBody() });
    expect(reply).toMatchObject({ status: 404, body: { message: 'Coffee shop not found' } });
    expect(await storedMenus()).toEqual(before);
  });

  test('a shop has at most 30 groups: the 31st is 400 and not stored; another shop, or a deleted group, makes room', async () => {
    const shop = await newShop();
    const made: OptionGroup[] = [];
    for (let index = 1; index <= 30; index += 1)
      made.push(await makeOptionGroup(server.api, owner, shop, { name: `Group ${index}` }));
    const before = await storedMenus();
    const reply = await server.api.as(owner).post<{ message: string }>('/api/option-groups', {
      shopId: shop.id,
      ...milkGroupBody(),
      name: 'Group 31',
    });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/at most 30 option groups/);
    expect(await storedMenus()).toEqual(before);
    expect((await groupsOf(shop.id)).body).toHaveLength(30);

    // The limit is the shop's, not the owner's.
    await makeOptionGroup(server.api, owner, await newShop(), { name: 'Another shop' });
    expect((await server.api.as(owner).delete(`/api/option-groups/${made[0]!.id}`)).status).toBe(204);
    const again = await server.api
      .as(owner)
      .post('/api/option-groups', { shopId: shop.id, ...milkGroupBody(), name: 'Group 31' });
    expect(again.status).toBe(201);
    expect((await groupsOf(shop.id)).body).toHaveLength(30);
  });
});

describe('editing a group', () => {
  test('an option sent with its id keeps it, one left out is removed, a new one gets a new id; the order is as sent', async () => {
    const shop = await newShop();
    const group = await makeOptionGroup(server.api, owner, shop, {
      options: [
        { name: 'Full cream', price: '0', isDefault: true },
        { name: 'Oat milk', price: '8' },
        { name: 'Soy milk', price: '6' },
      ],
    });
    const [fullCream, oat, soy] = group.options.map((option) => option.id) as [number, number, number];
    const reply = await server.api.as(owner).put<OptionGroup>(`/api/option-groups/${group.id}`, {
      name: 'Milk choice',
      minSelected: 1,
      maxSelected: 1,
      options: [
        { id: oat, name: 'Oat', price: '9.50' },
        { name: 'Almond milk', price: '8' },
        { id: fullCream, name: 'Full cream', price: '0', isDefault: true },
      ],
    });
    expect(reply.status).toBe(200);
    const almond = reply.body.options[1]!.id;
    expect(reply.body).toEqual({
      id: group.id,
      shopId: shop.id,
      name: 'Milk choice',
      minSelected: 1,
      maxSelected: 1,
      options: [
        { id: oat, name: 'Oat', price: '9.50', isDefault: false, isAvailable: true },
        { id: almond, name: 'Almond milk', price: '8.00', isDefault: false, isAvailable: true },
        { id: fullCream, name: 'Full cream', price: '0.00', isDefault: true, isAvailable: true },
      ],
    });
    expect([fullCream, oat, soy]).not.toContain(almond);
    expect((await groupsOf(shop.id)).body).toEqual([reply.body]);
    expect(
      (await optionRowsOf(group.id)).map((row) => [row.id, row.name, row.priceCents, row.position]),
    ).toEqual([
      [oat, 'Oat', 950, 0],
      [almond, 'Almond milk', 800, 1],
      [fullCream, 'Full cream', 0, 2],
    ]);
    const [soyRow] = await server.database.db.select().from(options).where(eq(options.id, soy));
    expect(soyRow).toBeUndefined();
  });

  test('selling out one option is one PUT of the group as read, and changes nothing else', async () => {
    const shop = await newShop();
    const group = await makeOptionGroup(server.api, owner, shop, {
      options: [
        { name: 'Full cream', isDefault: true },
        { name: 'Oat milk', price: '8' },
        { name: 'Almond milk', price: '8' },
      ],
    });
    const oat = optionId(group, 'Oat milk');
    const rowsBefore = await optionRowsOf(group.id);
    const [read] = (await groupsOf(shop.id)).body;
    const soldOut = read!.options.map((option) =>
      option.id === oat ? { ...option, isAvailable: false } : option,
    );
    const reply = await server.api
      .as(owner)
      .put<OptionGroup>(`/api/option-groups/${group.id}`, { ...read, options: soldOut });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ ...group, options: soldOut });
    expect((await groupsOf(shop.id)).body).toEqual([reply.body]);
    expect(await optionRowsOf(group.id)).toEqual(
      rowsBefore.map((row) => (row.id === oat ? { ...row, isAvailable: false } : row)),
    );
  });

  test('shopId sent along never moves the group', async () => {
    const shop = await newShop();
    const otherShop = await newShop();
    const group = await makeOptionGroup(server.api, owner, shop);
    const reply = await server.api
      .as(owner)
      .put<OptionGroup>(`/api/option-groups/${group.id}`, { ...asBody(group), shopId: otherShop.id });
    expect(reply.status).toBe(200);
    expect(reply.body.shopId).toBe(shop.id);
    const [row] = await server.database.db.select().from(optionGroups).where(eq(optionGroups.id, group.id));
    expect(row!.shopId).toBe(shop.id);
    expect((await groupsOf(otherShop.id)).body).toEqual([]);
  });

  test('an option id of another group is 400 naming options.id, and nothing changes', async () => {
    const shop = await newShop();
    const group = await makeOptionGroup(server.api, owner, shop);
    const other = await makeOptionGroup(server.api, owner, shop, {
      name: 'Extras',
      options: [{ name: 'Extra shot' }],
    });
    const elsewhere = await makeOptionGroup(server.api, otherOwner, await makeShop(server.api, otherOwner));
    for (const strangerId of [other.options[0]!.id, elsewhere.options[0]!.id, 999_999]) {
      const before = await storedMenus();
      const reply = await server.api.as(owner).put<{ message: string }>(
        `/api/option-groups/${group.id}`,
        asBody(group, {
          name: 'Renamed',
          options: [...group.options, { id: strangerId, name: 'Borrowed', category: 'coffee', price: '1' }],
        }),
      );
      expect(reply.status).toBe(400);
      expect(reply.body.message).toMatch(new RegExp(`^options\\.id\\b.*${strangerId}`));
      expect(await storedMenus()).toEqual(before);
    }
  });

  test.each<Refusal>(bodyRefusals)(
    'refuses %s with 400 naming the field, and leaves the group as it was',
    async (_case, change, message) => {
      const group = await makeOptionGroup(server.api, owner, await newShop());
      const before = await storedMenus();
      const reply = await server.api
        .as(owner)
        .put<{ message: string }>(`/api/option-groups/${group.id}`, { ...milkGroupBody(), ...change });
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ message: expect.stringMatching(message) });
      expect(await storedMenus()).toEqual(before);
    },
  );

  test('an option id sent twice is 400 and nothing changes', async () => {
    const group = await makeOptionGroup(server.api, owner, await newShop());
    const [fullCream, oat] = group.options as [Option, Option];
    const before = await storedMenus();
    const reply = await server.api
      .as(owner)
      .put<{ message: string }>(
        `/api/option-groups/${group.id}`,
        asBody(group, { options: [fullCream, { ...oat, id: fullCream.id }] }),
      );
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/^options must not repeat an id/);
    expect(await storedMenus()).toEqual(before);
  });

  test('an unknown group answers 404', async () => {
    const reply = await server.api.as(owner).put('/api/option-groups/999999', milkGroupBody());
    expect(reply).toMatchObject({ status: 404, body: { message: 'Option group not found' } });
  });
});

describe('deleting a group', () => {
  test('deleting answers 204, removes its options and detaches it from every item; the menu no longer lists it', async () => {
    const shop = await newShop();
    const size = await makeOptionGroup(server.api, owner, shop, {
      name: 'Size',
      options: [{ name: 'Large' }],
    });
    const milk = await makeOptionGroup(server.api, owner, shop);
    const latte = await makeMenuItem(server.api, owner, shop, {
      name: 'Latte',
      optionGroupIds: [milk.id, size.id],
    });
    const flatWhite = await makeMenuItem(server.api, owner, shop, {
      name: 'Flat White',
      optionGroupIds: [milk.id],
    });

    const reply = await server.api.as(owner).delete(`/api/option-groups/${milk.id}`);
    expect(reply.status).toBe(204);
    expect(reply.body).toBeNull();

    const menu = await menuOf(shop.id);
    expect(menu.map((item) => [item.name, item.optionGroups])).toEqual([
      ['Flat White', []],
      ['Latte', [size]],
    ]);
    expect((await groupsOf(shop.id)).body).toEqual([size]);
    expect(await optionRowsOf(milk.id)).toEqual([]);
    expect(await linksOf(latte.id)).toEqual([[size.id, 1]]);
    expect(await linksOf(flatWhite.id)).toEqual([]);
    expect((await server.api.as(owner).delete(`/api/option-groups/${milk.id}`)).status).toBe(404);
  });
});

describe('who may change option groups', () => {
  const writes = (group: OptionGroup) => [
    {
      call: 'creating',
      send: (caller: Caller) =>
        caller.post('/api/option-groups', { shopId: group.shopId, ...milkGroupBody() }),
    },
    {
      call: 'editing',
      send: (caller: Caller) =>
        caller.put(`/api/option-groups/${group.id}`, asBody(group, { name: 'Intruder milk' })),
    },
    {
      call: 'selling out an option',
      send: (caller: Caller) =>
        caller.put(
          `/api/option-groups/${group.id}`,
          asBody(group, { options: group.options.map((option) => ({ ...option, isAvailable: false })) }),
        ),
    },
    { call: 'deleting', send: (caller: Caller) => caller.delete(`/api/option-groups/${group.id}`) },
  ];
  const callers = [
    { who: 'a visitor', status: 401, as: () => server.api },
    { who: 'a customer', status: 403, as: () => server.api.as(customer) },
    { who: 'another owner', status: 404, as: () => server.api.as(otherOwner) },
  ];

  test.each(callers)(
    '$who is refused $status for every write, and the database is unchanged',
    async ({ status, as }) => {
      const group = await makeOptionGroup(server.api, owner, await newShop());
      const before = await storedMenus();
      for (const { call, send } of writes(group)) {
        const reply = await send(as());
        expect({ call, status: reply.status }).toEqual({ call, status });
        expect(reply.body).toEqual({ message: expect.any(String) });
      }
      expect(await storedMenus()).toEqual(before);
    },
  );

  test('another owner gets the same 404 for my group as for a group that does not exist', async () => {
    const group = await makeOptionGroup(server.api, owner, await newShop());
    const mine = await server.api.as(otherOwner).put(`/api/option-groups/${group.id}`, asBody(group));
    const none = await server.api.as(otherOwner).put('/api/option-groups/999999', asBody(group));
    expect(mine).toMatchObject({ status: 404, body: none.body });
  });
});

describe('option groups on menu items', () => {
  /** A fresh shop with `count` groups named Group 1, Group 2, … */
  async function shopWithGroups(count: number) {
    const shop = await newShop();
    const groups: OptionGroup[] = [];
    for (let index = 1; index <= count; index += 1)
      groups.push(await makeOptionGroup(server.api, owner, shop, { name: `Group ${index}` }));
    return { shop, groups };
  }

  test('optionGroupIds on POST attach in the order sent; every menu answer embeds the groups whole, in order', async () => {
    const { shop, groups } = await shopWithGroups(3);
    const [first, , third] = groups as [OptionGroup, OptionGroup, OptionGroup];
    const item = await makeMenuItem(server.api, owner, shop, {
      name: 'Cappuccino',
      optionGroupIds: [third.id, first.id],
    });
    expect(item.optionGroups).toEqual([third, first]);
    expect(await menuOf(shop.id)).toEqual([item]);
    expect(await linksOf(item.id)).toEqual([
      [third.id, 0],
      [first.id, 1],
    ]);
    // Whole means as the group is now: an edit of the group shows in the menu at once.
    const edited = await server.api
      .as(owner)
      .put<OptionGroup>(`/api/option-groups/${first.id}`, asBody(first, { name: 'Milk, renamed' }));
    expect((await menuOf(shop.id))[0]!.optionGroups).toEqual([third, edited.body]);
  });

  test('optionGroupIds on PUT replace the attachments in the new order; [] detaches them all', async () => {
    const { shop, groups } = await shopWithGroups(3);
    const [first, second, third] = groups as [OptionGroup, OptionGroup, OptionGroup];
    const item = await makeMenuItem(server.api, owner, shop, { optionGroupIds: [first.id, second.id] });
    const reply = await server.api
      .as(owner)
      .put<MenuItem>(`/api/menu-items/${item.id}`, { optionGroupIds: [third.id, second.id, first.id] });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ ...item, optionGroups: [third, second, first] });
    expect(await menuOf(shop.id)).toEqual([reply.body]);

    const cleared = await server.api
      .as(owner)
      .put<MenuItem>(`/api/menu-items/${item.id}`, { optionGroupIds: [] });
    expect(cleared.body.optionGroups).toEqual([]);
    expect(await linksOf(item.id)).toEqual([]);
    expect((await groupsOf(shop.id)).body).toEqual(groups);
  });

  test('a PUT without optionGroupIds keeps the attachments', async () => {
    const { shop, groups } = await shopWithGroups(2);
    const item = await makeMenuItem(server.api, owner, shop, {
      optionGroupIds: [groups[1]!.id, groups[0]!.id],
    });
    for (const change of [{ price: '40' }, { isAvailable: false }, {}]) {
      const reply = await server.api.as(owner).put<MenuItem>(`/api/menu-items/${item.id}`, change);
      expect(reply.status).toBe(200);
      expect(reply.body.optionGroups).toEqual([groups[1], groups[0]]);
    }
    expect(await linksOf(item.id)).toEqual([
      [groups[1]!.id, 0],
      [groups[0]!.id, 1],
    ]);
  });

  test('an item takes up to 10 groups: 10 attach, 11 are 400 on POST and PUT and nothing is stored', async () => {
    const { shop, groups } = await shopWithGroups(11);
    const ids = groups.map((group) => group.id);
    const item = await makeMenuItem(server.api, owner, shop, { optionGroupIds: ids.slice(0, 10) });
    expect(item.optionGroups.map((group) => group.id)).toEqual(ids.slice(0, 10));

    const before = await storedMenus();
    const created = await server.api.as(owner).post<{ message: string }>('/api/menu-items', {
      shopId: shop.id,
      name: 'Too many',
      category: 'coffee',
      price: '30',
      optionGroupIds: ids,
    });
    const edited = await server.api
      .as(owner)
      .put<{ message: string }>(`/api/menu-items/${item.id}`, { optionGroupIds: ids });
    for (const reply of [created, edited]) {
      expect(reply.status).toBe(400);
      expect(reply.body.message).toMatch(/^optionGroupIds must have at most 10 groups/);
    }
    expect(await storedMenus()).toEqual(before);
  });

  const groupIdRefusals: [string, (own: number, foreign: number, sibling: number) => unknown, RegExp][] = [
    [
      'another owner’s shop’s group',
      (own, foreign) => [own, foreign],
      /^optionGroupIds\b.*not one of this shop/,
    ],
    [
      'a group of the same owner’s other shop',
      (own, _f, sibling) => [sibling, own],
      /^optionGroupIds\b.*not one/,
    ],
    ['a group that does not exist', (own) => [own, 999_999], /^optionGroupIds\b.*999999/],
    ['a group id twice', (own) => [own, own], /^optionGroupIds must not repeat a group/],
    ['a group id as text', (own) => [String(own)], /^optionGroupIds\b/],
    ['optionGroupIds that is not a list', (own) => own, /^optionGroupIds\b/],
  ];

  test.each(groupIdRefusals)(
    'refuses %s with 400 on POST and PUT, storing and changing nothing',
    async (_case, idsOf, message) => {
      const shop = await newShop();
      const own = await makeOptionGroup(server.api, owner, shop);
      const foreign = await makeOptionGroup(server.api, otherOwner, await makeShop(server.api, otherOwner));
      const sibling = await makeOptionGroup(server.api, owner, await newShop());
      const item = await makeMenuItem(server.api, owner, shop, { name: 'Latte', optionGroupIds: [own.id] });
      const optionGroupIds = idsOf(own.id, foreign.id, sibling.id);

      const before = await storedMenus();
      const created = await server.api.as(owner).post<{ message: string }>('/api/menu-items', {
        shopId: shop.id,
        name: 'Mocha',
        category: 'coffee',
        price: '40',
        optionGroupIds,
      });
      // The PUT changes a field too: a refused group must leave the name as it was.
      const edited = await server.api
        .as(owner)
        .put<{ message: string }>(`/api/menu-items/${item.id}`, { name: 'Renamed', optionGroupIds });
      for (const reply of [created, edited]) {
        expect(reply.status).toBe(400);
        expect(reply.body.message).toMatch(message);
      }
      expect(await storedMenus()).toEqual(before);
      expect((await menuOf(shop.id)).map((entry) => [entry.name, entry.optionGroups])).toEqual([
        ['Latte', [own]],
      ]);
    },
  );

  test('another owner cannot attach groups to my item, nor my groups to theirs', async () => {
    const shop = await newShop();
    const mine = await makeOptionGroup(server.api, owner, shop);
    const item = await makeMenuItem(server.api, owner, shop, { name: 'Latte' });
    const theirShop = await makeShop(server.api, otherOwner);
    const before = await storedMenus();
    const onMine = await server.api
      .as(otherOwner)
      .put(`/api/menu-items/${item.id}`, { optionGroupIds: [mine.id] });
    expect(onMine.status).toBe(404);
    const onTheirs = await server.api.as(otherOwner).post('/api/menu-items', {
      shopId: theirShop.id,
      name: 'Borrowed',
      price: '30',
      optionGroupIds: [mine.id],
    });
    expect(onTheirs.status).toBe(400);
    expect(await storedMenus()).toEqual(before);
  });

  test('the same group serves several items, each in its own order', async () => {
    const { shop, groups } = await shopWithGroups(2);
    const [milk, size] = groups as [OptionGroup, OptionGroup];
    await makeMenuItem(server.api, owner, shop, { name: 'Flat White', optionGroupIds: [milk.id, size.id] });
    await makeMenuItem(server.api, owner, shop, { name: 'Latte', optionGroupIds: [size.id, milk.id] });
    expect(
      (await menuOf(shop.id)).map((item) => [item.name, item.optionGroups.map((group) => group.id)]),
    ).toEqual([
      ['Flat White', [milk.id, size.id]],
      ['Latte', [size.id, milk.id]],
    ]);
    const stored = await server.database.db
      .select()
      .from(menuItemOptionGroups)
      .where(eq(menuItemOptionGroups.groupId, milk.id));
    expect(stored).toHaveLength(2);
  });
});
