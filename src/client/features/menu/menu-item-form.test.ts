// The menu item form sends what spec §5 asks: trimmed lists or null, integer calories, empty fields as null.
import { expect, test } from 'vitest';
import { attachGroup, bodyFromForm, commaList, emptyMenuItemForm, moveGroup } from './menu-item-form';

test('comma lists are trimmed, empty entries dropped, and an empty list is null', () => {
  expect(commaList(' milk , ,oats ')).toEqual(['milk', 'oats']);
  expect(commaList(' , ')).toBeNull();
});

test('a form with only a name and price sends nulls for the optional fields and coffee as category', () => {
  const body = bodyFromForm(7, {
    ...emptyMenuItemForm,
    name: ' Flat White ',
    price: '32.50',
    calories: '120.7',
  });
  expect(body).toEqual({
    shopId: 7,
    name: 'Flat White',
    description: null,
    category: 'coffee',
    price: '32.50',
    imageUrl: null,
    preparationTime: null,
    ingredients: null,
    allergens: null,
    calories: 120,
    isVegan: false,
    isGlutenFree: false,
    isAvailable: true,
    optionGroupIds: [],
  });
});

test('groups attached to an item keep the order the owner gives them, and that order is sent', () => {
  let ids = attachGroup([], 3, true);
  ids = attachGroup(ids, 1, true);
  ids = attachGroup(ids, 2, true);
  expect(ids).toEqual([3, 1, 2]);
  expect(moveGroup(ids, 2, -1)).toEqual([3, 2, 1]);
  expect(moveGroup(ids, 3, -1)).toEqual([3, 1, 2]);
  expect(moveGroup(ids, 2, 1)).toEqual([3, 1, 2]);
  expect(attachGroup(ids, 1, false)).toEqual([3, 2]);
  expect(attachGroup(ids, 1, true)).toEqual([3, 1, 2]);
  expect(bodyFromForm(7, { ...emptyMenuItemForm, optionGroupIds: [3, 2] }).optionGroupIds).toEqual([3, 2]);
});
