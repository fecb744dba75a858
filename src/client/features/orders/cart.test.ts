// The cart's rules: one shop at a time, quantities 1–20, totals in whole cents, kept in localStorage.
import { beforeAll, beforeEach, expect, test } from 'vitest';

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
  cart.setQuantity(flatWhite.id, 0);
  expect(cart.getCart()).toBeNull();
  expect(stored.has(cart.CART_STORAGE_KEY)).toBe(false);
});

test('quantities stay within 1 to 20', () => {
  cart.addToCart(truth, flatWhite);
  cart.setQuantity(flatWhite.id, 25);
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
