// How the built client travels: precompressed brotli or gzip as the browser accepts, hashed assets cached for a
// year, the page and API answers never kept stale. Runs after `vite build` (npm test's order).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

const assetsDir = path.resolve(import.meta.dirname, '../../dist/client/assets');
let server: TestApp;
let script: string;
let style: string;

beforeAll(async () => {
  server = await startTestApp();
  const files = readdirSync(assetsDir);
  script = files.find((name) => /^index-.*\.js$/.test(name))!;
  style = files.find((name) => /^index-.*\.css$/.test(name))!;
});
afterAll(() => server.close());

/**
 * A reply with its body read to the end: a body left unread keeps its connection busy, and the server's close in
 * afterAll then waits for it (it timed out once in CI).
 */
async function get(url: string, acceptEncoding: string) {
  const response = await fetch(server.baseUrl + url, { headers: { 'accept-encoding': acceptEncoding } });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

test('scripts and styles go out as brotli when the browser accepts it, gzip otherwise, plain as a last resort', async () => {
  for (const file of [script, style]) {
    const brotli = await get(`/assets/${file}`, 'gzip, deflate, br');
    expect(brotli.status).toBe(200);
    expect(brotli.headers.get('content-encoding')).toBe('br');
    const gzip = await get(`/assets/${file}`, 'gzip');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    const plain = await get(`/assets/${file}`, 'identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    // fetch decodes what it receives: all three are the same file.
    const [a, b, c] = [brotli.text, gzip.text, plain.text];
    expect(a).toBe(c);
    expect(b).toBe(c);
    expect(Number(brotli.headers.get('content-length'))).toBeLessThan(c.length / 2);
  }
});

test('hashed assets are cached for a year and marked immutable', async () => {
  const reply = await get(`/assets/${script}`, 'br');
  expect(reply.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
});

test('the page itself is revalidated every time, on every route', async () => {
  for (const route of ['/', '/discover', '/shops/1']) {
    const reply = await get(route, 'br');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toContain('text/html');
    expect(reply.headers.get('cache-control')).toBe('no-cache');
  }
});

test('API answers are not kept by the browser', async () => {
  for (const url of ['/api/coffee-shops', '/api/health', '/api/auth/me']) {
    const reply = await get(url, 'br');
    expect(reply.headers.get('cache-control')).toBe('no-store');
  }
});

test('the page is compressed too, and a route names its page chunk and, on a shop page and Discover, the early script', async () => {
  const manifest = JSON.parse(
    readFileSync(path.resolve(assetsDir, '../.vite/manifest.json'), 'utf8'),
  ) as Record<string, { file: string }>;
  const shopChunk = `/${manifest['pages/ShopPage.tsx']!.file}`;
  const discoverChunk = `/${manifest['pages/DiscoverPage.tsx']!.file}`;

  const shop = await get('/shops/1', 'gzip, br');
  expect(shop.headers.get('content-encoding')).toBe('br');
  expect(shop.headers.get('vary')).toContain('accept-encoding');
  const shopHtml = shop.text;
  expect(shopHtml).toContain(`<link rel="modulepreload" crossorigin href="${shopChunk}">`);
  expect(shopHtml).not.toContain(discoverChunk);
  // First in the head, so it is asked for before the app's scripts.
  expect(shopHtml).toMatch(/<head><script async src="\/early-data.js"><\/script>/);
  expect((await get('/shops/1', 'identity')).headers.get('content-encoding')).toBeNull();
  expect((await get('/shops/1', 'gzip')).text).toBe(shopHtml);

  const discoverHtml = (await get('/discover', 'br')).text;
  expect(discoverHtml).toContain(discoverChunk);
  // Discover's cards: the time-zone data warmed in a worker (public/time-zone-warm-up.js).
  expect(discoverHtml).toMatch(/<head><script async src="\/early-data.js"><\/script>/);
  // The landing page is in the entry script already: nothing more to name.
  const landingHtml = (await get('/', 'br')).text;
  expect(landingHtml).not.toContain('modulepreload" crossorigin href="/assets/ShopPage');
  expect(landingHtml).not.toContain('early-data.js');

  const early = await get('/early-data.js', 'br');
  expect(early.status).toBe(200);
  expect(early.headers.get('content-type')).toContain('javascript');
  expect(early.text).toContain("new Worker('/time-zone-warm-up.js')");
  const warmUp = await get('/time-zone-warm-up.js', 'br');
  expect(warmUp.status).toBe(200);
  expect(warmUp.headers.get('content-type')).toContain('javascript');
});
