// The tab title counts the orders still waiting for a Confirm.
import { expect, test } from 'vitest';
import { pendingTitle } from './pending-title';

test('pending orders are counted in front of the title', () => {
  expect(pendingTitle('Shop Owner Dashboard', 3)).toBe('(3) Shop Owner Dashboard');
});

test('with none pending the title is just the page name', () => {
  expect(pendingTitle('Shop Owner Dashboard', 0)).toBe('Shop Owner Dashboard');
});
