// A skip link on every page (issue 32): the first Tab shows 'Skip to main content', and following it puts the
// keyboard in the page's main content, past the navigation.
import { expect, type Page, test } from '@playwright/test';
import { ownerEmail, signIn } from './helpers';

async function skipsToMain(page: Page, { focusableInside = true } = {}) {
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
  // The next Tab goes on inside the main content, not back to the navigation.
  if (!focusableInside) return;
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
}

test('visitors: the landing page, /auth and a shop page', async ({ page }) => {
  for (const path of ['/', '/auth']) {
    await page.goto(path);
    await expect(page.locator('main#main')).toBeVisible();
    await skipsToMain(page);
  }
  const [shop] = (await (await page.request.get('/api/coffee-shops')).json()) as { id: number }[];
  await page.goto(`/shops/${shop!.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await skipsToMain(page);
});

test('an owner: the dashboard and the orders board', async ({ page }) => {
  await signIn(page, ownerEmail);
  await expect(page.getByRole('heading', { name: 'Shop Owner Dashboard' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Shop Owner Dashboard' })).toBeVisible();
  await skipsToMain(page);
  await page.goto('/dashboard/board');
  await expect(page.getByRole('main', { name: 'Orders' })).toBeVisible();
  // The board may hold no orders, so nothing in it to Tab to.
  await skipsToMain(page, { focusableInside: false });
});
