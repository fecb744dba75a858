// A forgotten password (issue 28) in the browser: 'Forgot password?' on both sign-in forms, the code mailed through
// the real SMTP sink, the server's words for a wrong code, a new code replacing the old, and afterwards only the new
// password signs in.
import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { wrongCodeFor } from '../support/captured-mail';
import { readCode, toastText, uniqueName } from './helpers';

const SHOTS = '/tmp/account-shots';
mkdirSync(SHOTS, { recursive: true });
const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };

/** An account made through the API, not signed in anywhere in the browser. */
async function registerAccount(request: APIRequestContext, role: 'customer' | 'shop_owner') {
  const name = uniqueName(role === 'customer' ? 'forgetful' : 'ownerforgot');
  const account = { name, email: `${name}@example.co.za`, password: 'flatwhite' };
  const response = await request.post('/api/auth/register', {
    data: { username: name, email: account.email, password: account.password, role },
  });
  expect(response.status()).toBe(201);
  // The account's confirmation code (issue 32) is the first mail to it; the reset code is the next.
  await readCode(account.email);
  return account;
}

async function shoot(page: Page, name: string) {
  for (const size of [desktop, phone]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SHOTS}/${name}-${size.width}.png`, fullPage: true });
  }
  await page.setViewportSize(desktop);
}

async function signInWith(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('a customer who forgot their password gets a code by email, chooses a new one and lands on Discover; only the new password signs in afterwards', async ({
  page,
  request,
}) => {
  const account = await registerAccount(request, 'customer');
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.screenshot({ path: `${SHOTS}/login-${desktop.width}.png` });
  await page.getByRole('link', { name: 'Forgot password?', exact: true }).click();

  // The email typed on the sign-in form comes along.
  await expect(page).toHaveURL(/\/forgot-password\?email=/);
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(account.email);
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'We sent a 6-digit code to' })).toContainText(
    account.email,
  );
  const code = await readCode(account.email);

  // The new password twice, alike, before anything is sent.
  await page.getByLabel('Code').fill(code);
  await page.getByLabel('New password', { exact: true }).fill('cortado-2');
  await page.getByLabel('Confirm new password').fill('cortado-3');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Passwords do not match' })).toBeVisible();

  // A wrong code: the server's words, as they are.
  await page.getByLabel('Code').fill(wrongCodeFor(code));
  await page.getByLabel('Confirm new password').fill('cortado-2');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'That code is not right. 4 tries left.' }),
  ).toBeVisible();

  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/discover$/);
  await expect(toastText(page, 'Your password was changed')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByText(account.name)).toBeVisible();

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await signInWith(page, account.email, account.password);
  await expect(toastText(page, 'Sign in failed')).toBeVisible();
  await expect(toastText(page, 'Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Password', { exact: true }).fill('cortado-2');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/discover$/);
});

test('from the Login tab of /auth, an owner asks for a second code: the first stops working, the second signs them in to the dashboard', async ({
  page,
  request,
}) => {
  const account = await registerAccount(request, 'shop_owner');
  await page.setViewportSize(desktop);
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot password?', exact: true }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please enter your email address' })).toBeVisible();
  await shoot(page, 'forgot-password-email');

  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByLabel('Code')).toBeVisible();
  const firstCode = await readCode(account.email);

  await page.getByRole('button', { name: 'Ask for a new code' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'We sent a new 6-digit code to' })).toBeVisible();
  const secondCode = await readCode(account.email);
  await shoot(page, 'forgot-password-code');

  await page.getByLabel('New password', { exact: true }).fill('macchiato');
  await page.getByLabel('Confirm new password').fill('macchiato');
  if (firstCode !== secondCode) {
    await page.getByLabel('Code').fill(firstCode);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'That code is not right.' })).toBeVisible();
  }
  await page.getByLabel('Code').fill(secondCode);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(toastText(page, 'Your password was changed')).toBeVisible();
});

test('someone signed in who opens /forgot-password is sent home', async ({ page, request }) => {
  const account = await registerAccount(request, 'customer');
  await signInWith(page, account.email, account.password);
  await expect(page).toHaveURL(/\/discover$/);
  await page.goto('/forgot-password');
  await expect(page).toHaveURL(/\/discover$/);
});
