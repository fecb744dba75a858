// Settings › Account, sessions and POPIA's rights (issue 28) in the browser: username, password and email changes (the
// email code read from the real SMTP sink), signing another browser out (it is sent to sign-in on its next call, or
// at once by its live connection), the data download, and deleting the account; with screenshots of the page.
import { mkdirSync, readFileSync } from 'node:fs';
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import { openShopWithMenu, placeOrder } from '../support/e2e-orders';
import { readCode, signInAsNew, toastText, uniqueName } from './helpers';

const SHOTS = '/tmp/account-shots';
mkdirSync(SHOTS, { recursive: true });
const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };
/** signInAsNew's password. */
const PASSWORD = 'flatwhite';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const emailOf = (name: string) => `${name}@example.co.za`;
const region = (page: Page, name: string) => page.getByRole('region', { name });

async function signInWith(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** A second browser (its own context, an iPhone's user agent) signed in as the same account through the API. */
async function secondBrowser(browser: Browser, email: string) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    userAgent: IPHONE_SAFARI,
    viewport: phone,
  });
  const page = await context.newPage();
  const response = await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(response.ok()).toBe(true);
  const { accessToken } = (await response.json()) as { accessToken: string };
  await page.goto('/terms');
  await page.evaluate((token) => localStorage.setItem('token', token), accessToken);
  return { context, page };
}

/** An account made through the API, signed in nowhere in the browser. */
async function registerByApi(request: APIRequestContext, role: 'customer' | 'shop_owner') {
  const name = uniqueName(role === 'customer' ? 'lover' : 'owner');
  const response = await request.post('/api/auth/register', {
    data: { username: name, email: emailOf(name), password: PASSWORD, role },
  });
  expect(response.status()).toBe(201);
  return { name, accessToken: ((await response.json()) as { accessToken: string }).accessToken };
}

function sessionRows(page: Page): Locator {
  return region(page, "Where you're signed in").getByTestId('session');
}

test('changing the username shows the new one in the navigation at once, and a taken one is refused in the server’s words', async ({
  page,
  request,
}) => {
  const { name } = await signInAsNew(page, 'customer');
  const other = await registerByApi(request, 'customer');
  await page.goto('/discover');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);

  const account = region(page, 'Account');
  const username = account.getByLabel('Username');
  await expect(username).toHaveValue(name);
  await expect(account.getByRole('button', { name: 'Save' })).toBeDisabled();

  await username.fill(other.name);
  await account.getByRole('button', { name: 'Save' }).click();
  await expect(account.getByRole('alert')).toHaveText('That username is taken');

  const renamed = uniqueName('renamed');
  await username.fill(renamed);
  await account.getByRole('button', { name: 'Save' }).click();
  await expect(account.getByRole('status').filter({ hasText: 'Your username was saved.' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  // The name follows the avatar's letter in one element, hence no exact match.
  await expect(nav.getByText(renamed)).toBeVisible();
  await expect(nav.getByText(name)).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByText(renamed)).toBeVisible();
});

test('changing the password asks for the current one, keeps this browser signed in, and the new one signs in next time', async ({
  page,
}) => {
  const { name } = await signInAsNew(page, 'customer');
  await page.goto('/settings');
  const account = region(page, 'Account');
  await account.getByRole('button', { name: 'Change password' }).click();

  await account.getByLabel('Current password').fill('not-my-password');
  await account.getByLabel('New password', { exact: true }).fill('espresso-9');
  await account.getByLabel('Confirm new password').fill('espresso-9');
  await account.getByRole('button', { name: 'Save new password' }).click();
  await expect(account.getByRole('alert')).toHaveText('That password is not right');

  await account.getByLabel('Current password').fill(PASSWORD);
  await account.getByRole('button', { name: 'Save new password' }).click();
  await expect(toastText(page, 'Your password was changed')).toBeVisible();
  await expect(account.getByRole('button', { name: 'Change password' })).toBeVisible();

  // This browser's session stays.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await signInWith(page, emailOf(name), PASSWORD);
  await expect(toastText(page, 'Invalid email or password')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('espresso-9');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/discover$/);
});

test('a new email is confirmed with the code mailed to it, and is the one that signs in from then on', async ({
  page,
}) => {
  const { name } = await signInAsNew(page, 'customer');
  const newEmail = emailOf(uniqueName('moved'));
  await page.goto('/settings');
  const account = region(page, 'Account');
  await expect(account.getByTestId('account-email')).toHaveText(emailOf(name));
  await account.getByRole('button', { name: 'Change email' }).click();
  await account.getByLabel('New email').fill(newEmail);
  await account.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await account.getByRole('button', { name: 'Send code' }).click();
  await expect(account.getByRole('status').filter({ hasText: 'We sent a 6-digit code to' })).toContainText(
    newEmail,
  );

  await account.getByLabel('Code').fill(await readCode(newEmail));
  await account.getByRole('button', { name: 'Confirm new email' }).click();
  await expect(toastText(page, 'Your email was changed')).toBeVisible();
  await expect(account.getByTestId('account-email')).toHaveText(newEmail);

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await signInWith(page, emailOf(name), PASSWORD);
  await expect(toastText(page, 'Invalid email or password')).toBeVisible();
  await signInWith(page, newEmail, PASSWORD);
  await expect(page).toHaveURL(/\/discover$/);
});

test('Sign Out ends the session on the server too: its token is refused afterwards', async ({
  page,
  request,
}) => {
  const { accessToken } = await signInAsNew(page, 'customer');
  await page.goto('/discover');
  const me = () =>
    request
      .get('/api/auth/me', { headers: { authorization: `Bearer ${accessToken}` } })
      .then((r) => r.status());
  expect(await me()).toBe(200);
  const ended = page.waitForResponse(
    (response) => response.url().endsWith('/api/auth/logout') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Sign Out' }).click();
  expect((await ended).status()).toBe(204);
  expect(await me()).toBe(401);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('Sign out on another browser in the sessions list sends that browser to sign-in on its next call', async ({
  page,
  browser,
}) => {
  const { name } = await signInAsNew(page, 'customer');
  const other = await secondBrowser(browser, emailOf(name));
  // The other browser's live connection is held here (never reaching the server), so what sends it to sign-in
  // is its next call, not the socket the server closes.
  await other.context.routeWebSocket(/\/ws$/, () => {});
  await other.page.goto('/discover');
  await expect(other.page.getByRole('heading', { name: 'Discover Coffee Shops' })).toBeVisible();

  await page.goto('/settings');
  await expect(sessionRows(page)).toHaveCount(2);
  const here = sessionRows(page).filter({ hasText: 'This device' });
  await expect(here).toContainText('Chrome on Windows');
  await expect(here).toContainText('Active now');
  await expect(here.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  const iphone = sessionRows(page).filter({ hasText: 'Safari on iPhone' });
  await expect(iphone).toContainText('127.0.0.1');

  await iphone.getByRole('button', { name: 'Sign out' }).click();
  await expect(sessionRows(page)).toHaveCount(1);
  await expect(region(page, "Where you're signed in").getByRole('status')).toHaveText(
    'Signed out of Safari on iPhone.',
  );
  await expect(page.getByText('You are not signed in anywhere else.')).toBeVisible();

  // Its next call is refused: signed out there, with a word, on the sign-in page that returns to where it was.
  await other.page.getByRole('button', { name: 'Toggle menu' }).click();
  await other.page.getByTestId('mobile-menu').getByRole('link', { name: 'Orders' }).click();
  await expect(other.page).toHaveURL(/\/login\?next=%2Forders$/);
  await expect(toastText(other.page, 'You were signed out')).toBeVisible();
  expect(await other.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await other.page.getByLabel('Email').fill(emailOf(name));
  await other.page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await other.page.getByRole('button', { name: 'Sign In' }).click();
  await expect(other.page).toHaveURL(/\/orders$/);
  await other.context.close();

  // This browser was not touched.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
});

test('Sign out everywhere else: another browser’s live connection is closed and sends it to sign-in at once, without a call of its own', async ({
  page,
  browser,
}) => {
  const { name } = await signInAsNew(page, 'customer');
  const other = await secondBrowser(browser, emailOf(name));
  const authenticated = other.page
    .waitForEvent('websocket')
    .then((socket) =>
      socket.waitForEvent('framereceived', (frame) => String(frame.payload).includes('"authenticated"')),
    );
  // Sign-ins over the live connection: the refused token must not be tried again. (A signed-out tab may still
  // open a visitor's socket to watch the shops on screen; that one carries no token.)
  const sockets: string[] = [];
  other.page.on('websocket', (socket) =>
    socket.on('framesent', (frame) => {
      if (String(frame.payload).includes('"type":"auth"')) sockets.push(socket.url());
    }),
  );
  await other.page.goto('/discover');
  await authenticated;

  await page.goto('/settings');
  await expect(sessionRows(page)).toHaveCount(2);
  await region(page, "Where you're signed in")
    .getByRole('button', { name: 'Sign out everywhere else' })
    .click();
  await expect(sessionRows(page)).toHaveCount(1);

  await expect(other.page).toHaveURL(/\/login\?next=%2Fdiscover$/);
  await expect(toastText(other.page, 'You were signed out')).toBeVisible();
  // The refused token was not tried again.
  expect(sockets).toHaveLength(1);
  await other.context.close();
});

test('Download my data saves a JSON file of everything held, with the profile’s email', async ({ page }) => {
  const { name } = await signInAsNew(page, 'customer');
  await page.goto('/settings');
  const data = region(page, 'Your data');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    data.getByRole('button', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^brew-connect-${name}-\\d{4}-\\d{2}-\\d{2}\\.json$`),
  );
  const file = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
    profile: { email: string; username: string };
    sessions: unknown[];
  };
  expect(file.profile).toMatchObject({ email: emailOf(name), username: name });
  await expect(data.getByRole('status')).toHaveText(`Downloaded ${download.suggestedFilename()}`);
});

test('deleting the account needs DELETE and the password, lands on the landing page, and the account no longer signs in', async ({
  page,
}) => {
  const { name } = await signInAsNew(page, 'customer');
  await page.goto('/settings');
  await region(page, 'Delete my account').getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete my account' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("under the name 'Deleted customer'");
  const confirm = dialog.getByRole('button', { name: 'Delete my account' });
  await expect(confirm).toBeDisabled();

  await dialog.getByLabel('Type DELETE to confirm').fill('delete');
  await dialog.getByLabel('Password', { exact: true }).fill('not-my-password');
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await expect(dialog.getByRole('alert')).toHaveText('That password is not right');

  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await confirm.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toastText(page, 'Your account was deleted')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  await signInWith(page, emailOf(name), PASSWORD);
  await expect(toastText(page, 'Sign in failed')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('deleting is refused, in the server’s words, while the customer has an open order', async ({
  page,
  request,
}) => {
  const { accessToken } = await signInAsNew(page, 'customer');
  const { accessToken: owner } = await registerByApi(request, 'shop_owner');
  const { shop, menu } = await openShopWithMenu(request, owner, uniqueName('Refusal Roastery '), [
    { name: 'Cortado', price: '28.00' },
  ]);
  const order = await placeOrder(request, accessToken, shop.id, [{ menuItemId: menu[0]!.id, quantity: 1 }]);

  await page.goto('/settings');
  await region(page, 'Delete my account').getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete my account' });
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    `Your order #${order.id} is still pending: wait until it is collected or cancelled`,
  );
  // Still signed in, still here.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
});

for (const role of ['customer', 'shop_owner'] as const) {
  test(`screenshots of Settings for a ${role === 'customer' ? 'customer' : 'shop owner'}, at 1280 and 390 px, with the delete dialog`, async ({
    page,
    browser,
  }) => {
    const { name } = await signInAsNew(page, role);
    const other = await secondBrowser(browser, emailOf(name));
    await other.context.close();
    const who = role === 'customer' ? 'customer' : 'owner';
    for (const size of [desktop, phone]) {
      await page.setViewportSize(size);
      await page.goto('/settings');
      await expect(sessionRows(page)).toHaveCount(2);
      await page.screenshot({ path: `${SHOTS}/settings-${who}-${size.width}.png`, fullPage: true });
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);

      await region(page, 'Account').getByRole('button', { name: 'Change email' }).click();
      await region(page, 'Account').getByRole('button', { name: 'Change password' }).click();
      await page.screenshot({ path: `${SHOTS}/settings-${who}-forms-${size.width}.png`, fullPage: true });

      await region(page, 'Delete my account').getByRole('button', { name: 'Delete my account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete my account' });
      await expect(dialog).toBeVisible();
      await page.evaluate(() =>
        Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
      );
      await page.screenshot({ path: `${SHOTS}/delete-dialog-${who}-${size.width}.png` });
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
  });
}

test('the privacy page names the rights to see and delete one’s data, links them to Settings, and names the information officer the server gives', async ({
  page,
}) => {
  // The server's PRIVACY_CONTACT, told apart from the address built into the page.
  await page.route('**/api/privacy-contact', (route) =>
    route.fulfill({ json: { email: 'officer@roastery.example' } }),
  );
  await page.goto('/privacy');
  const rights = page.getByRole('main');
  await expect(rights.getByRole('link', { name: 'officer@roastery.example' })).toHaveAttribute(
    'href',
    'mailto:officer@roastery.example',
  );
  await expect(rights).toContainText('Settings › Download my data');
  await expect(rights).toContainText('Settings › Delete my account');
  await rights.getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fsettings$/);

  await signInAsNew(page, 'customer');
  await page.goto('/privacy');
  await expect(page.getByRole('link', { name: 'Settings › Download my data' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/privacy-signed-in-${desktop.width}.png`, fullPage: true });
  await page.getByRole('link', { name: 'Settings › Download my data' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(region(page, 'Your data').getByRole('button', { name: 'Download my data' })).toBeVisible();
});
