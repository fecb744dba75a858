// A menu reads in the contract's category order, items by name, prices as rand.
import type { MenuItem } from '@shared/api/menu';
import { expect, test } from 'vitest';
import { groupMenu, priceLabel } from './menu-groups';

const item = (id: number, name: string, category: MenuItem['category']): MenuItem => ({
  id,
  shopId: 1,
  name,
  description: null,
  category,
  price: '10.00',
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

test('groups follow the category order, leave out empty ones, and sort items by name', () => {
  const groups = groupMenu([
    item(1, 'Scone', 'pastries'),
    item(2, 'Latte', 'coffee'),
    item(3, 'Espresso', 'coffee'),
  ]);
  expect(groups.map((group) => [group.label, group.items.map((entry) => entry.name)])).toEqual([
    ['Coffee', ['Espresso', 'Latte']],
    ['Pastries', ['Scone']],
  ]);
});

test('prices read as rand with two decimals', () => {
  expect(priceLabel('32.5')).toBe('R32.50');
  expect(priceLabel('32.50')).toBe('R32.50');
  expect(priceLabel('10000.00')).toBe('R10000.00');
});
