// Order again: which lines come back into the cart, at what price, and which are reported as unavailable.
import type { MenuItem } from '@shared/api/menu';
import { expect, test } from 'vitest';
import { reorderCart } from './reorder';

const shop = { id: 7, name: 'Truth Coffee' };

function item(overrides: Partial<MenuItem> & { id: number; name: string }): MenuItem {
  return {
    shopId: 7,
    description: null,
    category: 'coffee',
    price: '30.00',
    imageUrl: null,
    isAvailable: true,
    preparationTime: '5 mins',
    ingredients: null,
    allergens: null,
    calories: null,
    isVegan: false,
    isGlutenFree: false,
    ...overrides,
  };
}

test('available items come back at today’s price and name, with their quantities', () => {
  const menu = [item({ id: 1, name: 'Flat White', price: '38.00' }), item({ id: 2, name: 'Croissant' })];
  const { cart, unavailable } = reorderCart(
    shop,
    [
      { menuItemId: 1, name: 'Flat white (old name)', quantity: 2, price: '32.50' },
      { menuItemId: 2, name: 'Croissant', quantity: 1, price: '25.00' },
    ],
    menu,
  );
  expect(unavailable).toEqual([]);
  expect(cart).toEqual({
    shopId: 7,
    shopName: 'Truth Coffee',
    lines: [
      { menuItemId: 1, name: 'Flat White', price: '38.00', quantity: 2, preparationTime: '5 mins' },
      { menuItemId: 2, name: 'Croissant', price: '30.00', quantity: 1, preparationTime: '5 mins' },
    ],
  });
});

test('sold-out, deleted and other shops’ items are named as unavailable and left out', () => {
  const menu = [
    item({ id: 1, name: 'Flat White' }),
    item({ id: 2, name: 'Muffin', isAvailable: false }),
    item({ id: 4, name: 'Stray', shopId: 99 }),
  ];
  const { cart, unavailable } = reorderCart(
    shop,
    [
      { menuItemId: 2, name: 'Muffin', quantity: 1, price: '20.00' },
      { menuItemId: 1, name: 'Flat White', quantity: 1, price: '30.00' },
      { menuItemId: 3, name: 'Seasonal Tart', quantity: 1, price: '40.00' },
      { menuItemId: null, name: 'Removed Scone', quantity: 1, price: '15.00' },
      { menuItemId: 4, name: 'Stray', quantity: 1, price: '15.00' },
    ],
    menu,
  );
  expect(cart.lines.map((line) => line.name)).toEqual(['Flat White']);
  expect(unavailable).toEqual(['Muffin', 'Seasonal Tart', 'Removed Scone', 'Stray']);
});

test('an item ordered on two lines comes back as one line with the quantities added', () => {
  const { cart } = reorderCart(
    shop,
    [
      { menuItemId: 1, name: 'Flat White', quantity: 2, price: '30.00' },
      { menuItemId: 1, name: 'Flat White', quantity: 3, price: '30.00' },
    ],
    [item({ id: 1, name: 'Flat White' })],
  );
  expect(cart.lines).toHaveLength(1);
  expect(cart.lines[0]?.quantity).toBe(5);
});
