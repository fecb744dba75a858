import { describe, expect, test } from 'vitest';
import { returnPath, signInReturningTo } from './return-to';

describe('returning after sign-in', () => {
  test('a page names itself, and the sign-in page reads it back', () => {
    expect(signInReturningTo('/shops/5')).toBe('/login?next=%2Fshops%2F5');
    expect(returnPath('?next=%2Fshops%2F5')).toBe('/shops/5');
    expect(returnPath(`?next=${encodeURIComponent('/orders?order=7#live')}`)).toBe('/orders?order=7#live');
  });

  test('nothing to return to, or somewhere that is not one of this app’s pages, gives the role’s home', () => {
    for (const search of [
      '',
      '?next=',
      '?next=https%3A%2F%2Fevil.example',
      '?next=%2F%2Fevil.example',
      '?next=%2F%5Cevil.example',
      '?next=javascript%3Aalert(1)',
      '?next=shops%2F5',
      '?next=%2Flogin',
      '?next=%2Fregister%3Frole%3Dcustomer',
    ])
      expect(returnPath(search), search).toBeNull();
  });
});
