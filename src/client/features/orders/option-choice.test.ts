// The options sheet's inputs: radio groups hold one, check boxes stop at the maximum, sold-out options cannot be
// picked, and a sheet starts from the defaults or from what is still on offer of an earlier choice.
import type { OptionGroup } from '@shared/api/option-groups';
import { expect, test } from 'vitest';
import { canPick, initialChoice, pickOption } from './option-choice';

const option = (id: number, name: string, extra: { isDefault?: boolean; isAvailable?: boolean } = {}) => ({
  id,
  name,
  price: '0.00',
  isDefault: extra.isDefault ?? false,
  isAvailable: extra.isAvailable ?? true,
});
const size: OptionGroup = {
  id: 1,
  shopId: 1,
  name: 'Size',
  minSelected: 1,
  maxSelected: 1,
  options: [option(10, 'Small'), option(11, 'Regular', { isDefault: true }), option(12, 'Large')],
};
const extras: OptionGroup = {
  id: 2,
  shopId: 1,
  name: 'Extras',
  minSelected: 0,
  maxSelected: 2,
  options: [
    option(20, 'Extra shot'),
    option(21, 'Vanilla syrup'),
    option(22, 'Decaf', { isAvailable: false }),
  ],
};

test('picking a size replaces the size chosen before and leaves other groups alone', () => {
  expect(pickOption(size, [11, 20], 12, true)).toEqual([20, 12]);
  expect(pickOption(size, [11, 20], null, true)).toEqual([20]);
});

test('check boxes add and remove, and stop at the group’s maximum', () => {
  expect(pickOption(extras, [11], 20, true)).toEqual([11, 20]);
  expect(pickOption(extras, [11, 20, 21], 22, true)).toEqual([11, 20, 21]);
  expect(pickOption(extras, [11, 20, 21], 20, false)).toEqual([11, 21]);
  expect(canPick(extras, [20], 21)).toBe(true);
  expect(canPick(extras, [20, 21], 21)).toBe(true);
  expect(canPick(extras, [20, 21], 22)).toBe(false);
});

test('a sold-out option cannot be picked', () => {
  expect(canPick(extras, [], 22)).toBe(false);
});

test('a sheet starts from the defaults, or from an earlier choice less what is sold out or gone', () => {
  expect(initialChoice([size, extras])).toEqual([11]);
  expect(initialChoice([size, extras], [12, 22, 99, 20])).toEqual([12, 20]);
  expect(initialChoice([size, extras], [])).toEqual([]);
});
