// Confirming an email (issue 32): a /register account's banner takes the mailed code, and until then a review of a
// shop it never ordered from is refused in the server's words; the wizard says a wrong code on step 2, offers
// Resend with a countdown, and Resend again when the code's tries are spent; 'Get Started' opens Register.
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

test('a code whose tries are spent offers Resend on step 2; once the countdown allows, Resend mails a new code', async ({
  page,
}) => {
  // The page's clock is the test's, so the 30 s countdown passes without waiting for it.
  await page.clock.install();
  const email = `${uniqueName('spent')}@example.co.za`;
  await page.goto('/auth?tab=register');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Code' }).click();
  const codeInput = page.getByLabel('Verification Code');
  await expect(codeInput).toBeVisible();
  const code = await readCode(email);
  const wrong = code === '000000' ? '111111' : '000000';

  // Four wrong checks through the API, the fifth (the last try) on step 2.
  for (const left of ['4 tries', '3 tries', '2 tries', '1 try']) {
    const check = await page.request.post('/api/auth/check-code', { data: { email, code: wrong } });
    expect(check.status()).toBe(400);
    expect(await check.json()).toEqual({ message: `The verification code is incorrect. ${left} left.` });
  }
  await codeInput.fill(wrong);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'The verification code is incorrect and can no longer be used.' }),
  ).toBeVisible();
  await expect(page.getByText('Ask for a new code:')).toBeVisible();
  // Even the right code is no use now.
  await codeInput.fill(code);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'expired or was already used' })).toBeVisible();
  await expect(page.getByText('Ask for a new code:')).toBeVisible();
  await shoot(page, 'wizard-spent-code');

  // Resend waits out the countdown that began with the first code, then sends a new one.
  const resend = page.getByRole('button', { name: /^Resend code/ });
  await expect(resend).toBeDisabled();
  // A second at a time: each tick of the countdown sets the next one once React has drawn it.
  for (let second = 0; second <= 30; second += 1) await page.clock.runFor(1000);
  await expect(resend).toHaveText('Resend code');
  const sent = page.waitForResponse(
    (response) => response.url().endsWith('/api/auth/send-code') && response.request().method() === 'POST',
  );
  await resend.click();
  expect((await sent).status()).toBe(200);
  await expect(resend).toBeDisabled();
  await expect(page.getByText('Ask for a new code:')).toHaveCount(0);

  // The new code is the one that works.
  const fresh = await readCode(email);
  await codeInput.fill(fresh);
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
