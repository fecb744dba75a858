// /register?role=shop_owner opens the sign-up form with the owner's role chosen (the landing page's Join as Shop
// Owner); anything else, or nothing, starts as a customer. Its own module: the landing page links here without
// loading the registration page.
import type { Role } from '@shared/api/auth';

const PARAM = 'role';

export function registerHref(role: Role): string {
  return role === 'shop_owner' ? `/register?${PARAM}=shop_owner` : '/register';
}

export function roleFromSearch(search: string): Role {
  return new URLSearchParams(search).get(PARAM) === 'shop_owner' ? 'shop_owner' : 'customer';
}
