// The usual's label: its lines joined with '+', options in brackets as the order cards read them, quantities above one.
import { expect, test } from 'vitest';
import { usualLabel } from './usual-label';

const option = (id: number, group: string, name: string) => ({ id, group, name });

test('names each line with its options, joined with a plus', () => {
  expect(
    usualLabel([
      {
        name: 'Flat White',
        quantity: 1,
        options: [option(1, 'Size', 'Large'), option(4, 'Milk', 'Oat milk')],
      },
      { name: 'Croissant', quantity: 1, options: [] },
    ]),
  ).toBe('Flat White (Large · Oat milk) + Croissant');
});

test('says how many only where there is more than one', () => {
  expect(
    usualLabel([
      { name: 'Cortado', quantity: 2, options: [] },
      { name: 'Rooibos Tea', quantity: 1, options: [option(2, 'Size', 'Small')] },
    ]),
  ).toBe('2 × Cortado + Rooibos Tea (Small)');
});
