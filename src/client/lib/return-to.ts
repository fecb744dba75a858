// Where to go back to after signing in: a page that sent a signed-out visitor to /login names itself in `next`
// (/login?next=/shops/5), and the sign-in page returns there instead of to the role's home.

const PARAM = 'next';
const SIGN_IN_PAGES = ['/login', '/auth', '/register'];

/** The sign-in page, returning to `path` (this app's own path) afterwards. */
export function signInReturningTo(path: string): string {
  return `/login?${PARAM}=${encodeURIComponent(path)}`;
}

/**
 * The path to return to from this page's query, if it is one of this app's own pages: a single leading slash
 * (never `//host` or `/\host`, which a browser would take to another site) and not a sign-in page itself.
 */
export function returnPath(search: string): string | null {
  const path = new URLSearchParams(search).get(PARAM);
  if (!path || !/^\/(?![/\\])/.test(path)) return null;
  const pathname = path.split(/[?#]/)[0]!;
  return SIGN_IN_PAGES.includes(pathname) ? null : path;
}
