// The built service worker and web app manifest (issue 27): what the worker precaches (the built scripts and the
// offline page; not the .br/.gz copies, not the page, not the owner's two large files), that it loads as a classic
// script, that the landing page's first script carries none of it, and how the server sends them. Runs after
// `vite build`.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

const clientDir = path.resolve(import.meta.dirname, '../../dist/client');

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const viteManifest = () =>
  JSON.parse(readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;

/** The URLs the built worker precaches (vite-plugin-pwa wrote them in place of self.__WB_MANIFEST). */
function precached(): string[] {
  const worker = readFileSync(path.join(clientDir, 'sw.js'), 'utf8');
  const list = /\[\{"revision":[^\]]*\]/.exec(worker);
  if (!list) throw new Error('no precache list in dist/client/sw.js: run vite build first');
  return (JSON.parse(list[0]) as { url: string }[]).map((entry) => entry.url);
}

test('the worker precaches the entry script, its styles, the page chunks and the offline page', () => {
  const urls = precached();
  const manifest = viteManifest();
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry)!;
  expect(urls).toContain(entry.file);
  for (const style of entry.css ?? []) expect(urls).toContain(style);
  for (const page of ['pages/DiscoverPage.tsx', 'pages/ShopPage.tsx', 'pages/OrdersPage.tsx']) {
    const key = Object.keys(manifest).find((name) => name.endsWith(page))!;
    expect(urls, page).toContain(manifest[key]!.file);
  }
  expect(urls).toContain('offline.html');
});

test('nor the .br/.gz copies, nor the page, nor any file over 400 KB (the owner-only dashboard and holidays)', () => {
  const urls = precached();
  expect(urls.filter((url) => /\.(br|gz)$/.test(url))).toEqual([]);
  expect(urls.filter((url) => url === 'index.html' || url.startsWith('.vite/'))).toEqual([]);
  for (const url of urls)
    expect(statSync(path.join(clientDir, url)).size, url).toBeLessThanOrEqual(400 * 1024);
  const manifest = viteManifest();
  const dashboard = Object.keys(manifest).find((name) => name.endsWith('pages/DashboardPage.tsx'))!;
  expect(statSync(path.join(clientDir, manifest[dashboard]!.file)).size).toBeGreaterThan(400 * 1024);
  expect(urls).not.toContain(manifest[dashboard]!.file);
});

test('the worker is one classic script: no import or export a classic registration would refuse', () => {
  const worker = readFileSync(path.join(clientDir, 'sw.js'), 'utf8');
  expect(worker).not.toMatch(/(^|[;}\n])\s*(import\s*[{*\w'"]|export\s*[{*\w])/);
  expect(worker).toContain('pushsubscriptionchange');
});

test('the landing page loads none of it: the registration is a dynamic import, after the load event', () => {
  const manifest = viteManifest();
  const entryKey = Object.keys(manifest).find((name) => manifest[name]!.isEntry)!;
  const landing = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key]!;
    if (landing.has(chunk.file)) return;
    landing.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey);
  for (const file of landing) {
    const code = readFileSync(path.join(clientDir, file), 'utf8');
    expect(code, file).not.toContain('SKIP_WAITING');
    expect(code, file).not.toContain('workbox');
  }
  const register = Object.keys(manifest).find((name) =>
    name.endsWith('features/pwa/register-service-worker.ts'),
  );
  expect(register).toBeDefined();
  expect(manifest[entryKey]!.dynamicImports).toContain(register);
});

let server: TestApp;
beforeAll(async () => {
  server = await startTestApp();
});
afterAll(() => server.close());

test('the server sends the worker, the manifest and the offline page revalidated each time, with their types', async () => {
  const get = (url: string) => fetch(server.baseUrl + url, { headers: { 'accept-encoding': 'br' } });
  const worker = await get('/sw.js');
  expect(worker.status).toBe(200);
  expect(worker.headers.get('content-type')).toContain('javascript');
  // The browser checks for a new version against the server; a cached worker would hold back every release.
  expect(worker.headers.get('cache-control')).toBe('no-cache');
  expect(worker.headers.get('content-encoding')).toBe('br');

  const manifest = await get('/manifest.webmanifest');
  expect(manifest.status).toBe(200);
  expect(manifest.headers.get('content-type')).toContain('application/manifest+json');
  expect(manifest.headers.get('cache-control')).toBe('no-cache');
  expect(((await manifest.json()) as { start_url: string }).start_url).toBe('/discover');

  const offline = await get('/offline.html');
  expect(offline.status).toBe(200);
  expect(offline.headers.get('content-type')).toContain('text/html');
  expect(await offline.text()).toContain("You're offline — your orders will update when you're back");

  const icon = await get('/icons/icon-512.png');
  expect(icon.status).toBe(200);
  expect(icon.headers.get('content-type')).toBe('image/png');
});
