// Notifications on this device (issue 27): Settings turns Web Push on and off with the server, says when the browser
// blocks it, when the server has it off and when an iPhone must add the app to its Home Screen first; the three
// preference switches save; /orders and the dashboard offer it once; and a push delivered to the real service worker
// shows a notification. The browser here reaches no real push service, so PushManager's subscribe answers with a
// subscription on the e2e server's fake push service host (a real P-256 key and auth secret), as a browser would.
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  type CDPSession,
  expect,
  type Page,
} from '@playwright/test';
import { openShopWithMenu, placeOrder } from '../support/e2e-orders';
import { signInAsNew, toastText, uniqueName } from './helpers';

const SHOTS = '/tmp/pwa-shots';
mkdirSync(SHOTS, { recursive: true });
const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };
/** The fake push service the e2e server starts (tests/support/e2e-server.ts); PUSH_SERVICE_HOSTS has 127.0.0.1. */
const pushServicePort = Number(process.env.E2E_PORT ?? 5099) + 4;

/** A subscription as a browser would make one: its endpoint on a push service, and the device's keys. */
function fakeSubscription() {
  const device = createECDH('prime256v1');
  return {
    endpoint: `https://127.0.0.1:${pushServicePort}/push/${randomUUID()}`,
    p256dh: device.generateKeys().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}

/**
 * Replaces PushManager's subscribe, getSubscription and unsubscribe in every page of the context with ones that
 * keep `subscription` in localStorage (so it lasts across reloads, as a real one does), and records each subscribe's
 * options. Everything else (permission, the service worker, the app's calls) is the real thing.
 */
async function fakePushService(context: BrowserContext, subscription: ReturnType<typeof fakeSubscription>) {
  await context.addInitScript((fake) => {
    const STORE = 'test:pushSubscription';
    const bytes = (text: string) =>
      Uint8Array.from(atob(text.replaceAll('-', '+').replaceAll('_', '/')), (c) => c.charCodeAt(0)).buffer;
    const make = (applicationServerKey: string) => ({
      endpoint: fake.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: bytes(applicationServerKey) },
      getKey: (name: string) => bytes(name === 'p256dh' ? fake.p256dh : fake.auth),
      toJSON: () => ({
        endpoint: fake.endpoint,
        expirationTime: null,
        keys: { p256dh: fake.p256dh, auth: fake.auth },
      }),
      unsubscribe: async () => {
        localStorage.removeItem(STORE);
        return true;
      },
    });
    const toText = (key: BufferSource) => {
      const view = key instanceof ArrayBuffer ? new Uint8Array(key) : new Uint8Array(key.buffer);
      return btoa(String.fromCharCode(...view))
        .replaceAll('+', '-')
        .replaceAll('/', '_')
        .replace(/=+$/, '');
    };
    PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
      if (Notification.permission !== 'granted')
        throw new DOMException('Permission denied', 'NotAllowedError');
      const key = toText(options?.applicationServerKey as BufferSource);
      localStorage.setItem(STORE, key);
      localStorage.setItem(
        'test:subscribeCalls',
        String(Number(localStorage.getItem('test:subscribeCalls')) + 1),
      );
      return make(key) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function getSubscription() {
      const key = localStorage.getItem(STORE);
      return key ? (make(key) as unknown as PushSubscription) : null;
    };
  }, subscription);
}

/**
 * `setNotificationPermission(page, setting)` sets the site's notification permission as the user would in the
 * browser's settings. Chromium drops such a setting when the DevTools session that made it closes, so the session
 * stays open until the test's end.
 */
const test = base.extend<{
  setNotificationPermission: (page: Page, setting: 'granted' | 'denied' | 'prompt') => Promise<void>;
}>({
  setNotificationPermission: async ({ browser }, use) => {
    let session = null as CDPSession | null;
    await use(async (page, setting) => {
      const pageSession = await page.context().newCDPSession(page);
      const { targetInfo } = await pageSession.send('Target.getTargetInfo');
      await pageSession.detach();
      session ??= await browser.newBrowserCDPSession();
      await session.send('Browser.setPermission', {
        permission: { name: 'notifications' },
        setting,
        origin: new URL(page.url()).origin,
        browserContextId: targetInfo.browserContextId,
      });
    });
    await session?.detach();
  },
});

test.use({ serviceWorkers: 'allow' });

async function shoot(page: Page, name: string) {
  for (const size of [desktop, phone]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SHOTS}/${name}-${size.width}.png`, fullPage: true });
  }
  await page.setViewportSize(desktop);
}

const deviceStatus = (page: Page) => page.getByTestId('push-status');

/**
 * Reloads and waits until an offer could have shown: the server's key answered, the worker ready, and a frame
 * painted after both, so that an offer's absence then means it was not offered.
 */
async function reloadUntilOfferCouldShow(page: Page) {
  await page.reload();
  // The page's own record of the answer rather than Playwright's network events, which can miss a request that
  // passed through the service worker while it was taking control (it timed out once in CI).
  await page.waitForFunction(() =>
    performance.getEntriesByType('resource').some((entry) => entry.name.endsWith('/api/push/public-key')),
  );
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

test('a customer turns notifications on in Settings, the server takes the subscription, and turning off removes it', async ({
  page,
  context,
  setNotificationPermission,
}) => {
  const subscription = fakeSubscription();
  await fakePushService(context, subscription);
  await page.setViewportSize(desktop);
  await signInAsNew(page, 'customer');
  await setNotificationPermission(page, 'granted');

  // Reached from the navigation's user menu.
  await page.goto('/discover');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  const device = page.getByRole('region', { name: 'Notifications on this device' });
  await expect(deviceStatus(page)).toContainText('Off');

  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/push/subscriptions') && response.request().method() === 'POST',
  );
  await device.getByRole('button', { name: 'Turn on' }).click();
  const postReply = await saved;
  expect(postReply.status()).toBe(201);
  expect(postReply.request().postDataJSON()).toEqual({
    endpoint: subscription.endpoint,
    keys: { p256dh: subscription.p256dh, auth: subscription.auth },
  });
  await expect(deviceStatus(page)).toContainText('On');
  await expect(deviceStatus(page)).toContainText('when your order is ready');
  await expect(device.getByRole('button', { name: 'Turn off' })).toBeVisible();
  // Subscribed with the server's own key (GET /api/push/public-key).
  const { publicKey } = (await (await page.request.get('/api/push/public-key')).json()) as {
    publicKey: string;
  };
  expect(await page.evaluate(() => localStorage.getItem('test:pushSubscription'))).toBe(
    publicKey.replace(/=+$/, ''),
  );

  // Customers choose order updates and messages; new orders are the owners'.
  const orderUpdates = page.getByRole('switch', { name: 'Order updates — confirmed, ready, cancelled' });
  const messages = page.getByRole('switch', { name: /^Messages/ });
  await expect(orderUpdates).toBeChecked();
  await expect(messages).toBeChecked();
  await expect(page.getByRole('switch', { name: /^New orders/ })).toHaveCount(0);
  await shoot(page, 'settings-customer-on');

  const put = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/notification-preferences') && response.request().method() === 'PUT',
  );
  await orderUpdates.click();
  const putReply = await put;
  expect(putReply.status()).toBe(200);
  expect(putReply.request().postDataJSON()).toEqual({ orderUpdates: false, newOrders: true, messages: true });
  await expect(orderUpdates).not.toBeChecked();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();

  // As it stands after a reload: still on (the same subscription, not sent again), the preference kept.
  const postsAfterReload: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/push/subscriptions')) postsAfterReload.push(request.method());
  });
  await page.reload();
  await expect(deviceStatus(page)).toContainText('On');
  await expect(orderUpdates).not.toBeChecked();
  await expect(messages).toBeChecked();
  expect(postsAfterReload).toEqual([]);

  const removed = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/push/subscriptions') && response.request().method() === 'DELETE',
  );
  await device.getByRole('button', { name: 'Turn off' }).click();
  const deleteReply = await removed;
  expect(deleteReply.status()).toBe(204);
  expect(deleteReply.request().postDataJSON()).toEqual({ endpoint: subscription.endpoint });
  await expect(deviceStatus(page)).toContainText('Off');
  await expect(device.getByRole('button', { name: 'Turn on' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('test:pushSubscription'))).toBeNull();
  await shoot(page, 'settings-customer-off');
});

test('blocked in the browser, Settings says where to allow notifications and offers no Turn on; /orders offers nothing', async ({
  page,
  context,
  request,
  setNotificationPermission,
}) => {
  await fakePushService(context, fakeSubscription());
  const { accessToken } = await signInAsNew(page, 'customer');
  await setNotificationPermission(page, 'denied');
  await page.goto('/settings');
  await expect(deviceStatus(page)).toContainText(
    'Notifications are blocked for this site in your browser settings.',
  );
  const device = page.getByRole('region', { name: 'Notifications on this device' });
  await expect(device.getByRole('button')).toHaveCount(0);
  await shoot(page, 'settings-blocked');

  // With an order, /orders would offer notifications; blocked, it does not.
  const owner = await signInAsNewOwnerByApi(request);
  const { shop, menu } = await openShopWithMenu(request, owner, uniqueName('Blocked Roastery '), [
    { name: 'Flat White', price: '32.50' },
  ]);
  await placeOrder(request, accessToken, shop.id, [{ menuItemId: menu[0]!.id, quantity: 1 }]);
  await page.goto('/orders');
  await reloadUntilOfferCouldShow(page);
  await expect(page.getByTestId('order-card')).toHaveCount(1);
  await expect(
    page.getByRole('region', { name: 'Get a notification when your order is ready?' }),
  ).toHaveCount(0);
});

test('after the first order, /orders offers notifications once: Turn on subscribes, it is not offered again, and signing out unsubscribes', async ({
  page,
  context,
  request,
  setNotificationPermission,
}) => {
  const subscription = fakeSubscription();
  await fakePushService(context, subscription);
  const { accessToken } = await signInAsNew(page, 'customer');
  await setNotificationPermission(page, 'granted');

  // No order yet: nothing offered.
  await page.goto('/orders');
  await expect(page.getByRole('heading', { name: 'No orders yet' })).toBeVisible();
  const offer = page.getByRole('region', { name: 'Get a notification when your order is ready?' });
  await expect(offer).toHaveCount(0);

  const owner = await signInAsNewOwnerByApi(request);
  const { shop, menu } = await openShopWithMenu(request, owner, uniqueName('Offer Roastery '), [
    { name: 'Flat White', price: '32.50' },
  ]);
  await placeOrder(request, accessToken, shop.id, [{ menuItemId: menu[0]!.id, quantity: 1 }]);
  await page.reload();
  await expect(offer).toBeVisible();
  await shoot(page, 'orders-offer');

  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/push/subscriptions') && response.request().method() === 'POST',
  );
  await offer.getByRole('button', { name: 'Turn on' }).click();
  expect((await saved).status()).toBe(201);
  await expect(toastText(page, 'Notifications are on')).toBeVisible();
  await expect(offer).toHaveCount(0);

  await reloadUntilOfferCouldShow(page);
  await expect(page.getByTestId('order-card')).toHaveCount(1);
  await expect(offer).toHaveCount(0);
  await page.goto('/settings');
  await expect(deviceStatus(page)).toContainText('On');

  // Signing out ends this device's notifications for the account: the server forgets it, the browser too.
  const forgotten = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/push/subscriptions') && response.request().method() === 'DELETE',
  );
  await page.getByRole('button', { name: 'Sign Out' }).click();
  const deleteReply = await forgotten;
  expect(deleteReply.status()).toBe(204);
  expect(deleteReply.request().postDataJSON()).toEqual({ endpoint: subscription.endpoint });
  await expect.poll(() => page.evaluate(() => localStorage.getItem('test:pushSubscription'))).toBeNull();
});

test("an owner's dashboard offers notifications of new orders once; Not now is remembered; Settings shows new orders", async ({
  page,
  context,
  setNotificationPermission,
}) => {
  await fakePushService(context, fakeSubscription());
  const { accessToken } = await signInAsNew(page, 'shop_owner');
  await setNotificationPermission(page, 'prompt');
  await openShopWithMenu(page.request, accessToken, uniqueName('Owner Offer Cafe '), [
    { name: 'Cortado', price: '28.00' },
  ]);

  await page.goto('/dashboard');
  const offer = page.getByRole('region', { name: 'Get a notification when a new order comes in?' });
  await expect(offer).toBeVisible();
  await shoot(page, 'dashboard-offer');
  await offer.getByRole('button', { name: 'Not now' }).click();
  await expect(offer).toHaveCount(0);
  await reloadUntilOfferCouldShow(page);
  await expect(page.getByRole('tab', { name: /Orders/ })).toBeVisible();
  await expect(offer).toHaveCount(0);

  await page.goto('/settings');
  await expect(deviceStatus(page)).toContainText('Off');
  await expect(deviceStatus(page)).toContainText('when a new order comes in');
  await expect(
    page.getByRole('switch', { name: 'New orders — as soon as a customer places one' }),
  ).toBeChecked();
  await expect(page.getByRole('switch', { name: /^Messages/ })).toBeChecked();
  await expect(page.getByRole('switch', { name: /^Order updates/ })).toHaveCount(0);
  await shoot(page, 'settings-owner');
});

test('Settings says so when the server has push off, and an iPhone outside the installed app is told to add it to the Home Screen', async ({
  page,
  browser,
}) => {
  await signInAsNew(page, 'customer');
  await page.route('**/api/push/public-key', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Push notifications are not configured on this server' }),
    }),
  );
  await page.goto('/settings');
  await expect(deviceStatus(page)).toContainText("Notifications aren't available on Brew Connect right now.");
  await expect(
    page.getByRole('region', { name: 'Notifications on this device' }).getByRole('button'),
  ).toHaveCount(0);

  // Safari on an iPhone, in a tab: no Web Push until Brew Connect is on the Home Screen.
  const iphone = await browser.newContext({
    serviceWorkers: 'allow',
    viewport: phone,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
  });
  const phonePage = await iphone.newPage();
  await signInAsNew(phonePage, 'customer');
  await phonePage.goto('/settings');
  await expect(deviceStatus(phonePage)).toContainText(
    'Add Brew Connect to your Home Screen to get notifications',
  );
  await phonePage.screenshot({ path: `${SHOTS}/settings-iphone-390.png`, fullPage: true });
  await iphone.close();
});

test.describe('accessibility', () => {
  // bypassCSP: the app's policy (script-src 'self') would refuse the injected axe script.
  test.use({ bypassCSP: true });

  test('axe finds no serious or critical violation on Settings, on, off and blocked, nor in the offers, at both widths', async ({
    page,
    context,
    request,
    setNotificationPermission,
  }) => {
    await fakePushService(context, fakeSubscription());
    const { accessToken } = await signInAsNew(page, 'customer');
    await setNotificationPermission(page, 'granted');
    const findings: string[] = [];
    const audit = async (where: string) => {
      for (const size of [desktop, phone]) {
        await page.setViewportSize(size);
        await page.evaluate(() =>
          Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
        );
        if (!(await page.evaluate(() => 'axe' in window)))
          await page.addScriptTag({ path: path.resolve('node_modules/axe-core/axe.min.js') });
        const found = await page.evaluate(async () => {
          const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
          const result = await axe.run(document, { resultTypes: ['violations'] });
          return result.violations
            .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
            .map(
              (violation) =>
                `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
            );
        });
        findings.push(...found.map((finding) => `${where} at ${size.width} px: ${finding}`));
      }
      await page.setViewportSize(desktop);
    };

    await page.goto('/settings');
    const device = page.getByRole('region', { name: 'Notifications on this device' });
    await expect(device.getByRole('button', { name: 'Turn on' })).toBeVisible();
    await expect(page.getByRole('switch').first()).toBeVisible();
    await audit('Settings, off');
    await device.getByRole('button', { name: 'Turn on' }).click();
    await expect(device.getByRole('button', { name: 'Turn off' })).toBeVisible();
    await audit('Settings, on');
    await device.getByRole('button', { name: 'Turn off' }).click();
    await expect(device.getByRole('button', { name: 'Turn on' })).toBeVisible();

    // The phone's menu reaches Settings too.
    await page.setViewportSize(phone);
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    const menuLink = page.getByTestId('mobile-menu').getByRole('link', { name: 'Settings' });
    await expect(menuLink).toHaveAttribute('aria-current', 'page');
    await page.screenshot({ path: `${SHOTS}/settings-mobile-menu-390.png` });
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await page.setViewportSize(desktop);

    const owner = await signInAsNewOwnerByApi(request);
    const { shop, menu } = await openShopWithMenu(request, owner, uniqueName('Audit Roastery '), [
      { name: 'Flat White', price: '32.50' },
    ]);
    await placeOrder(request, accessToken, shop.id, [{ menuItemId: menu[0]!.id, quantity: 1 }]);
    await page.goto('/orders');
    await expect(
      page.getByRole('region', { name: 'Get a notification when your order is ready?' }),
    ).toBeVisible();
    await audit('/orders offer');

    await setNotificationPermission(page, 'denied');
    await page.goto('/settings');
    await expect(deviceStatus(page)).toContainText('Notifications are blocked');
    await audit('Settings, blocked');
    expect(findings).toEqual([]);
  });
});

test('signed out, Settings asks to sign in', async ({ page }) => {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Sign In Required' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', /\/login/);
});

test('a push delivered to the service worker shows a notification with its title, text and tag; an unreadable one still shows', async ({
  page,
  baseURL,
  setNotificationPermission,
}) => {
  await page.goto('/');
  await setNotificationPermission(page, 'granted');
  const cdp = await page.context().newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => registration.scopeURL === `${baseURL}/`);
      if (ours && !ours.isDeleted) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);

  const payload = {
    title: 'Order #42 is ready',
    body: 'Collect it at Truth Coffee with code 7KQ2.',
    url: '/orders',
    tag: 'order-42',
  };
  const shown = async () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return (await registration.getNotifications()).map((notification) => ({
        title: notification.title,
        body: notification.body,
        tag: notification.tag,
        data: notification.data as unknown,
        icon: notification.icon,
      }));
    });
  type Shown = Awaited<ReturnType<typeof shown>>;
  /**
   * Delivers a push through DevTools until `arrived` says it shows. DevTools now and then drops a delivery to a
   * worker it is just waking (1 in 8 runs here, with the worker untouched), which a push service would retry; the
   * worker's own answer to a push it gets is what is tested, and each push here has a tag, so a repeat replaces.
   */
  const deliver = async (data: string, arrived: (notifications: Shown) => boolean) => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: baseURL!,
        registrationId: await registrationId,
        data,
      });
      const deadline = Date.now() + 3_000;
      while (Date.now() < deadline) {
        if (arrived(await shown())) return;
        await page.waitForTimeout(100);
      }
    }
  };

  await deliver(JSON.stringify(payload), (notifications) => notifications.length > 0);
  await expect.poll(shown).toEqual([
    {
      title: payload.title,
      body: payload.body,
      tag: payload.tag,
      data: { url: '/orders' },
      icon: `${baseURL}/icons/icon-192.png`,
    },
  ]);

  // The same tag replaces the older notification rather than adding one.
  await deliver(JSON.stringify({ ...payload, title: 'Order #42 was collected' }), (notifications) =>
    notifications.some((notification) => notification.title === 'Order #42 was collected'),
  );
  await expect
    .poll(async () => (await shown()).map((notification) => notification.title))
    .toEqual(['Order #42 was collected']);

  // Not JSON: still a notification (a push that shows nothing counts against the site).
  await deliver('not json', (notifications) =>
    notifications.some((notification) => notification.tag === 'brew-connect'),
  );
  await expect
    .poll(async () => (await shown()).find((notification) => notification.tag === 'brew-connect'))
    .toMatchObject({ title: 'Brew Connect', data: { url: '/' } });
});

/** A new owner's token, registered through the API (for a shop the customer can order from). */
async function signInAsNewOwnerByApi(request: APIRequestContext) {
  const name = uniqueName('owner');
  const response = await request.post('/api/auth/register', {
    data: { username: name, email: `${name}@example.co.za`, password: 'flatwhite', role: 'shop_owner' },
  });
  if (!response.ok()) throw new Error(`register failed: ${response.status()}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}
