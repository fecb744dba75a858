import { expect, test } from 'vitest';
import { rewardCents } from './loyalty-reward.js';

test('the dearest unit price is taken off, up to the most the card gives', () => {
  expect(rewardCents([2000, 4500, 3250], 3500)).toBe(3500);
  expect(rewardCents([2000, 3250], 3500)).toBe(3250);
  expect(rewardCents([2000], 20000)).toBe(2000);
});

test('an order without lines gets nothing off', () => {
  expect(rewardCents([], 3500)).toBe(0);
});
