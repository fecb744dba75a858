// Starts a shop page's data request while the app's scripts are still downloading (and, on Discover and My
// Favorites, the time-zone data's warm-up). The server names this file only in the HTML of those pages
// (src/server/page-html.ts), as an async script: it runs as soon as it arrives,
// long before the app's entry has downloaded and run. The app takes the answer from here
// (src/client/lib/early-data.ts). Plain JavaScript with no imports, so it is one small file; the request is the
// one apiRequest (src/client/lib/api.ts) would make: JSON, the bearer token kept under 'token', cookies.
(() => {
  // Pages of shop cards, signed in: ICU's time-zone data loaded off the main thread (time-zone-warm-up.js).
  if (/^\/(discover|favorites)\/?$/.test(window.location.pathname) && window.localStorage.getItem('token')) {
    try {
      new Worker('/time-zone-warm-up.js');
    } catch {
      // No workers (or not allowed): the first card loads the data itself, as before.
    }
  }
  const match = /^\/shops\/(\d{1,10})\/?$/.exec(window.location.pathname);
  // Arrived after the app had already started (window.__earlyData is 'taken'): the page asks for itself.
  if (!match || window.__earlyData !== undefined) return;
  const headers = { 'Content-Type': 'application/json' };
  const token = window.localStorage.getItem('token');
  if (token) headers.Authorization = `Bearer ${token}`;
  const path = `/api/coffee-shops/${match[1]}`;
  window.__earlyData = { path, response: fetch(path, { headers, credentials: 'include' }) };
})();
