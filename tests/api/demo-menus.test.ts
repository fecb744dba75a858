// The demo data's menus and hours through the public API (issue 9, Demo data): a newcomer's `npm start` shows
// full shop pages, so every demo shop has a varied menu and a week of hours, and one has a special day.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { seedDemoData } from '../../src/server/db/demo-data.js';
import type { BusinessHours, SpecialDay } from '../../src/shared/api/hours.js';
import type { MenuItem } from '../../src/shared/api/menu.js';
import type { Shop } from '../../src/shared/api/shops.js';
import { localDateOf } from '../../src/shared/domain/local-date.js';
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
});
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
