// Hardening seen from the browser: the live connection works under CSP connect-src 'self' (CSP3 lets 'self'
// cover ws: of the page's own host), the headers are on the page, and a missing file is a 404, not the app.
import { expect, test } from '@playwright/test';

test("the page's CSP allows only its own origin to connect, and Chromium's WebSocket to /ws still opens", async ({
  page,
}) => {
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  const response = await page.goto('/');
  const policy = response?.headers()['content-security-policy'] ?? '';
  // ws(s) of PUBLIC_URL's origin: localhost by default, 127.0.0.1 in the browser suite's server.
  expect(policy).toMatch(/connect-src 'self' ws:\/\/(localhost|127\.0\.0\.1):\d+(;|$)/);
  expect(response?.headers()['permissions-policy']).toContain('camera=()');
  // The same socket the app opens (lib/socket.ts): same host, /ws.
  const opened = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const socket = new WebSocket(`ws://${window.location.host}/ws`);
        socket.onopen = () => {
          socket.close();
          resolve('open');
        };
        socket.onerror = () => resolve('error');
      }),
  );
  expect(opened).toBe('open');
  // Another host is refused by the policy.
  const elsewhere = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        try {
          const socket = new WebSocket('ws://example.com/ws');
          socket.onopen = () => resolve('open');
          socket.onerror = () => resolve('error');
        } catch {
          resolve('blocked');
        }
      }),
  );
  expect(elsewhere).not.toBe('open');
  expect(cspViolations.some((text) => text.includes('example.com'))).toBe(true);
});

test('a path with a file extension that is not a built file is a 404, not the app page', async ({
  request,
}) => {
  for (const path of ['/.env', '/wp-login.php', '/backup.sql']) {
    const reply = await request.get(path);
    expect(reply.status()).toBe(404);
    expect(await reply.json()).toEqual({ message: `Not found: GET ${path}` });
  }
  // A route of the app (no extension) is still the app page.
  const page = await request.get('/favorites');
  expect(page.status()).toBe(200);
  expect(await page.text()).toContain('<div id="root">');
});
