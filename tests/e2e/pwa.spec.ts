// The installable app (issue 27): the service worker registers after the page loads and controls it from the next
// load, precaches the built scripts (not their .br/.gz copies, not the page) and never answers /api; the manifest is
// valid and Chromium finds the app installable; with no network, a page request gets the offline page; a new
// version waits for the user's Reload.
import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';

test.use({ serviceWorkers: 'allow' });

const SHOTS = '/tmp/pwa-shots';
mkdirSync(SHOTS, { recursive: true });

/** Waits for this page's service worker to be active; resolves with its scope. */
async function workerReady(page: Page): Promise<string> {
  return page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
}

/** Every URL in the worker's caches. */
async function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
  });
}

test('the service worker registers after the page loads, precaches the built scripts and controls the page from the next load', async ({
  page,
  baseURL,
}) => {
  // Registered from a module loaded after the load event: nothing of the worker's is in the page's first requests.
  const events: string[] = [];
  page.on('request', (request) => events.push(new URL(request.url()).pathname));
  page.on('load', () => events.push('load'));
  await page.goto('/');
  expect(await workerReady(page)).toBe(`${baseURL}/`);
  const registering = events.findIndex((event) => /\/assets\/register-service-worker-[^/]+\.js$/.test(event));
  expect(events.indexOf('load')).toBeGreaterThan(0);
  expect(registering).toBeGreaterThan(events.indexOf('load'));
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();

  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${baseURL}/sw.js`);

  const cached = await cachedUrls(page);
  const entry = await page.evaluate(
    () => document.querySelector<HTMLScriptElement>('script[type="module"][src*="/assets/"]')?.src,
  );
  expect(entry).toBeTruthy();
  expect(cached).toContain(entry);
  expect(cached.some((url) => /\/assets\/index-[^/]+\.css$/.test(url))).toBe(true);
  expect(cached.some((url) => url.startsWith(`${baseURL}/offline.html`))).toBe(true);
  // Not the compressed copies (the browser asks for the plain name), not the page, never the API.
  expect(cached.filter((url) => /\.(br|gz)(\?|$)/.test(url))).toEqual([]);
  expect(cached.filter((url) => /\/index\.html/.test(url) || url.includes('/api/'))).toEqual([]);
});

test('the worker answers scripts from its cache and leaves the API to the network', async ({ page }) => {
  await page.goto('/');
  await workerReady(page);
  const responses: { url: string; fromWorker: boolean }[] = [];
  page.on('response', (response) =>
    responses.push({ url: response.url(), fromWorker: response.fromServiceWorker() }),
  );
  // A shop page asks the API for its shop, menu and reviews.
  const shopAnswer = page.waitForResponse((response) => /\/api\/coffee-shops\/\d+$/.test(response.url()));
  await page.goto('/shops/1');
  await shopAnswer;
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const api = responses.filter((response) => new URL(response.url).pathname.startsWith('/api/'));
  expect(api.length).toBeGreaterThan(0);
  expect(api.filter((response) => response.fromWorker)).toEqual([]);
  // The map's Leaflet files are left to the network on purpose (vite.config.ts globIgnores): the shop page's small
  // map may load them before this looks.
  const scripts = responses.filter(
    (response) => /\/assets\/.+\.js$/.test(response.url) && !/\/assets\/leaflet/.test(response.url),
  );
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((response) => !response.fromWorker)).toEqual([]);
  // The page itself came from the network (through the worker's navigation preload), and was not kept.
  expect(await cachedUrls(page)).not.toContain(page.url());
});

test('the manifest is valid and Chromium finds the app installable', async ({
  playwright,
  launchOptions,
  baseURL,
}, testInfo) => {
  // Chromium never offers to install from an incognito profile, which every test context is: this test opens a
  // profile of its own.
  const context = await playwright.chromium.launchPersistentContext(testInfo.outputPath('profile'), {
    ...launchOptions,
    baseURL,
    serviceWorkers: 'allow',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/');
  await workerReady(page);
  const cdp = await context.newCDPSession(page);
  const manifest = await cdp.send('Page.getAppManifest');
  expect(manifest.url).toBe(`${baseURL}/manifest.webmanifest`);
  expect(manifest.errors).toEqual([]);
  const fields = JSON.parse(manifest.data ?? '{}') as Record<string, unknown>;
  expect(fields).toMatchObject({
    name: 'Brew Connect',
    short_name: 'Brew Connect',
    start_url: '/discover',
    scope: '/',
    display: 'standalone',
    theme_color: '#3b2418',
    background_color: '#fffaf3',
  });
  expect(fields.icons).toEqual([
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ]);
  // Each icon is served, as a PNG of the size it claims.
  for (const [src, size] of [
    ['/icons/icon-192.png', 192],
    ['/icons/icon-512.png', 512],
    ['/icons/icon-maskable-512.png', 512],
    ['/icons/apple-touch-icon.png', 180],
  ] as const) {
    const reply = await page.request.get(src);
    expect(reply.status(), src).toBe(200);
    expect(reply.headers()['content-type']).toBe('image/png');
    const png = await reply.body();
    expect([png.readUInt32BE(16), png.readUInt32BE(20)], src).toEqual([size, size]);
  }
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
    'href',
    '/icons/apple-touch-icon.png',
  );
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#3b2418');

  // http://127.0.0.1 is a potentially trustworthy origin, as https would be: installable as it is.
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);
  await context.close();
});

test('with no network, a page shows the offline page, and Try again loads the page once the network is back', async ({
  page,
  context,
}) => {
  await page.goto('/discover');
  await workerReady(page);

  await context.setOffline(true);
  await page.goto('/orders');
  const offline = page.getByRole('heading', {
    name: "You're offline — your orders will update when you're back",
    exact: true,
  });
  await expect(offline).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: `${SHOTS}/offline-${width}.png` });
  }
  // The address stays the one asked for: Try again asks for it again.
  await expect(page).toHaveURL(/\/orders$/);
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(offline).toBeVisible();

  await context.setOffline(false);
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Sign In Required' })).toBeVisible();
  await expect(page).toHaveURL(/\/orders$/);
});

test('a new version waits until the user chooses Reload, and then takes over and reloads once', async ({
  page,
}) => {
  await page.goto('/');
  await workerReady(page);
  await page.reload();
  const firstWorker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
  expect(firstWorker).toBeTruthy();

  // A release, as when a newer page in another tab registers its worker: a worker script at another address is a
  // new version to the browser, which installs it beside the one controlling this page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/sw.js?release=2', { scope: '/' });
  });

  const banner = page.getByRole('status', { name: 'Update available' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Update available');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: `${SHOTS}/update-banner-${width}.png` });
  }
  // Nothing happens until asked: the new version waits, the old one keeps the page, and the page stays as it was.
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
  expect(
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return {
        waiting: Boolean(registration?.waiting),
        controller: navigator.serviceWorker.controller?.scriptURL,
      };
    }),
  ).toEqual({ waiting: true, controller: firstWorker });

  const reloaded = page.waitForEvent('load');
  await banner.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  expect(
    await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
  ).toBeUndefined();
  expect(
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return {
        waiting: registration?.waiting ?? null,
        controlled: Boolean(navigator.serviceWorker.controller),
      };
    }),
  ).toEqual({ waiting: null, controlled: true });
  await expect(page.getByRole('status', { name: 'Update available' })).toHaveCount(0);
});
