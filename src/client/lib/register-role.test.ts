import { describe, expect, test } from 'vitest';
import { registerHref, roleFromSearch } from './register-role';

describe('the role a sign-up starts with', () => {
  test('the owner’s link chooses the owner, and the form reads it back', () => {
    expect(registerHref('shop_owner')).toBe('/register?role=shop_owner');
    expect(roleFromSearch('?role=shop_owner')).toBe('shop_owner');
  });

  test('the customer’s link is plain /register, and anything else starts as a customer', () => {
    expect(registerHref('customer')).toBe('/register');
    for (const search of ['', '?role=', '?role=admin', '?role=customer', '?role=SHOP_OWNER'])
      expect(roleFromSearch(search), search).toBe('customer');
  });
});
