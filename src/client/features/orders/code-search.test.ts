// The counter's search: a pickup code as typed (any case, spaces), or an order number after '#'.
import { expect, test } from 'vitest';
import { filterOrdersByQuery, matchesOrderQuery } from './code-search';

const orders = [
  { id: 12, pickupCode: 'K7P2' },
  { id: 13, pickupCode: 'KMN4' },
  { id: 14, pickupCode: null },
];

test('a full code typed in lower case with a space finds its order only', () => {
  expect(filterOrdersByQuery(orders, 'k7 p2').map((order) => order.id)).toEqual([12]);
});

test('the first characters narrow the list as they are typed', () => {
  expect(filterOrdersByQuery(orders, 'K').map((order) => order.id)).toEqual([12, 13]);
  expect(filterOrdersByQuery(orders, 'KM').map((order) => order.id)).toEqual([13]);
});

test('an order number after # finds that order, and an empty box shows every order', () => {
  expect(filterOrdersByQuery(orders, '#14').map((order) => order.id)).toEqual([14]);
  expect(filterOrdersByQuery(orders, '  ').map((order) => order.id)).toEqual([12, 13, 14]);
});

test('a code that matches nothing finds nothing, and an order without a code is never a code match', () => {
  expect(matchesOrderQuery(orders[0]!, 'ZZZZ')).toBe(false);
  expect(matchesOrderQuery(orders[2]!, 'K')).toBe(false);
});
