// Order again: which lines come back into the cart, at what price and with which options, which are reported as
// unavailable, and which must be chosen again in the item's sheet.
import type { MenuItem } from '@shared/api/menu';
import type { OptionGroup } from '@shared/api/option-groups';
import type { OrderLine } from '@shared/api/orders';
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
    optionGroups: [],
    ...overrides,
  };
}

test('available items come back at today’s price and name, with their quantities', () => {
  const menu = [item({ id: 1, name: 'Flat White', price: '38.00' }), item({ id: 2, name: 'Croissant' })];
  const { cart, unavailable } = reorderCart(
    shop,
    [
      { menuItemId: 1, name: 'Flat white (old name)', quantity: 2, price: '32.50', options: [] },
      { menuItemId: 2, name: 'Croissant', quantity: 1, price: '25.00', options: [] },
    ],
    menu,
  );
  expect(unavailable).toEqual([]);
  expect(cart).toEqual({
    shopId: 7,
    shopName: 'Truth Coffee',
    lines: [
      {
        menuItemId: 1,
        name: 'Flat White',
        price: '38.00',
        options: [],
        quantity: 2,
        preparationTime: '5 mins',
      },
      {
        menuItemId: 2,
        name: 'Croissant',
        price: '30.00',
        options: [],
        quantity: 1,
        preparationTime: '5 mins',
      },
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
      { menuItemId: 2, name: 'Muffin', quantity: 1, price: '20.00', options: [] },
      { menuItemId: 1, name: 'Flat White', quantity: 1, price: '30.00', options: [] },
      { menuItemId: 3, name: 'Seasonal Tart', quantity: 1, price: '40.00', options: [] },
      { menuItemId: null, name: 'Removed Scone', quantity: 1, price: '15.00', options: [] },
      { menuItemId: 4, name: 'Stray', quantity: 1, price: '15.00', options: [] },
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
      { menuItemId: 1, name: 'Flat White', quantity: 2, price: '30.00', options: [] },
      { menuItemId: 1, name: 'Flat White', quantity: 3, price: '30.00', options: [] },
    ],
    [item({ id: 1, name: 'Flat White' })],
  );
  expect(cart.lines).toHaveLength(1);
  expect(cart.lines[0]?.quantity).toBe(5);
});

function group(overrides: Partial<OptionGroup> & Pick<OptionGroup, 'id' | 'name' | 'options'>): OptionGroup {
  return { shopId: 7, minSelected: 0, maxSelected: 1, ...overrides };
}
const option = (id: number, name: string, price: string, isAvailable = true) => ({
  id,
  name,
  price,
  isDefault: false,
  isAvailable,
});
const size = group({
  id: 1,
  name: 'Size',
  minSelected: 1,
  options: [option(10, 'Regular', '5.00'), option(11, 'Large', '9.00')],
});
const milk = group({
  id: 2,
  name: 'Milk',
  options: [option(20, 'Full cream', '0.00'), option(21, 'Oat milk', '8.00')],
});
const extras = group({ id: 3, name: 'Extras', maxSelected: 3, options: [option(30, 'Extra shot', '8.00')] });
const ordered = (id: number, groupName: string, name: string, price: string) => ({
  id,
  group: groupName,
  name,
  price,
});

test('options come back by id, with today’s names and prices in the unit price', () => {
  const cappuccino = item({
    id: 1,
    name: 'Cappuccino',
    price: '34.00',
    optionGroups: [size, milk, { ...extras, options: [option(30, 'Double shot', '10.00')] }],
  });
  const { cart, toChoose } = reorderCart(
    shop,
    [
      {
        menuItemId: 1,
        name: 'Cappuccino',
        quantity: 2,
        price: '55.00',
        options: [
          ordered(11, 'Size', 'Large', '9.00'),
          ordered(21, 'Milk', 'Oat milk', '8.00'),
          ordered(30, 'Extras', 'Extra shot', '8.00'),
        ],
      },
    ],
    [cappuccino],
  );
  expect(toChoose).toEqual([]);
  expect(cart.lines).toEqual([
    {
      menuItemId: 1,
      name: 'Cappuccino',
      // 34.00 + 9.00 + 8.00 + 10.00 today.
      price: '61.00',
      options: [
        ordered(11, 'Size', 'Large', '9.00'),
        ordered(21, 'Milk', 'Oat milk', '8.00'),
        ordered(30, 'Extras', 'Double shot', '10.00'),
      ],
      quantity: 2,
      preparationTime: '5 mins',
    },
  ]);
});

test('a sold-out or removed option is named, and its line is chosen again with what still holds', () => {
  const cappuccino = item({
    id: 1,
    name: 'Cappuccino',
    optionGroups: [
      size,
      { ...milk, options: [option(20, 'Full cream', '0.00'), option(21, 'Oat milk', '8.00', false)] },
    ],
  });
  const latte = item({ id: 2, name: 'Latte', optionGroups: [size, extras] });
  const { cart, toChoose, unavailable } = reorderCart(
    shop,
    [
      {
        menuItemId: 1,
        name: 'Cappuccino',
        quantity: 1,
        price: '51.00',
        options: [ordered(11, 'Size', 'Large', '9.00'), ordered(21, 'Milk', 'Oat milk', '8.00')],
      },
      {
        menuItemId: 2,
        name: 'Latte',
        quantity: 3,
        price: '47.00',
        options: [ordered(10, 'Size', 'Regular', '5.00'), ordered(31, 'Extras', 'Hazelnut syrup', '7.00')],
      },
    ],
    [cappuccino, latte],
  );
  expect(cart.lines).toEqual([]);
  expect(unavailable).toEqual([]);
  expect(toChoose).toEqual([
    { item: cappuccino, optionIds: [11], quantity: 1, reason: 'Oat milk is sold out — choose again' },
    {
      item: latte,
      optionIds: [10],
      quantity: 3,
      reason: 'Hazelnut syrup is no longer offered — choose again',
    },
  ]);
});

test('a line from before a group became required is chosen again, naming the group', () => {
  const flatWhite = item({ id: 1, name: 'Flat White', optionGroups: [size] });
  const { cart, toChoose } = reorderCart(
    shop,
    // An order from before options: its line has no options key at all.
    [{ menuItemId: 1, name: 'Flat White', quantity: 1, price: '30.00' } as OrderLine],
    [flatWhite],
  );
  expect(cart.lines).toEqual([]);
  expect(toChoose).toEqual([
    { item: flatWhite, optionIds: [], quantity: 1, reason: 'Choose a Size for Flat White' },
  ]);
});

test('the same item with other options stays two lines; with the same options, one', () => {
  const latte = item({ id: 1, name: 'Latte', optionGroups: [size] });
  const { cart } = reorderCart(
    shop,
    [
      {
        menuItemId: 1,
        name: 'Latte',
        quantity: 2,
        price: '35.00',
        options: [ordered(10, 'Size', 'Regular', '5.00')],
      },
      {
        menuItemId: 1,
        name: 'Latte',
        quantity: 1,
        price: '39.00',
        options: [ordered(11, 'Size', 'Large', '9.00')],
      },
      {
        menuItemId: 1,
        name: 'Latte',
        quantity: 4,
        price: '35.00',
        options: [ordered(10, 'Size', 'Regular', '5.00')],
      },
    ],
    [latte],
  );
  expect(cart.lines.map((line) => [line.options.map((chosen) => chosen.name), line.quantity])).toEqual([
    [['Regular'], 6],
    [['Large'], 1],
  ]);
});
