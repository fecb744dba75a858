import { expect, test } from 'vitest';
import { stampsLeftText } from './card-text';

test('says how many stamps are left, and when the reward is ready', () => {
  expect(stampsLeftText(7, 10)).toBe('Free coffee after 3 more');
  expect(stampsLeftText(9, 10)).toBe('Free coffee after 1 more');
  expect(stampsLeftText(10, 10)).toBe('Your reward is ready — use it at checkout');
  expect(stampsLeftText(12, 10)).toBe('Your reward is ready — use it at checkout');
});
