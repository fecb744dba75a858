// The landing page: hero, featured shops (at most 3) and the footer's dialogs.
import { expect, test } from '@playwright/test';
import { customerEmail, ownerEmail, signIn } from './helpers';

test('a visitor sees the hero and up to three featured shops with Sign Up to Chat', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Connect. Order. Enjoy.' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Started' }).first()).toBeVisible();
  const cards = page.getByTestId('featured-shop');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeLessThanOrEqual(3);
  await expect(cards.first().getByRole('link', { name: 'Sign Up to Chat' })).toHaveAttribute('href', '/auth');
});

test('a signed-in customer gets Start Discovering and Start Chatting', async ({ page }) => {
  await signIn(page, customerEmail);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Start Discovering' })).toBeVisible();
  await expect(
    page.getByTestId('featured-shop').first().getByRole('link', { name: 'Start Chatting' }),
  ).toBeVisible();
});

test('the sign-up call to action: Join as Shop Owner opens the form as an owner; signed in, it leads on instead', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign Up as Customer' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('radio', { name: 'Coffee Lover' })).toBeChecked();
  await page.goto('/');
  await page.getByRole('link', { name: 'Join as Shop Owner' }).click();
  await expect(page).toHaveURL(/\/register\?role=shop_owner$/);
  await expect(page.getByRole('radio', { name: 'Coffee Shop Owner' })).toBeChecked();

  await signIn(page, ownerEmail);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Ready for your next great cup?' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Join as Shop Owner' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the footer dialogs open and close', async ({ page }) => {
  await page.goto('/');
  for (const title of ['How It Works', 'Privacy Policy', 'Terms of Service']) {
    await page.getByRole('button', { name: title }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();
  }
});
