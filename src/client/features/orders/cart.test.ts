// The cart's rules: one shop at a time, a line per item and set of options, at most 20 of an item over its lines,
// totals in whole cents, kept in localStorage (and a cart an older build wrote still loads).
import { beforeAll, beforeEach, expect, test, vi } from 'vitest';

// Node has no localStorage: a Map-backed one, installed before the cart module reads it.
const stored = new Map<string, string>();
Object.assign(globalThis, {
  localStorage: {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
  },
});
let cart: typeof import('./cart');
beforeAll(async () => {
  cart = await import('./cart');
});
beforeEach(() => cart.clearCart());

const key = (menuItemId: number, ...optionIds: number[]) =>
  `${menuItemId}:${optionIds.sort((a, b) => a - b).join(',')}`;

const truth = { id: 1, name: 'Truth' };
const origin = { id: 2, name: 'Origin' };
const flatWhite = { id: 10, name: 'Flat White', price: '32.50', preparationTime: '5 mins' };
const croissant = { id: 11, name: 'Croissant', price: '25.00', preparationTime: null };

test('adding the same item twice makes one line of two, and the total is counted in cents', () => {
  cart.addToCart(truth, flatWhite);
  cart.addToCart(truth, flatWhite);
  cart.addToCart(truth, croissant);
  const current = cart.getCart();
  expect(current?.lines.map((line) => [line.name, line.quantity])).toEqual([
    ['Flat White', 2],
    ['Croissant', 1],
  ]);
  expect(cart.cartTotalCents(current)).toBe(9000);
  expect(cart.cartCount(current)).toBe(3);
});

test('the cart is written to localStorage and an emptied cart leaves nothing behind', () => {
  cart.addToCart(truth, flatWhite);
  expect(JSON.parse(stored.get(cart.CART_STORAGE_KEY) ?? 'null')).toMatchObject({
    shopId: 1,
    shopName: 'Truth',
  });
  cart.setQuantity(key(flatWhite.id), 0);
  expect(cart.getCart()).toBeNull();
  expect(stored.has(cart.CART_STORAGE_KEY)).toBe(false);
});

test('quantities stay within 1 to 20', () => {
  cart.addToCart(truth, flatWhite);
  cart.setQuantity(key(flatWhite.id), 25);
  expect(cart.getCart()?.lines[0]?.quantity).toBe(20);
  cart.addToCart(truth, flatWhite);
  expect(cart.getCart()?.lines[0]?.quantity).toBe(20);
});

test('a cart holds one shop: another shop is reported, and adding from it starts over', () => {
  cart.addToCart(truth, flatWhite);
  expect(cart.holdsOtherShop(origin.id)).toBe(true);
  expect(cart.holdsOtherShop(truth.id)).toBe(false);
  cart.addToCart(origin, croissant);
  expect(cart.getCart()).toMatchObject({ shopId: 2, shopName: 'Origin' });
  expect(cart.getCart()?.lines.map((line) => line.name)).toEqual(['Croissant']);
});

const large = { id: 101, group: 'Size', name: 'Large', price: '9.00' };
const regular = { id: 100, group: 'Size', name: 'Regular', price: '5.00' };
const oat = { id: 201, group: 'Milk', name: 'Oat milk', price: '8.00' };
const shot = { id: 301, group: 'Extras', name: 'Extra shot', price: '8.00' };

test('the same item with the same options, chosen in any order, is one line; other options make another line', () => {
  cart.addToCart(truth, flatWhite, [large, oat], 2);
  cart.addToCart(truth, flatWhite, [oat, large]);
  cart.addToCart(truth, flatWhite, [regular]);
  cart.addToCart(truth, flatWhite);
  const lines = cart.getCart()?.lines ?? [];
  expect(lines.map((line) => [cart.cartLineKey(line), line.quantity, line.price])).toEqual([
    ['10:101,201', 3, '49.50'],
    ['10:100', 1, '37.50'],
    ['10:', 1, '32.50'],
  ]);
  expect(cart.cartLineLabel(lines[0]!)).toBe('Flat White, Large · Oat milk');
  // 3 × (32.50 + 9.00 + 8.00) + 37.50 + 32.50, in whole cents.
  expect(cart.cartTotalCents(cart.getCart())).toBe(3 * 4950 + 3750 + 3250);
});

test('one item’s quantity over all its lines is at most 20', () => {
  cart.addToCart(truth, flatWhite, [large], 15);
  cart.addToCart(truth, flatWhite, [regular], 10);
  expect(cart.getCart()?.lines.map((line) => line.quantity)).toEqual([15, 5]);
  cart.addToCart(truth, flatWhite, [oat]);
  expect(cart.getCart()?.lines).toHaveLength(2);
  cart.setQuantity(key(flatWhite.id, large.id), 19);
  expect(cart.getCart()?.lines.map((line) => line.quantity)).toEqual([15, 5]);
  cart.setQuantity(key(flatWhite.id, regular.id), 2);
  cart.setQuantity(key(flatWhite.id, large.id), 19);
  expect(cart.getCart()?.lines.map((line) => line.quantity)).toEqual([18, 2]);
  expect(cart.itemQuantity(cart.getCart()?.lines ?? [], flatWhite.id)).toBe(20);
});

test('an edited line keeps its place with its new options, or joins the line that already has them', () => {
  cart.addToCart(truth, flatWhite, [large], 2);
  cart.addToCart(truth, croissant);
  cart.addToCart(truth, flatWhite, [regular], 1);
  cart.replaceLine(key(flatWhite.id, large.id), flatWhite, [large, shot], 3);
  expect(cart.getCart()?.lines.map((line) => [cart.cartLineKey(line), line.quantity, line.price])).toEqual([
    ['10:101,301', 3, '49.50'],
    ['11:', 1, '25.00'],
    ['10:100', 1, '37.50'],
  ]);
  cart.replaceLine(key(flatWhite.id, regular.id), flatWhite, [large, shot], 1);
  expect(cart.getCart()?.lines.map((line) => [cart.cartLineKey(line), line.quantity])).toEqual([
    ['10:101,301', 4],
    ['11:', 1],
  ]);
});

test('a cart stored by a build without options loads, its lines taken as having none', async () => {
  stored.set(
    cart.CART_STORAGE_KEY,
    JSON.stringify({
      shopId: 1,
      shopName: 'Truth',
      lines: [{ menuItemId: 10, name: 'Flat White', price: '32.50', quantity: 2, preparationTime: null }],
    }),
  );
  vi.resetModules();
  const fresh = await import('./cart');
  expect(fresh.getCart()?.lines).toEqual([
    { menuItemId: 10, name: 'Flat White', price: '32.50', quantity: 2, preparationTime: null, options: [] },
  ]);
  fresh.addToCart(truth, flatWhite);
  expect(fresh.getCart()?.lines.map((line) => line.quantity)).toEqual([3]);
});

test('chosen option ids become the cart’s options in the item’s order, with their group’s name', () => {
  const groups = [
    {
      id: 1,
      shopId: 1,
      name: 'Size',
      minSelected: 1,
      maxSelected: 1,
      options: [
        { id: 100, name: 'Regular', price: '5.00', isDefault: true, isAvailable: true },
        { id: 101, name: 'Large', price: '9.00', isDefault: false, isAvailable: true },
      ],
    },
    {
      id: 2,
      shopId: 1,
      name: 'Milk',
      minSelected: 0,
      maxSelected: 1,
      options: [{ id: 201, name: 'Oat milk', price: '8.00', isDefault: false, isAvailable: true }],
    },
  ];
  expect(cart.chosenOptions(groups, [201, 101])).toEqual([large, oat]);
  expect(cart.unitPriceOf('32.50', [large, oat])).toBe(4950);
});
