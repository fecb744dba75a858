// Starts the requests a page draws from while the app's scripts are still downloading: signed in, the session's
// profile (every signed-in page waits for it before drawing); on a shop page, the shop; and on Discover and My
// Favorites, the time-zone data's warm-up. The server names this file only in the HTML of those pages
// (src/server/page-html.ts), as an async script: it runs as soon as it arrives, long before the app's entry has
// downloaded and run. The app takes the answers from here (src/client/lib/early-data.ts). Plain JavaScript with
// no imports, so it is one small file; the requests are the ones apiRequest (src/client/lib/api.ts) would make:
// JSON, the bearer token kept under 'token', cookies.
(() => {
  const token = window.localStorage.getItem('token');
  // Pages of shop cards, signed in: ICU's time-zone data loaded off the main thread (time-zone-warm-up.js).
  if (token && /^\/(discover|favorites)\/?$/.test(window.location.pathname)) {
    try {
      new Worker('/time-zone-warm-up.js');
    } catch {
      // No workers (or not allowed): the first card loads the data itself, as before.
    }
  }
  const headers = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  // Arrived after the app had already started (the app marks each 'taken'): it asks for itself.
  if (token && window.__earlySession === undefined)
    window.__earlySession = fetch('/api/auth/me', { headers, credentials: 'include' });
  const match = /^\/shops\/(\d{1,10})\/?$/.exec(window.location.pathname);
  if (!match || window.__earlyData !== undefined) return;
  const path = `/api/coffee-shops/${match[1]}`;
  window.__earlyData = { path, response: fetch(path, { headers, credentials: 'include' }) };
})();
