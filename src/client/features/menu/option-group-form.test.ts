// The option group form: a kind instead of numbers, saved options sent back with their ids, prices as typed, and
// one default in a choose-one group.
import type { OptionGroup } from '@shared/api/option-groups';
import { expect, test } from 'vitest';
import {
  bodyFromForm,
  bodyFromGroup,
  emptyOptionGroupForm,
  formFromGroup,
  kindLabel,
  kindOf,
  limitsOf,
  setDefault,
  withKind,
} from './option-group-form';

const milk: OptionGroup = {
  id: 4,
  shopId: 9,
  name: 'Milk',
  minSelected: 1,
  maxSelected: 1,
  options: [
    { id: 40, name: 'Full cream', price: '0.00', isDefault: true, isAvailable: true },
    { id: 41, name: 'Oat milk', price: '8.00', isDefault: false, isAvailable: false },
  ],
};

test('each kind reads as the owner says it and becomes a minimum and a maximum', () => {
  expect(kindOf({ minSelected: 1, maxSelected: 1 })).toBe('one');
  expect(kindOf({ minSelected: 0, maxSelected: 3 })).toBe('upTo');
  expect(kindOf({ minSelected: 1, maxSelected: 2 })).toBe('atLeast');
  expect(kindOf({ minSelected: 2, maxSelected: 3 })).toBe('atLeast');
  const numbers = { atLeast: 1, upTo: 3 };
  expect(kindLabel('one', numbers)).toBe('Choose one (required)');
  expect(kindLabel('upTo', numbers)).toBe('Optional, up to 3');
  expect(kindLabel('atLeast', numbers)).toBe('Choose at least 1, up to 3');
  expect(limitsOf({ kind: 'one', ...numbers })).toEqual({ minSelected: 1, maxSelected: 1 });
  expect(limitsOf({ kind: 'upTo', ...numbers })).toEqual({ minSelected: 0, maxSelected: 3 });
  expect(limitsOf({ kind: 'atLeast', atLeast: 2, upTo: 1 })).toEqual({ minSelected: 2, maxSelected: 2 });
});

test('a saved group edited keeps its options’ ids; new rows go without one, prices as typed, empty as 0', () => {
  const form = formFromGroup(milk);
  form.name = ' Milk ';
  form.options.push({ rowKey: 'new', name: ' Soy milk ', price: '6', isDefault: false, isAvailable: true });
  form.options.push({ rowKey: 'new2', name: 'No milk', price: ' ', isDefault: false, isAvailable: true });
  expect(bodyFromForm(9, form)).toEqual({
    shopId: 9,
    name: 'Milk',
    minSelected: 1,
    maxSelected: 1,
    options: [
      { id: 40, name: 'Full cream', price: '0.00', isDefault: true, isAvailable: true },
      { id: 41, name: 'Oat milk', price: '8.00', isDefault: false, isAvailable: false },
      { name: 'Soy milk', price: '6', isDefault: false, isAvailable: true },
      { name: 'No milk', price: '0', isDefault: false, isAvailable: true },
    ],
  });
});

test('the Sold out switch sends the whole group back, every option with its id', () => {
  expect(bodyFromGroup(milk)).toEqual({
    shopId: 9,
    name: 'Milk',
    minSelected: 1,
    maxSelected: 1,
    options: milk.options,
  });
});

test('a choose-one group has one default: ticking another clears the first', () => {
  const form = formFromGroup(milk);
  expect(setDefault(form, 'saved-41', true).map((row) => row.isDefault)).toEqual([false, true]);
  const extras = { ...withKind(form, 'upTo'), upTo: 3 };
  const twoDefaults = { ...extras, options: setDefault(extras, 'saved-41', true) };
  expect(twoDefaults.options.map((row) => row.isDefault)).toEqual([true, true]);
  // Back to choose one: the first default stays.
  expect(withKind(twoDefaults, 'one').options.map((row) => row.isDefault)).toEqual([true, false]);
});

test('a new group starts as choose one with two empty option rows', () => {
  const form = emptyOptionGroupForm();
  expect(form.kind).toBe('one');
  expect(form.options).toHaveLength(2);
  expect(new Set(form.options.map((row) => row.rowKey)).size).toBe(2);
});
