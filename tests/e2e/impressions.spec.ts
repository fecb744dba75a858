// First impressions (issue 13): signed-in users leave the sign-in pages, dialogs give focus back to their opener,
// a sign-up step change dismisses the last step's toast, a new shop reads New, and an owner's photo upload.
import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { signInAsNew, toastText, uniqueName } from './helpers';

const shots = '/tmp/shots-impressions';
mkdirSync(shots, { recursive: true });

/** A new owner, signed in, with one shop made through the API. */
async function ownerWithShop(page: Page) {
  const owner = await signInAsNew(page, 'shop_owner');
  const name = uniqueName('Fresh Grounds ');
  const response = await page.request.post('/api/coffee-shops', {
    headers: { authorization: `Bearer ${owner.accessToken}` },
    data: {
      name,
      category: 'artisan',
      address: '12 Bree St, Cape Town',
      latitude: '-33.92',
      longitude: '18.42',
    },
  });
  expect(response.status()).toBe(201);
  const shop = (await response.json()) as { id: number; name: string };
  return { owner, shop };
}

test.describe('signed-in users who open a sign-in page are sent on', () => {
  for (const path of ['/login', '/auth', '/register']) {
    test(`a customer opening ${path} lands on /discover`, async ({ page }) => {
      await signInAsNew(page, 'customer');
      await page.goto(path);
      await expect(page).toHaveURL(/\/discover$/);
    });

    test(`a shop owner opening ${path} lands on /dashboard`, async ({ page }) => {
      await signInAsNew(page, 'shop_owner');
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
    });
  }
});

test.describe('closing a dialog gives focus back to what opened it', () => {
  test('the review dialog closed with Escape returns focus to its Leave Review button', async ({ page }) => {
    await signInAsNew(page, 'customer');
    await page.goto('/discover');
    const opener = page.getByRole('button', { name: 'Leave Review' }).first();
    await opener.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('each shop dialog of the dashboard returns focus to its button, by Escape or by Close', async ({
    page,
  }) => {
    await ownerWithShop(page);
    await page.goto('/dashboard');
    for (const action of ['Menu', 'Hours', 'Edit', 'Promote', 'Analytics']) {
      const opener = page.getByRole('button', { name: action, exact: true }).first();
      await opener.click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
      await expect(opener, `${action} should have focus back`).toBeFocused();
    }
    const addShop = page.getByRole('button', { name: 'Add Another Shop' });
    await addShop.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Close dialog' }).click();
    await expect(addShop).toBeFocused();
  });
});

test('moving to the next sign-up step dismisses the previous step’s error toast', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(toastText(page, 'Please enter your email address')).toBeVisible();
  await page.getByLabel('Email').fill(`${uniqueName('wizard')}@example.co.za`);
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByLabel('Verification Code')).toBeVisible();
  // Long before the toast's own timeout: the step change took it away.
  await expect(toastText(page, 'Please enter your email address')).toBeHidden({ timeout: 1_000 });
});

test('a new shop reads New, not 0.0, on its dashboard card and page, and the average is –', async ({
  page,
}) => {
  const { shop } = await ownerWithShop(page);
  await page.goto('/dashboard');
  const card = page.getByTestId('my-shop').filter({ hasText: shop.name });
  await expect(card.getByText('New', { exact: true })).toBeVisible();
  await expect(card.getByText('0.0')).toHaveCount(0);
  await expect(page.getByText('Avg Rating').locator('..')).toContainText('–');
  await page.goto(`/shops/${shop.id}`);
  await expect(page.getByRole('heading', { level: 1, name: shop.name })).toBeVisible();
  await expect(page.getByText('New', { exact: true })).toBeVisible();
});

test('an owner uploads a shop photo in the edit dialog and the shop shows it', async ({ page }) => {
  const { shop } = await ownerWithShop(page);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Edit', exact: true }).first().click();
  const dialog = page.getByRole('dialog');
  const photo = await sharp({
    create: { width: 1200, height: 800, channels: 3, background: { r: 111, g: 78, b: 55 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg width="1200" height="800"><circle cx="600" cy="400" r="260" fill="#f2e8dd"/><circle cx="600" cy="400" r="180" fill="#5b3826"/></svg>',
        ),
      },
    ])
    .jpeg()
    .toBuffer();
  await dialog
    .getByLabel('Shop Photo')
    .setInputFiles({ name: 'cafe.jpg', mimeType: 'image/jpeg', buffer: photo });
  const preview = dialog.getByRole('img', { name: 'Shop Photo preview' });
  await expect(preview).toHaveAttribute('src', /^\/uploads\/[0-9a-f]{32}\.webp$/);
  await page.screenshot({ path: `${shots}/edit-dialog-photo-${page.viewportSize()?.width}.png` });
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toBeHidden();
  await page.goto(`/shops/${shop.id}`);
  const picture = page.getByRole('img', { name: shop.name }).first();
  await expect(picture).toHaveAttribute('src', /^\/uploads\/[0-9a-f]{32}-400\.webp$/);
  await expect(picture).toHaveAttribute('loading', 'lazy');
  await expect
    .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
});

test('a text file named .png is refused in the photo field with a visible reason', async ({ page }) => {
  await ownerWithShop(page);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Edit', exact: true }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Shop Photo').setInputFiles({
    name: 'menu.png',
    mimeType: 'image/png',
    buffer: Buffer.from('this is not a picture'),
  });
  await expect(dialog.getByRole('alert')).toHaveText('file must be a JPEG, PNG or WebP image');
});
