// Unit tests of the option selection rule that the sheet and the server share (issue 25).
import { describe, expect, test } from 'vitest';
import {
  chosenInOrder,
  defaultSelection,
  groupInstruction,
  lineKey,
  optionsLabel,
  type SelectableGroup,
  selectionProblem,
  unitPriceCents,
} from './option-selection.js';

const size: SelectableGroup = {
  id: 1,
  name: 'Size',
  minSelected: 1,
  maxSelected: 1,
  options: [
    { id: 11, name: 'Small', isAvailable: true },
    { id: 12, name: 'Regular', isAvailable: true, isDefault: true },
    { id: 13, name: 'Large', isAvailable: true },
  ],
};
const milk: SelectableGroup = {
  id: 2,
  name: 'Milk',
  minSelected: 0,
  maxSelected: 1,
  options: [
    { id: 21, name: 'Full cream', isAvailable: true, isDefault: true },
    { id: 22, name: 'Oat milk', isAvailable: false },
  ],
};
const extras: SelectableGroup = {
  id: 3,
  name: 'Extras',
  minSelected: 0,
  maxSelected: 2,
  options: [
    { id: 31, name: 'Extra shot', isAvailable: true },
    { id: 32, name: 'Vanilla syrup', isAvailable: true },
    { id: 33, name: 'Decaf', isAvailable: true },
  ],
};
const groups = [size, milk, extras];

describe('selectionProblem', () => {
  test('a required group with nothing chosen names the group and the item', () => {
    expect(selectionProblem('Cappuccino', groups, [])).toEqual({
      kind: 'invalid',
      message: 'Choose a Size for Cappuccino',
    });
  });

  test('accepts one size, no milk and up to two extras', () => {
    expect(selectionProblem('Cappuccino', groups, [13])).toBeNull();
    expect(selectionProblem('Cappuccino', groups, [31, 13, 32])).toBeNull();
  });

  test('refuses more than a group allows, two of a choose-one group, repeats and strangers', () => {
    expect(selectionProblem('Cappuccino', groups, [13, 31, 32, 33])?.message).toBe(
      'Choose at most 2 Extras for Cappuccino',
    );
    expect(selectionProblem('Cappuccino', groups, [11, 13])?.message).toBe(
      'Choose only one Size for Cappuccino',
    );
    expect(selectionProblem('Cappuccino', groups, [13, 31, 31])?.message).toBe(
      'Extra shot is chosen twice for Cappuccino',
    );
    expect(selectionProblem('Cappuccino', groups, [13, 99])?.message).toBe(
      'Option 99 is not offered with Cappuccino',
    );
  });

  test('a sold-out choice is its own kind, checked after the counts', () => {
    expect(selectionProblem('Cappuccino', groups, [13, 22])).toEqual({
      kind: 'sold_out',
      message: 'Oat milk is sold out',
    });
  });

  test('at least N names the number; an item without groups takes no options', () => {
    const pick2 = { ...extras, minSelected: 2 };
    expect(selectionProblem('Latte', [pick2], [31])?.message).toBe('Choose at least 2 Extras for Latte');
    expect(selectionProblem('Croissant', [], [])).toBeNull();
    expect(selectionProblem('Croissant', [], [11])?.kind).toBe('invalid');
  });
});

test('defaults are preselected only while available', () => {
  const soldOutDefault = {
    ...milk,
    options: milk.options.map((option) => ({ ...option, isAvailable: false })),
  };
  expect(defaultSelection(groups)).toEqual([12, 21]);
  expect(defaultSelection([size, soldOutDefault])).toEqual([12]);
});

test('chosen options come back in the item order, whatever order they were sent in', () => {
  const chosen = chosenInOrder(groups, [32, 21, 13]);
  expect(chosen.map(({ option }) => option.name)).toEqual(['Large', 'Full cream', 'Vanilla syrup']);
  expect(optionsLabel(chosen.map(({ option }) => option))).toBe('Large · Full cream · Vanilla syrup');
});

test('the same item with the same options in any order is one line; other options another', () => {
  expect(lineKey(5, [31, 13])).toBe(lineKey(5, [13, 31]));
  expect(lineKey(5, [13])).not.toBe(lineKey(5, [13, 31]));
  expect(lineKey(5, [])).not.toBe(lineKey(6, []));
});

test('unit price adds each option to the item, in cents', () => {
  expect(unitPriceCents(3250, [800, 700])).toBe(4750);
  expect(3 * unitPriceCents(3250, [800, 700])).toBe(14250);
});

test('a group says how to choose', () => {
  expect(groupInstruction(size)).toBe('Choose a Size');
  expect(groupInstruction(extras)).toBe('Choose up to 2');
  expect(groupInstruction({ name: 'Extras', minSelected: 2, maxSelected: 2 })).toBe('Choose 2');
  expect(groupInstruction({ name: 'Extras', minSelected: 1, maxSelected: 3 })).toBe('Choose 1 to 3');
  expect(groupInstruction(milk)).toBe('Optional: choose 1');
});
