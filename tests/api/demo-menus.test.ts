// The demo data's menus and hours through the public API (issue 9, Demo data): a newcomer's `npm start` shows
// full shop pages, so every demo shop has a varied menu and a week of hours, and one has a special day; its drinks
// carry options and its orders use them as placing an order stores them (issue 25).
import { afterAll, beforeAll, expect, test } from 'vitest';
import { seedDemoData } from '../../src/server/db/demo-data.js';
import { orderLines, orders } from '../../src/server/db/schema.js';
import type { BusinessHours, SpecialDay } from '../../src/shared/api/hours.js';
import type { MenuItem } from '../../src/shared/api/menu.js';
import type { Shop } from '../../src/shared/api/shops.js';
import { localDateOf } from '../../src/shared/domain/local-date.js';
import { randToCents } from '../../src/shared/domain/money.js';
import { selectionProblem } from '../../src/shared/domain/option-selection.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let server: TestApp;
let shops: Shop[];
const menus = new Map<number, MenuItem[]>();
const weeks = new Map<number, BusinessHours[]>();
const specialDays = new Map<number, SpecialDay[]>();

beforeAll(async () => {
  server = await startTestApp();
  await seedDemoData(server.database.db);
  shops = (await server.api.get<Shop[]>('/api/coffee-shops?limit=100')).body;
  for (const shop of shops) {
    menus.set(shop.id, (await server.api.get<MenuItem[]>(`/api/menu-items/${shop.id}`)).body);
    weeks.set(shop.id, (await server.api.get<BusinessHours[]>(`/api/business-hours/${shop.id}`)).body);
    specialDays.set(shop.id, (await server.api.get<SpecialDay[]>(`/api/special-hours/${shop.id}`)).body);
  }
  // The whole demo (about 5,800 orders with their lines and options) is seeded here: a few seconds alone, but past
  // the default hook time when the machine is shared with other suites.
}, 180_000);
afterAll(() => server?.close());

test('every demo shop has 8 to 15 menu items over at least three categories, Flat White among them', () => {
  expect(shops.length).toBeGreaterThanOrEqual(10);
  for (const shop of shops) {
    const menu = menus.get(shop.id)!;
    expect(menu.length, shop.name).toBeGreaterThanOrEqual(8);
    expect(menu.length, shop.name).toBeLessThanOrEqual(15);
    expect(new Set(menu.map((item) => item.category)).size, shop.name).toBeGreaterThanOrEqual(3);
    expect(
      menu.map((item) => item.name),
      shop.name,
    ).toContain('Flat White');
    for (const item of menu) expect(item.price, item.name).toMatch(/^\d+\.\d{2}$/);
  }
});

test('the menus differ from shop to shop and carry sold-out, vegan, gluten-free and allergen marks', () => {
  const lists = new Set(
    shops.map((shop) =>
      menus
        .get(shop.id)!
        .map((item) => item.name)
        .join('|'),
    ),
  );
  expect(lists.size).toBe(shops.length);
  const all = [...menus.values()].flat();
  const soldOut = all.filter((item) => !item.isAvailable);
  expect(soldOut.length).toBeGreaterThanOrEqual(3);
  expect(soldOut.length).toBeLessThan(all.length / 10);
  expect(all.some((item) => item.isVegan)).toBe(true);
  expect(all.some((item) => item.isGlutenFree)).toBe(true);
  expect(all.some((item) => item.allergens?.includes('milk'))).toBe(true);
  expect(all.every((item) => item.preparationTime !== null)).toBe(true);
});

test('every demo shop has its seven days, and some close on Sunday', () => {
  for (const shop of shops) {
    expect(
      weeks.get(shop.id)!.map((day) => day.dayOfWeek),
      shop.name,
    ).toEqual([0, 1, 2, 3, 4, 5, 6]);
  }
  const closedOnSunday = shops.filter((shop) => weeks.get(shop.id)![0]!.isClosed);
  expect(closedOnSunday.length).toBeGreaterThan(0);
  expect(closedOnSunday.length).toBeLessThan(shops.length);
});

test('a demo shop is closed on the coming public holiday, which is still ahead', () => {
  const withSpecialDays = shops.filter((shop) => specialDays.get(shop.id)!.length > 0);
  expect(withSpecialDays.map((shop) => shop.name).sort()).toEqual(['Father Coffee', 'Rosetta Roastery']);
  const [closed] = specialDays.get(withSpecialDays.find((shop) => shop.name === 'Rosetta Roastery')!.id)!;
  expect(closed).toMatchObject({ isClosed: true, openTime: null, closeTime: null });
  expect(closed!.date >= localDateOf()).toBe(true);
});

test('the demo Cappuccino offers Size, Milk and Extras in that order, Regular and Full cream chosen at first', () => {
  for (const shop of shops) {
    const cappuccino = menus.get(shop.id)!.find((item) => item.name === 'Cappuccino')!;
    expect(
      cappuccino.optionGroups.map((group) => [group.name, group.minSelected, group.maxSelected]),
      shop.name,
    ).toEqual([
      ['Size', 1, 1],
      ['Milk', 1, 1],
      ['Extras', 0, 3],
    ]);
    const [size, milk, extras] = cappuccino.optionGroups;
    expect(size!.options.map((option) => `${option.name} ${option.price}`)).toEqual([
      'Small 0.00',
      'Regular 5.00',
      'Large 9.00',
    ]);
    const defaults = cappuccino.optionGroups.flatMap((group) =>
      group.options.filter((option) => option.isDefault).map((option) => option.name),
    );
    expect(defaults, shop.name).toEqual(['Regular', 'Full cream']);
    expect(milk!.options.map((option) => option.name)).toContain('Oat milk');
    expect(extras!.options.map((option) => option.name)).toContain('Extra shot');
  }
  // Black coffee has no milk, teas only a size, food nothing.
  const all = [...menus.values()].flat();
  const groupsOf = (name: string) =>
    all.find((item) => item.name === name)?.optionGroups.map((group) => group.name);
  expect(groupsOf('Americano')).toEqual(['Size', 'Extras']);
  expect(groupsOf('Earl Grey')).toEqual(['Size']);
  expect(groupsOf('Butter Croissant')).toEqual([]);
});

test('one demo shop has sold out of oat milk', () => {
  const soldOut = shops.flatMap((shop) => {
    const groups = menus.get(shop.id)!.find((item) => item.name === 'Cappuccino')!.optionGroups;
    return groups.flatMap((group) =>
      group.options.filter((option) => !option.isAvailable).map((option) => `${shop.name}: ${option.name}`),
    );
  });
  expect(soldOut).toEqual(['Bootlegger Coffee Company: Oat milk']);
});

test('demo orders are priced with their options, as placing them would have, and totals are the sum of lines', async () => {
  type StoredLine = {
    menuItemId: number;
    quantity: number;
    priceCents: number;
    options: { id: number; group: string; name: string; priceCents: number }[];
  };
  const items = new Map([...menus.values()].flat().map((item) => [item.id, item]));
  const rows = await server.database.db.select().from(orders);
  // Each order_lines row as the text of what it must equal: its order's line, with the groups its item offered.
  const tableLines = new Set(
    (await server.database.db.select().from(orderLines)).map((line) =>
      JSON.stringify([
        line.orderId,
        line.menuItemId,
        line.quantity,
        line.priceCents,
        line.options,
        line.optionGroups,
      ]),
    ),
  );
  // Thousands of lines: gather what is wrong and check once, so a failure counts them and shows the first.
  const wrong: string[] = [];
  let linesWithOptions = 0;
  for (const order of rows) {
    const stored = order.items as StoredLine[];
    const sum = stored.reduce((total, line) => total + line.priceCents * line.quantity, 0);
    if (order.totalCents !== sum) wrong.push(`order ${order.id}: total ${order.totalCents}, lines ${sum}`);
    for (const line of stored) {
      const item = items.get(line.menuItemId)!;
      const where = `order ${order.id}, ${item.name}`;
      const chosen = line.options.map((option) => option.id);
      // A choice the server takes today (no sold-out option), each option at its menu price.
      const problem = selectionProblem(item.name, item.optionGroups, chosen);
      if (problem) wrong.push(`${where}: ${problem.message}`);
      const menuPrices = item.optionGroups
        .flatMap((group) => group.options)
        .filter((option) => chosen.includes(option.id))
        .map((option) => randToCents(Number(option.price)));
      const optionPrices = line.options.map((option) => option.priceCents);
      if (JSON.stringify(optionPrices.toSorted()) !== JSON.stringify(menuPrices.toSorted()))
        wrong.push(`${where}: options priced ${optionPrices}, menu ${menuPrices}`);
      const unit = randToCents(Number(item.price)) + optionPrices.reduce((total, cents) => total + cents, 0);
      if (line.priceCents !== unit)
        wrong.push(`${where}: unit price ${line.priceCents}, item + options ${unit}`);
      const offered = item.optionGroups.map((group) => group.name);
      const row = [order.id, line.menuItemId, line.quantity, line.priceCents, line.options];
      if (!tableLines.has(JSON.stringify([...row, offered.length > 0 ? offered : null])))
        wrong.push(`${where}: no order_lines row with its options and the groups offered`);
      if (line.options.length > 0) linesWithOptions += 1;
    }
  }
  expect(wrong.length, wrong.slice(0, 10).join('\n')).toBe(0);
  expect(tableLines.size).toBeGreaterThan(rows.length);
  expect(linesWithOptions).toBeGreaterThan(rows.length / 2);
});

test('demo customers choose options as cafés see them: mostly Regular, a quarter Large, some oat or almond', async () => {
  const lines = await server.database.db.select().from(orderLines);
  const cupsOffered = (group: string) =>
    lines.filter((line) => line.optionGroups?.includes(group)).reduce((sum, line) => sum + line.quantity, 0);
  const share = (group: string, names: string[]) =>
    lines
      .filter((line) =>
        (line.options as { group: string; name: string }[]).some(
          (option) => option.group === group && names.includes(option.name),
        ),
      )
      .reduce((sum, line) => sum + line.quantity, 0) / cupsOffered(group);
  expect(share('Size', ['Regular'])).toBeGreaterThan(0.5);
  expect(share('Size', ['Large'])).toBeGreaterThan(0.2);
  expect(share('Size', ['Large'])).toBeLessThan(0.3);
  expect(share('Milk', ['Oat milk', 'Almond milk'])).toBeGreaterThan(0.25);
  expect(share('Milk', ['Oat milk', 'Almond milk'])).toBeLessThan(0.35);
  expect(share('Extras', ['Extra shot'])).toBeGreaterThan(0.15);
  expect(share('Extras', ['Extra shot'])).toBeLessThan(0.25);
});
