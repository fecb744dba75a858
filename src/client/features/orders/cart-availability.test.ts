// A cart line against the menu as it is now: sold out, gone, an option sold out or gone, or fine.
import type { MenuItem } from '@shared/api/menu';
import { expect, test } from 'vitest';
import { orderableLines, unavailableReason } from './cart-availability';

const milk = {
  id: 7,
  shopId: 1,
  name: 'Milk',
  minSelected: 0,
  maxSelected: 1,
  options: [
    { id: 70, name: 'Oat milk', price: '6.00', isDefault: false, isAvailable: true },
    { id: 71, name: 'Almond milk', price: '7.00', isDefault: false, isAvailable: false },
  ],
};
const latte: MenuItem = {
  id: 10,
  shopId: 1,
  name: 'Latte',
  description: null,
  category: 'coffee',
  price: '35.00',
  imageUrl: null,
  isAvailable: true,
  preparationTime: null,
  ingredients: null,
  allergens: null,
  calories: null,
  isVegan: false,
  isGlutenFree: false,
  optionGroups: [milk],
};
const oat = { id: 70, group: 'Milk', name: 'Oat milk', price: '6.00' };
const almond = { id: 71, group: 'Milk', name: 'Almond milk', price: '7.00' };

test('a line of an item on sale, with options on sale, can be ordered', () => {
  expect(unavailableReason({ menuItemId: 10, options: [oat] }, [latte])).toBeNull();
  expect(unavailableReason({ menuItemId: 10, options: [] }, [latte])).toBeNull();
});

test('an item sold out, or taken off the menu, is said so', () => {
  expect(unavailableReason({ menuItemId: 10, options: [] }, [{ ...latte, isAvailable: false }])).toBe(
    'Sold out',
  );
  expect(unavailableReason({ menuItemId: 10, options: [] }, [])).toBe('No longer on the menu');
});

test('an option sold out, or no longer offered, is named', () => {
  expect(unavailableReason({ menuItemId: 10, options: [almond] }, [latte])).toBe('Almond milk is sold out');
  const withoutOat = { ...latte, optionGroups: [{ ...milk, options: [milk.options[1]!] }] };
  expect(unavailableReason({ menuItemId: 10, options: [oat] }, [withoutOat])).toBe(
    'Oat milk is no longer offered',
  );
});

test('before the menu is in, nothing is judged', () => {
  expect(unavailableReason({ menuItemId: 10, options: [] }, undefined)).toBeNull();
});

test('only the lines that can be ordered are counted in the total', () => {
  const lines = [
    { menuItemId: 10, options: [oat] },
    { menuItemId: 10, options: [almond] },
    { menuItemId: 11, options: [] },
  ];
  expect(orderableLines(lines, [latte])).toEqual([lines[0]]);
  expect(orderableLines(lines, undefined)).toEqual(lines);
});
