// Placing orders with item options over real HTTP (issue 25): unit prices with options in exact cents, the lines as
// stored (options in the item's group order), every wrong choice refused with nothing stored, line merging and the
// 20-cup cap per item, and past orders unchanged by later edits of the options.
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { messages, orderLines, orders } from '../../src/server/db/schema.js';
import type { AuthResponse } from '../../src/shared/api/auth.js';
import type { MenuItem } from '../../src/shared/api/menu.js';
import type { OptionGroup } from '../../src/shared/api/option-groups.js';
import type { Order, OrderLine } from '../../src/shared/api/orders.js';
import { makeUser } from '../support/factories.js';
import { type Cafe, makeCafe, makeOptionGroup, optionId } from '../support/option-factories.js';
import { postOrder, soon } from '../support/order-factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let server: TestApp;
let owner: AuthResponse;
let otherOwner: AuthResponse;
let customer: AuthResponse;
/** Cappuccino R32.50 (Size, Milk, Extras), Rooibos Tea R25.00 (Size), Croissant R28.00: see makeCafe. */
let cafe: Cafe;
/** Another owner's café, with groups of the same names. */
let otherCafe: Cafe;
/** A group of cafe's shop attached to no item. */
let toppings: OptionGroup;

beforeAll(async () => {
  server = await startTestApp();
  [owner, otherOwner, customer] = await Promise.all([
    makeUser(server.api, 'shop_owner'),
    makeUser(server.api, 'shop_owner'),
    makeUser(server.api, 'customer'),
  ]);
  cafe = await makeCafe(server.api, owner, 'Options Test Roasters');
  otherCafe = await makeCafe(server.api, otherOwner);
  toppings = await makeOptionGroup(server.api, owner, cafe.shop, {
    name: 'Toppings',
    options: [{ name: 'Cinnamon', price: '2' }],
  });
});
afterAll(() => server?.close());

/** The ids of the café's options with these names, looked up across its Size, Milk and Extras groups. */
function chosen(of: Cafe, ...names: string[]): number[] {
  return names.map((name) => {
    const group = [of.size, of.milk, of.extras].find((entry) => entry.options.some((o) => o.name === name));
    if (!group) throw new Error(`no option ${name}`);
    return optionId(group, name);
  });
}

type Line = { menuItemId: number; quantity: number; options?: number[] };

const line = (item: MenuItem, quantity: number, options?: number[]): Line => ({
  menuItemId: item.id,
  quantity,
  ...(options === undefined ? {} : { options }),
});

const orderOf = (at: Cafe, items: Line[], extra: Record<string, unknown> = {}) => ({
  shopId: at.shop.id,
  items,
  pickupTime: soon(),
  ...extra,
});

async function place(body: Record<string, unknown>) {
  const reply = await postOrder<Order>(server.baseUrl, customer, body);
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body;
}

const linesOf = (order: Order) => JSON.parse(order.items) as OrderLine[];

/** How many orders, order lines and messages are stored: a refusal must change none of them. */
async function storedCounts() {
  const db = server.database.db;
  return {
    orders: await db.$count(orders),
    lines: await db.$count(orderLines),
    messages: await db.$count(messages),
  };
}

const orderRow = async (id: number) =>
  (await server.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const lineRows = (orderId: number) =>
  server.database.db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));

describe('prices with options', () => {
  test('3 × (R32.50 + R8.00 + R7.00) is R142.50: the line keeps its options in the item’s group order', async () => {
    const [small, oat, vanilla] = chosen(cafe, 'Small', 'Oat milk', 'Vanilla syrup');
    // Sent out of order: the line lists them Size, Milk, Extras, as the item offers its groups.
    const placed = await place(orderOf(cafe, [line(cafe.cappuccino, 3, [vanilla!, oat!, small!])]));
    expect(placed.totalAmount).toBe('142.50');
    const expectedOptions = [
      { id: small, group: 'Size', name: 'Small', price: '0.00' },
      { id: oat, group: 'Milk', name: 'Oat milk', price: '8.00' },
      { id: vanilla, group: 'Extras', name: 'Vanilla syrup', price: '7.00' },
    ];
    expect(linesOf(placed)).toEqual([
      {
        menuItemId: cafe.cappuccino.id,
        name: 'Cappuccino',
        quantity: 3,
        price: '47.50',
        options: expectedOptions,
      },
    ]);

    const storedOptions = [
      { id: small, group: 'Size', name: 'Small', priceCents: 0 },
      { id: oat, group: 'Milk', name: 'Oat milk', priceCents: 800 },
      { id: vanilla, group: 'Extras', name: 'Vanilla syrup', priceCents: 700 },
    ];
    const row = await orderRow(placed.id);
    expect(row.totalCents).toBe(14_250);
    expect(row.items).toEqual([
      {
        menuItemId: cafe.cappuccino.id,
        name: 'Cappuccino',
        quantity: 3,
        priceCents: 4750,
        options: storedOptions,
      },
    ]);
    const [stored, ...more] = await lineRows(placed.id);
    expect(more).toEqual([]);
    expect(stored).toMatchObject({
      menuItemId: cafe.cappuccino.id,
      name: 'Cappuccino',
      quantity: 3,
      priceCents: 4750,
      options: storedOptions,
      optionGroups: ['Size', 'Milk', 'Extras'],
    });
  });

  test('an order of several lines adds each line’s unit price with options times its quantity, in cents', async () => {
    const placed = await place(
      orderOf(cafe, [
        // R32.50 + R9.00 + R8.00 + R8.00 + R7.00 = R64.50, twice
        line(cafe.cappuccino, 2, chosen(cafe, 'Large', 'Almond milk', 'Extra shot', 'Caramel syrup')),
        // R25.00 + R5.00
        line(cafe.rooibos, 1, chosen(cafe, 'Regular')),
        // R28.00, twice, no options
        line(cafe.croissant, 2),
      ]),
    );
    expect(placed.totalAmount).toBe('215.00');
    expect(
      linesOf(placed).map((entry) => [entry.name, entry.quantity, entry.price, entry.options.length]),
    ).toEqual([
      ['Cappuccino', 2, '64.50', 4],
      ['Rooibos Tea', 1, '30.00', 1],
      ['Croissant', 2, '28.00', 0],
    ]);
    expect((await orderRow(placed.id)).totalCents).toBe(21_500);
    expect(
      (await lineRows(placed.id)).map((row) => [row.name, row.priceCents, row.options, row.optionGroups]),
    ).toEqual([
      ['Cappuccino', 6450, expect.any(Array), ['Size', 'Milk', 'Extras']],
      [
        'Rooibos Tea',
        3000,
        [expect.objectContaining({ group: 'Size', name: 'Regular', priceCents: 500 })],
        ['Size'],
      ],
      ['Croissant', 2800, [], null],
    ]);
  });

  test('the client’s prices are never used: line prices, option prices and totals in the body are ignored', async () => {
    const placed = await place(
      orderOf(
        cafe,
        [
          {
            ...line(cafe.cappuccino, 2, chosen(cafe, 'Large', 'Oat milk')),
            price: '0.01',
            unitPrice: '0.01',
            optionPrices: ['0.00', '0.00'],
          } as Line,
        ],
        { totalAmount: '1.00', total: '1.00' },
      ),
    );
    // 2 × (R32.50 + R9.00 + R8.00)
    expect(placed.totalAmount).toBe('99.00');
    expect(linesOf(placed)[0]!.price).toBe('49.50');
  });

  test('optional groups left empty add nothing; an item without options answers options: []', async () => {
    const placed = await place(
      orderOf(cafe, [line(cafe.cappuccino, 1, chosen(cafe, 'Regular')), line(cafe.croissant, 1)]),
    );
    expect(linesOf(placed)).toEqual([
      {
        menuItemId: cafe.cappuccino.id,
        name: 'Cappuccino',
        quantity: 1,
        price: '37.50',
        options: [{ id: chosen(cafe, 'Regular')[0], group: 'Size', name: 'Regular', price: '5.00' }],
      },
      { menuItemId: cafe.croissant.id, name: 'Croissant', quantity: 1, price: '28.00', options: [] },
    ]);
    expect(placed.totalAmount).toBe('65.50');
  });

  test('an order stored before options existed still answers options: [] on every line', async () => {
    const db = server.database.db;
    const [old] = await db
      .insert(orders)
      .values({
        shopId: cafe.shop.id,
        customerId: customer.user.id,
        items: [{ menuItemId: cafe.croissant.id, name: 'Croissant', quantity: 2, priceCents: 2800 }],
        totalCents: 5600,
      })
      .returning();
    const reply = await server.api.as(customer).get<Order>(`/api/orders/${old!.id}`);
    expect(reply.status).toBe(200);
    expect(linesOf(reply.body)).toEqual([
      { menuItemId: cafe.croissant.id, name: 'Croissant', quantity: 2, price: '28.00', options: [] },
    ]);
  });
});

describe('wrong choices are refused and nothing is stored', () => {
  const refusals: [string, () => Line[], number, string | RegExp][] = [
    [
      'a required group with nothing chosen',
      () => [line(cafe.croissant, 1), line(cafe.cappuccino, 1, chosen(cafe, 'Oat milk'))],
      400,
      'Choose a Size for Cappuccino',
    ],
    [
      'a required group with no options sent at all',
      () => [line(cafe.rooibos, 1)],
      400,
      'Choose a Size for Rooibos Tea',
    ],
    [
      'an option of a group of another item, not this one',
      () => [line(cafe.rooibos, 1, chosen(cafe, 'Small', 'Oat milk'))],
      400,
      /^Option \d+ is not offered with Rooibos Tea$/,
    ],
    [
      'an option of a group attached to no item',
      () => [line(cafe.cappuccino, 1, [...chosen(cafe, 'Small'), optionId(toppings, 'Cinnamon')])],
      400,
      /^Option \d+ is not offered with Cappuccino$/,
    ],
    [
      'an option of another shop’s group',
      () => [line(cafe.cappuccino, 1, chosen(otherCafe, 'Small'))],
      400,
      /^Option \d+ is not offered with Cappuccino$/,
    ],
    [
      'an option on an item without options',
      () => [line(cafe.croissant, 1, chosen(cafe, 'Small'))],
      400,
      /^Option \d+ is not offered with Croissant$/,
    ],
    [
      'an option that does not exist',
      () => [line(cafe.cappuccino, 1, [...chosen(cafe, 'Small'), 999_999])],
      400,
      'Option 999999 is not offered with Cappuccino',
    ],
    [
      'the same option twice',
      () => [line(cafe.cappuccino, 1, chosen(cafe, 'Small', 'Extra shot', 'Extra shot'))],
      400,
      'Extra shot is chosen twice for Cappuccino',
    ],
    [
      'two sizes where one is chosen',
      () => [line(cafe.cappuccino, 1, chosen(cafe, 'Small', 'Large'))],
      400,
      'Choose only one Size for Cappuccino',
    ],
    [
      'four extras where up to 3 are chosen',
      () => [
        line(
          cafe.cappuccino,
          1,
          chosen(cafe, 'Small', 'Extra shot', 'Vanilla syrup', 'Caramel syrup', 'Decaf'),
        ),
      ],
      400,
      'Choose at most 3 Extras for Cappuccino',
    ],
    [
      'options sent as objects with prices, not ids',
      () => [
        {
          ...line(cafe.cappuccino, 1),
          options: [{ id: chosen(cafe, 'Small')[0], price: '0' }],
        } as unknown as Line,
      ],
      400,
      /options/,
    ],
    [
      '15 + 6 of one item with different options (21 cups)',
      () => [
        line(cafe.cappuccino, 15, chosen(cafe, 'Small')),
        line(cafe.croissant, 1),
        line(cafe.cappuccino, 6, chosen(cafe, 'Large')),
      ],
      400,
      /^Cappuccino\b.*at most 20/,
    ],
    [
      '11 + 10 of one item with the same options (21 cups)',
      () => [line(cafe.rooibos, 11, chosen(cafe, 'Small')), line(cafe.rooibos, 10, chosen(cafe, 'Small'))],
      400,
      /^Rooibos Tea\b.*at most 20/,
    ],
  ];

  test.each(refusals)('refuses %s, naming the problem', async (_case, items, status, message) => {
    const before = await storedCounts();
    const reply = await postOrder<{ message: string }>(server.baseUrl, customer, orderOf(cafe, items()));
    expect(reply.status).toBe(status);
    expect(reply.body).toEqual({
      message: typeof message === 'string' ? message : expect.stringMatching(message),
    });
    expect(await storedCounts()).toEqual(before);
  });

  test('an option sold out with one PUT is 409 naming it, nothing is stored, and the other options still sell', async () => {
    const here = await makeCafe(server.api, owner);
    const soldOut = here.milk.options.map((option) =>
      option.name === 'Oat milk' ? { ...option, isAvailable: false } : option,
    );
    const put = await server.api
      .as(owner)
      .put(`/api/option-groups/${here.milk.id}`, { ...here.milk, options: soldOut });
    expect(put.status).toBe(200);

    const before = await storedCounts();
    const reply = await postOrder<{ message: string }>(
      server.baseUrl,
      customer,
      orderOf(here, [line(here.croissant, 1), line(here.cappuccino, 1, chosen(here, 'Large', 'Oat milk'))]),
    );
    expect(reply).toMatchObject({ status: 409, body: { message: 'Oat milk is sold out' } });
    expect(await storedCounts()).toEqual(before);

    const almond = await place(
      orderOf(here, [line(here.cappuccino, 1, chosen(here, 'Large', 'Almond milk'))]),
    );
    expect(almond.totalAmount).toBe('49.50');
  });
});

describe('lines with options', () => {
  test('two lines with the same item and the same options, in any order, are one line with the quantities added', async () => {
    const placed = await place(
      orderOf(cafe, [
        line(cafe.cappuccino, 2, chosen(cafe, 'Large', 'Oat milk', 'Extra shot')),
        line(cafe.croissant, 1),
        line(cafe.cappuccino, 3, chosen(cafe, 'Extra shot', 'Large', 'Oat milk')),
        line(cafe.croissant, 1, []),
      ]),
    );
    expect(linesOf(placed).map((entry) => [entry.name, entry.quantity, entry.price])).toEqual([
      ['Cappuccino', 5, '57.50'],
      ['Croissant', 2, '28.00'],
    ]);
    // 5 × (R32.50 + R9.00 + R8.00 + R8.00) + 2 × R28.00
    expect(placed.totalAmount).toBe('343.50');
    expect((await lineRows(placed.id)).map((row) => [row.name, row.quantity])).toEqual([
      ['Cappuccino', 5],
      ['Croissant', 2],
    ]);
  });

  test('the same item with other options is another line', async () => {
    const placed = await place(
      orderOf(cafe, [
        line(cafe.cappuccino, 1, chosen(cafe, 'Large', 'Oat milk')),
        line(cafe.cappuccino, 1, chosen(cafe, 'Large', 'Almond milk')),
        line(cafe.cappuccino, 1, chosen(cafe, 'Large')),
        line(cafe.cappuccino, 1, chosen(cafe, 'Large', 'Oat milk', 'Decaf')),
      ]),
    );
    expect(linesOf(placed).map((entry) => entry.options.map((option) => option.name))).toEqual([
      ['Large', 'Oat milk'],
      ['Large', 'Almond milk'],
      ['Large'],
      ['Large', 'Oat milk', 'Decaf'],
    ]);
    expect(await lineRows(placed.id)).toHaveLength(4);
    // R49.50 + R49.50 + R41.50 + R49.50
    expect(placed.totalAmount).toBe('190.00');
  });

  test('one item may have 20 cups across its lines, and every item its own 20', async () => {
    const placed = await place(
      orderOf(cafe, [
        line(cafe.cappuccino, 15, chosen(cafe, 'Small')),
        line(cafe.cappuccino, 5, chosen(cafe, 'Large')),
        line(cafe.rooibos, 20, chosen(cafe, 'Small')),
      ]),
    );
    expect(linesOf(placed).map((entry) => [entry.name, entry.quantity])).toEqual([
      ['Cappuccino', 15],
      ['Cappuccino', 5],
      ['Rooibos Tea', 20],
    ]);
  });
});

describe('past orders keep what was chosen', () => {
  test('renaming an option, changing its price, deleting it and deleting its group change no past order', async () => {
    const here = await makeCafe(server.api, owner);
    const placed = await place(
      orderOf(here, [
        line(here.cappuccino, 2, chosen(here, 'Large', 'Oat milk', 'Extra shot')),
        line(here.rooibos, 1, chosen(here, 'Small')),
      ]),
    );
    expect(placed.totalAmount).toBe('140.00');
    const asRead = (await server.api.as(customer).get<Order>(`/api/orders/${placed.id}`)).body;
    expect(asRead).toEqual(placed);
    const rowBefore = await orderRow(placed.id);
    const linesBefore = await lineRows(placed.id);

    const expectUnchanged = async (after: string) => {
      for (const who of [customer, owner]) {
        const reply = await server.api.as(who).get<Order>(`/api/orders/${placed.id}`);
        expect({ after, body: reply.body }).toEqual({ after, body: placed });
      }
      const listed = await server.api.as(owner).get<Order[]>(`/api/orders?shopId=${here.shop.id}`);
      expect(listed.body.find((order) => order.id === placed.id)).toEqual(placed);
      expect(await orderRow(placed.id)).toEqual(rowBefore);
      expect(await lineRows(placed.id)).toEqual(linesBefore);
    };

    const editMilk = (change: (option: OptionGroup['options'][number]) => object) =>
      server.api.as(owner).put<OptionGroup>(`/api/option-groups/${here.milk.id}`, {
        ...here.milk,
        options: here.milk.options.map((option) =>
          option.name === 'Oat milk' ? { ...option, ...change(option) } : option,
        ),
      });
    expect((await editMilk(() => ({ name: 'Oat' }))).status).toBe(200);
    await expectUnchanged('renaming Oat milk');
    const repriced = await editMilk(() => ({ name: 'Oat', price: '10.00' }));
    expect(repriced.status).toBe(200);
    await expectUnchanged('repricing Oat');

    const withoutExtraShot = here.extras.options.filter((option) => option.name !== 'Extra shot');
    const extras = await server.api
      .as(owner)
      .put(`/api/option-groups/${here.extras.id}`, { ...here.extras, options: withoutExtraShot });
    expect(extras.status).toBe(200);
    await expectUnchanged('deleting Extra shot');

    expect((await server.api.as(owner).delete(`/api/option-groups/${here.size.id}`)).status).toBe(204);
    await expectUnchanged('deleting the Size group');

    // New orders take the options as they are now: no Size to choose, Oat at R10.00, Extra shot gone.
    const [extraShot] = chosen(here, 'Extra shot');
    const gone = await postOrder<{ message: string }>(
      server.baseUrl,
      customer,
      orderOf(here, [line(here.cappuccino, 1, [extraShot!])]),
    );
    expect(gone).toMatchObject({
      status: 400,
      body: { message: `Option ${extraShot} is not offered with Cappuccino` },
    });
    const now = await place(orderOf(here, [line(here.cappuccino, 1, [optionId(repriced.body, 'Oat')])]));
    expect(linesOf(now)).toEqual([
      {
        menuItemId: here.cappuccino.id,
        name: 'Cappuccino',
        quantity: 1,
        price: '42.50',
        options: [{ id: optionId(repriced.body, 'Oat'), group: 'Milk', name: 'Oat', price: '10.00' }],
      },
    ]);
  });
});

describe('the order message in the chat', () => {
  test('its content and orderData carry each line’s options', async () => {
    const [large, oat, extraShot] = chosen(cafe, 'Large', 'Oat milk', 'Extra shot');
    const placed = await place(
      orderOf(cafe, [line(cafe.cappuccino, 2, [extraShot!, oat!, large!]), line(cafe.croissant, 1)]),
    );
    const found = await server.database.db
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.messageType, 'order'),
          sql`(${messages.orderData})::jsonb ->> 'orderId' = ${String(placed.id)}`,
        ),
      );
    expect(found).toHaveLength(1);
    const [message] = found;
    // 2 × (R32.50 + R9.00 + R8.00 + R8.00) + R28.00
    expect(message!.content).toBe(
      `Order #${placed.id}: 2 × Cappuccino (Large · Oat milk · Extra shot), 1 × Croissant (R143.00)`,
    );
    expect(JSON.parse(message!.orderData!)).toEqual({
      orderId: placed.id,
      items: [
        {
          menuItemId: cafe.cappuccino.id,
          name: 'Cappuccino',
          quantity: 2,
          price: '57.50',
          options: [
            { id: large, group: 'Size', name: 'Large', price: '9.00' },
            { id: oat, group: 'Milk', name: 'Oat milk', price: '8.00' },
            { id: extraShot, group: 'Extras', name: 'Extra shot', price: '8.00' },
          ],
        },
        { menuItemId: cafe.croissant.id, name: 'Croissant', quantity: 1, price: '28.00', options: [] },
      ],
      total: '143.00',
    });
  });
});
