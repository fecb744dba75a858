// Accounts in the browser: the sign-up wizard with a mailed code, sign-in, sign-out and role-based pages.
import { expect, test } from '@playwright/test';
import {
  customerEmail,
  DEMO_PASSWORD,
  ownerEmail,
  readCode,
  signIn,
  signInAsNew,
  toastText,
  uniqueName,
} from './helpers';

test('a new coffee lover signs up with the wizard and the code from the email', async ({ page }) => {
  const name = uniqueName('lover');
  const email = `${name}@example.co.za`;
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Code' }).click();

  const codeInput = page.getByLabel('Verification Code');
  await expect(codeInput).toBeVisible();
  const code = await readCode(email);
  await codeInput.fill('12');
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await codeInput.fill(`${code}99`);
  await expect(codeInput).toHaveValue(code);
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByLabel('Username').fill(name);
  await page.getByLabel('Password', { exact: true }).fill('flatwhite');
  await page.getByLabel('Confirm Password').fill('flatwhit');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(toastText(page, 'Passwords do not match')).toBeVisible();

  await page.getByLabel('Confirm Password').fill('flatwhite');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/discover$/);
  await expect(page.getByRole('heading', { name: 'Discover Coffee Shops' })).toBeVisible();
  await expect(page.getByText(name)).toBeVisible();
});

test('the wizard goes back one step at a time', async ({ page }) => {
  const email = `${uniqueName('back')}@example.co.za`;
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(toastText(page, 'Please enter your email address')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByLabel('Verification Code')).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(email);
});

test('sign-in refuses a wrong password, then lets the right one in, and sign-out signs out', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(customerEmail);
  await page.getByLabel('Password', { exact: true }).fill('not-my-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(toastText(page, 'Sign in failed')).toBeVisible();
  await expect(toastText(page, 'Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(toastText(page, 'Welcome back!')).toBeVisible();
  await expect(page).toHaveURL(/\/discover$/);

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(
    page
      .getByRole('button', { name: 'Get Started' })
      .or(page.getByRole('link', { name: 'Get Started' }))
      .first(),
  ).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('an empty sign-in form asks for both fields', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(toastText(page, 'Please enter both email and password')).toBeVisible();
});

test('a shop owner lands on the dashboard, and previews Discover read-only as customers see it', async ({
  page,
}) => {
  await signIn(page, ownerEmail);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Shop Owner Dashboard' })).toBeVisible();
  const firstShop = page.locator('main').getByRole('link', { name: 'Preview as customer' }).first();
  await firstShop.click();
  await expect(page).toHaveURL(/\/discover\?search=/);
  await expect(page.getByText("You're previewing Discover as customers see it.")).toBeVisible();
  const searched = new URL(page.url()).searchParams.get('search')!;
  await expect(page.getByLabel('Search', { exact: true })).toHaveValue(searched);
  await expect(page.getByRole('heading', { name: searched }).first()).toBeVisible();
  // Read-only: no hearts, and the navigation still offers owners no Discover or Favorites.
  await expect(page.getByRole('button', { name: /favorites/i })).toHaveCount(0);
  const nav = page.getByRole('navigation').first();
  await expect(nav.getByRole('link', { name: 'Discover' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Favorites' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('signing in from a shop page’s Your Order returns to that shop, and from a private page to that page', async ({
  page,
}) => {
  const shops = (await (await page.request.get('/api/coffee-shops')).json()) as {
    id: number;
    name: string;
  }[];
  const shop = shops[0]!;
  await page.goto(`/shops/${shop.id}`);
  await page.getByRole('region', { name: 'Your Order' }).getByRole('link', { name: 'Sign In' }).click();
  await page.getByLabel('Email').fill(customerEmail);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(toastText(page, 'Welcome back!')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/shops/${shop.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: shop.name })).toBeVisible();

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.goto('/favorites');
  await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
  await page.getByLabel('Email').fill(customerEmail);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/favorites$/);
});

test('a customer on the dashboard sees Access Denied', async ({ page }) => {
  await signIn(page, customerEmail);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText('This dashboard is only available for coffee shop owners.')).toBeVisible();
});

test('signed-out visitors are asked to sign in on every private page', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Sign In Required' })).toBeVisible();
  await expect(page.getByText('Please sign in to access your dashboard.')).toBeVisible();
  await page.goto('/discover');
  await expect(page.getByRole('heading', { name: 'Sign In Required' })).toBeVisible();
  await page.goto('/messages');
  await expect(page.getByRole('heading', { name: 'Sign In Required' })).toBeVisible();
  await page.goto('/favorites');
  await expect(page.getByRole('heading', { name: 'Sign In Required' })).toBeVisible();
});

test('a bad stored token is dropped silently', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('token', 'not-a-real-token'));
  await page.goto('/discover');
  await expect(page.getByRole('heading', { name: 'Sign In Required' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('a session check that fails on the network keeps the token, asks again, and a later answer signs the page in', async ({
  page,
}) => {
  await signInAsNew(page, 'customer');
  // Every check fails while the page loads, the retries too (it was once aborted by a reload and signed the tab out).
  let failures = 0;
  await page.route('**/api/auth/me', (route) => {
    failures += 1;
    return route.abort('internetdisconnected');
  });
  await page.goto('/orders');
  await expect(page.getByRole('heading', { name: 'Sign In Required' })).toBeVisible({ timeout: 10_000 });
  expect(failures).toBeGreaterThanOrEqual(3);
  expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();

  // One failure, then the network is back: the retry signs the page in, with no reload.
  await page.unroute('**/api/auth/me');
  let failedOnce = false;
  await page.route('**/api/auth/me', (route) => {
    if (failedOnce) return route.continue();
    failedOnce = true;
    return route.abort('failed');
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My Orders', level: 1 })).toBeVisible();
  expect(failedOnce).toBe(true);
});

test('an unknown route shows the 404 page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText(/add the page to the router/)).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu opens and closes again after a navigation click', async ({ page }) => {
    await signIn(page, customerEmail);
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    const menu = page.getByTestId('mobile-menu');
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: 'Favorites' }).click();
    await expect(page).toHaveURL(/\/favorites$/);
    await expect(menu).toBeHidden();
  });
});
