// Confirming an email (issue 32): a /register account's banner takes the mailed code, and until then a review of a
// shop it never ordered from is refused in the server's words; the wizard says a wrong code on step 2, offers
// Resend with a countdown; 'Get Started' opens Register.
import { expect, type Page, test } from '@playwright/test';
import { readCode, signInAsNew, toastText, uniqueName } from './helpers';

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/shots';

async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("'Get Started' opens the Register tab; Login is one click away", async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Get Started' }).first().click();
  await expect(page).toHaveURL(/\/auth\?tab=register$/);
  await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'Send Code' })).toBeVisible();
  await page.getByRole('tab', { name: 'Login' }).click();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test('the wizard says a wrong code on step 2 at once, offers Resend after a countdown, and goes on with the right code', async ({
  page,
}) => {
  const email = `${uniqueName('checked')}@example.co.za`;
  await page.goto('/auth?tab=register');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Code' }).click();
  const codeInput = page.getByLabel('Verification Code');
  await expect(codeInput).toBeVisible();
  const code = await readCode(email);
  await expect(page.getByRole('button', { name: /Resend code in \d+s/ })).toBeDisabled();

  await codeInput.fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'The verification code is incorrect. 4 tries left.' }),
  ).toBeVisible();
  // Still on step 2.
  await expect(codeInput).toBeVisible();
  await shoot(page, 'wizard-wrong-code');

  await codeInput.fill(code);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('Username')).toBeVisible();
});

test('a /register account confirms its email in the banner; before that a review is refused in words', async ({
  page,
}) => {
  const { name } = await signInAsNew(page, 'customer', undefined, { confirmed: false });
  const email = `${name}@example.co.za`;
  await page.goto('/discover');
  const banner = page.getByRole('region', { name: 'Confirm your email' });
  await expect(banner).toContainText(`enter the code we sent to ${email}`);
  await shoot(page, 'confirm-email-banner');

  // A review of a shop never ordered from waits for the confirmation.
  await page.getByLabel('Search', { exact: true }).fill('hazel');
  const card = page.getByTestId('shop-card').first();
  await card.getByRole('button', { name: 'Leave Review' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: '1 star' }).click();
  await dialog.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByText('Please confirm your email before leaving a review').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  const code = await readCode(email);
  await banner.getByLabel('Confirmation code').fill(code === '000000' ? '111111' : '000000');
  await banner.getByRole('button', { name: 'Confirm' }).click();
  await expect(banner.getByRole('alert')).toHaveText('That code is not right. 4 tries left.');
  await banner.getByLabel('Confirmation code').fill(code);
  await banner.getByRole('button', { name: 'Confirm' }).click();
  await expect(toastText(page, 'Email confirmed')).toBeVisible();
  await expect(banner).toHaveCount(0);
  // And it stays confirmed on the next visit.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Discover Coffee Shops' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Confirm your email' })).toHaveCount(0);
});
