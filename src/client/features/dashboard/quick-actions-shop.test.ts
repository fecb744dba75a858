import { describe, expect, test } from 'vitest';
import { chooseShop } from './quick-actions-shop';

const shops = [{ id: 4 }, { id: 9 }, { id: 12 }];

describe('the shop Quick Actions act on', () => {
  test('is the one remembered on this device', () => {
    expect(chooseShop(shops, 9)).toEqual({ id: 9 });
  });

  test('is the first shop until one is chosen, or when the one chosen is no longer the owner’s', () => {
    expect(chooseShop(shops, null)).toEqual({ id: 4 });
    expect(chooseShop(shops, 77)).toEqual({ id: 4 });
  });

  test('is none for an owner without shops', () => {
    expect(chooseShop([], 9)).toBeUndefined();
  });
});
