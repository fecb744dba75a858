// An owner's screens as a first week of use finds them (issue 32): the hours dialog reads Open or Closed and takes
// 24-hour times, a special day switched to open asks for its hours, a camera-sized photo is made smaller in the
// browser and its crops previewed, Quick Actions act on the shop chosen, and the Orders tab filters by shop and
// sorts by pickup time. Screenshots at 1280 and 390 px go to /tmp/shots.
import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import type { Order } from '../../src/shared/api/orders.js';
import { UPLOAD_MAX_BYTES } from '../../src/shared/api/uploads.js';
import { pickupChoices } from '../../src/shared/domain/pickup.js';
import { openShopWithMenu } from '../support/e2e-orders';
import { signInAsNew, toastText, uniqueName } from './helpers';

const shots = '/tmp/shots';
mkdirSync(shots, { recursive: true });
const widths = [1280, 390] as const;

/** A new owner signed in on the page, with shops made through the API (so no other test shares them). */
async function ownerWithShops(page: Page, count = 1) {
  const { accessToken } = await signInAsNew(page, 'shop_owner');
  const shops: { id: number; name: string }[] = [];
  for (let index = 0; index < count; index++) {
    const created = await page.request.post('/api/coffee-shops', {
      headers: { authorization: `Bearer ${accessToken}` },
      data: {
        name: uniqueName(`Owner Screens ${index + 1} `),
        category: 'specialty',
        address: '9 Loop St, Cape Town',
      },
    });
    expect(created.status()).toBe(201);
    shops.push((await created.json()) as { id: number; name: string });
  }
  return { accessToken, shops };
}

interface HoursRow {
  dayOfWeek: number;
  openTime: string | null;
  closeTime: string | null;
  isClosed: boolean;
}

async function hoursOf(page: Page, shopId: number): Promise<HoursRow[]> {
  return (await (await page.request.get(`/api/business-hours/${shopId}`)).json()) as HoursRow[];
}

/**
 * Keeps each file the page puts in a form (the photo field's upload), for the test to read: Chromium does not hand
 * a multipart body holding a file to Playwright, so it is taken in the page on its way in.
 */
async function keepUploadedFiles(page: Page) {
  await page.addInitScript(() => {
    const kept: Blob[] = [];
    Object.assign(window, { keptUploads: kept });
    const append = FormData.prototype.append;
    FormData.prototype.append = function (this: FormData, ...args: [string, string | Blob, string?]) {
      if (args[1] instanceof Blob) kept.push(args[1]);
      Reflect.apply(append, this, args);
    };
  });
}

/** The last file the page uploaded, as bytes. */
async function lastUploadedFile(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(async () => {
    const kept = (window as unknown as { keptUploads: Blob[] }).keptUploads;
    const blob = kept.at(-1);
    if (!blob) return '';
    return new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsDataURL(blob);
    });
  });
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

test('the hours dialog reads Open or Closed for each day and saves times typed in 24-hour form', async ({
  page,
}) => {
  const { shops } = await ownerWithShops(page);
  const [shop] = shops;
  await page.goto('/dashboard');
  // One shop: nothing to choose in Quick Actions.
  await expect(page.getByRole('combobox', { name: 'Shop', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Manage Hours' }).click();
  const dialog = page.getByRole('dialog', { name: `Business Hours - ${shop!.name}` });
  const day = (name: string) => dialog.getByRole('radiogroup', { name });
  await expect(day('Monday').getByRole('radio', { name: 'Open' })).toBeChecked();
  await expect(dialog.getByLabel('Monday opens')).toHaveValue('09:00');

  // The preset says, and does, what happens to the weekend.
  const preset = dialog.getByRole('button', { name: 'Weekdays 08:00–18:00 — Saturday and Sunday closed' });
  await expect(preset).toContainText('Saturday and Sunday closed');
  await preset.click();
  await expect(dialog.getByLabel('Friday closes')).toHaveValue('18:00');
  await expect(day('Saturday').getByRole('radio', { name: 'Closed' })).toBeChecked();
  await expect(day('Sunday').getByRole('radio', { name: 'Closed' })).toBeChecked();
  await expect(dialog.getByLabel('Saturday opens')).toBeHidden();

  // Saturday mornings after all, typed the short way; tidied to HH:MM on leaving the box.
  // The word is what a person clicks; the radio under it is what a screen reader reads.
  await day('Saturday').getByText('Open', { exact: true }).click();
  await expect(day('Saturday').getByRole('radio', { name: 'Open' })).toBeChecked();
  await dialog.getByLabel('Saturday opens').fill('8');
  await dialog.getByLabel('Saturday closes').fill('1330');
  await dialog.getByLabel('Saturday closes').blur();
  await expect(dialog.getByLabel('Saturday opens')).toHaveValue('08:00');
  await expect(dialog.getByLabel('Saturday closes')).toHaveValue('13:30');
  await dialog.getByLabel('Monday opens').fill('07h00');
  // Not a time of day: said under the row once it is left, and Save refuses with focus on the day to fix.
  await dialog.getByLabel('Tuesday closes').fill('25:00');
  await dialog.getByLabel('Wednesday opens').focus();
  const tuesdayCloses = dialog.getByLabel('Tuesday closes');
  await expect(tuesdayCloses).toHaveAttribute('aria-invalid', 'true');
  await expect(tuesdayCloses).toHaveAccessibleDescription(
    'Enter the closing time as HH:MM, 24-hour, for example 17:30.',
  );
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await dialog.screenshot({ path: `${shots}/owner-hours-${width}.png` });
    await dialog.getByRole('heading', { name: 'Weekly hours' }).scrollIntoViewIfNeeded();
    await dialog.screenshot({ path: `${shots}/owner-hours-top-${width}.png` });
    await tuesdayCloses.scrollIntoViewIfNeeded();
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole('button', { name: 'Save Hours' }).click();
  await expect(toastText(page, 'Failed to save business hours')).toBeVisible();
  await expect(tuesdayCloses).toBeFocused();
  await expect(dialog.getByLabel('Tuesday opens')).not.toHaveAttribute('aria-invalid');
  expect(await hoursOf(page, shop!.id)).toEqual([]);

  await tuesdayCloses.fill('17:30');
  await dialog.getByRole('button', { name: 'Save Hours' }).click();
  await expect(toastText(page, 'Business hours saved')).toBeVisible();
  const saved = new Map((await hoursOf(page, shop!.id)).map((row) => [row.dayOfWeek, row]));
  expect(saved.get(1)).toMatchObject({ openTime: '07:00', closeTime: '18:00', isClosed: false });
  expect(saved.get(2)).toMatchObject({ openTime: '08:00', closeTime: '17:30', isClosed: false });
  expect(saved.get(5)).toMatchObject({ openTime: '08:00', closeTime: '18:00', isClosed: false });
  expect(saved.get(6)).toMatchObject({ openTime: '08:00', closeTime: '13:30', isClosed: false });
  expect(saved.get(0)).toMatchObject({ openTime: null, closeTime: null, isClosed: true });
});

test('a special day switched from Closed all day to Open asks for its hours instead of assuming them', async ({
  page,
}) => {
  const { shops } = await ownerWithShops(page);
  const [shop] = shops;
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Manage Hours' }).click();
  const form = page
    .getByRole('dialog', { name: `Business Hours - ${shop!.name}` })
    .getByRole('form', { name: 'Add a special day' });
  const date = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  await form.getByLabel('Date').fill(date);
  await expect(form.getByRole('radio', { name: 'Closed all day' })).toBeChecked();
  await expect(form.getByLabel('Opens')).toBeHidden();

  await form.getByRole('radiogroup', { name: 'That day' }).getByText('Open', { exact: true }).click();
  await expect(form.getByLabel('Opens')).toHaveValue('');
  await expect(form.getByLabel('Closes')).toHaveValue('');
  await form.getByRole('button', { name: 'Add Special Day' }).click();
  const error = form.getByText('Enter the opening and closing times, 24-hour, for example 07:00 and 17:30.');
  await expect(error).toBeVisible();
  await expect(form.getByLabel('Opens')).toBeFocused();
  await expect(form.getByLabel('Opens')).toHaveAttribute('aria-invalid', 'true');
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await form.scrollIntoViewIfNeeded();
    await form.screenshot({ path: `${shots}/owner-special-day-${width}.png` });
  }
  expect(await (await page.request.get(`/api/special-hours/${shop!.id}`)).json()).toEqual([]);

  await form.getByLabel('Opens').fill('8');
  await form.getByLabel('Closes').fill('13:00');
  await form.getByRole('button', { name: 'Add Special Day' }).click();
  await expect(toastText(page, 'Special day saved')).toBeVisible();
  expect(await (await page.request.get(`/api/special-hours/${shop!.id}`)).json()).toMatchObject([
    { date, isClosed: false, openTime: '08:00', closeTime: '13:00' },
  ]);
});

test('a 5000 × 4000 camera photo over 5 MB is made smaller in the browser, uploaded, and its crops previewed', async ({
  page,
}) => {
  // Decoding 20 megapixels and encoding 4.6 takes the browser a few seconds on a busy two-core machine.
  test.setTimeout(90_000);
  await keepUploadedFiles(page);
  await ownerWithShops(page);
  // A cup seen from above under a camera sensor's fine grain: more bytes than the server takes, as it is.
  const cup = Buffer.from(
    '<svg width="5000" height="4000"><rect width="5000" height="4000" fill="#6f4e37" fill-opacity="0.5"/>' +
      '<circle cx="2500" cy="2000" r="1300" fill="#f2e8dd" fill-opacity="0.5"/>' +
      '<circle cx="2500" cy="2000" r="900" fill="#5b3826" fill-opacity="0.6"/>' +
      '<rect width="5000" height="500" fill="#2f7d5b" fill-opacity="0.5"/></svg>',
  );
  const photo = await sharp({
    create: {
      width: 5000,
      height: 4000,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 90 },
    },
  })
    .composite([{ input: cup }])
    .blur(0.6)
    .jpeg({ quality: 92 })
    .toBuffer();
  expect(photo.length).toBeGreaterThan(UPLOAD_MAX_BYTES);

  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Edit', exact: true }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByLabel('Shop Photo')
    .setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: photo });
  const preview = dialog.getByRole('img', { name: 'Shop Photo preview' });
  await expect(preview).toHaveAttribute('src', /^\/uploads\/[0-9a-f]{32}\.webp$/, { timeout: 45_000 });
  const upload = await lastUploadedFile(page);
  expect(upload.length).toBeLessThanOrEqual(UPLOAD_MAX_BYTES);
  expect(await sharp(upload).metadata()).toMatchObject({ width: 2400, height: 1920 });
  const stored = await page.request.get((await preview.getAttribute('src')) ?? '');
  const storedSize = await sharp(await stored.body()).metadata();
  expect(Math.max(storedSize.width ?? 0, storedSize.height ?? 0)).toBeLessThanOrEqual(2400);

  // The crops at the card's and the shop page's shapes.
  const ratios = { 'on shop cards': 9 / 4, 'on your shop page': 35 / 8 };
  for (const [where, ratio] of Object.entries(ratios)) {
    const crop = dialog.getByRole('img', { name: `Shop Photo ${where}` });
    await expect(crop).toBeVisible();
    const box = await crop.boundingBox();
    expect((box?.width ?? 0) / (box?.height ?? 1)).toBeCloseTo(ratio, 1);
  }
  const crops = dialog.getByTestId('photo-crops');
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await crops.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await dialog.screenshot({ path: `${shots}/owner-photo-crops-${width}.png` });
  }
});

test('a phone photo taken upright (EXIF orientation 6) goes up upright', async ({ page }) => {
  await keepUploadedFiles(page);
  await ownerWithShops(page);
  // Stored 3000 wide and 2000 high, shown turned a quarter: 2000 wide and 3000 high.
  const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#6f4e37' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Edit', exact: true }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByLabel('Shop Photo')
    .setInputFiles({ name: 'upright.jpg', mimeType: 'image/jpeg', buffer: photo });
  const preview = dialog.getByRole('img', { name: 'Shop Photo preview' });
  await expect(preview).toHaveAttribute('src', /^\/uploads\//, { timeout: 20_000 });
  expect(await sharp(await lastUploadedFile(page)).metadata()).toMatchObject({ width: 1600, height: 2400 });
  // Kept upright: the copy went up without EXIF, so the server had nothing to turn.
  const stored = await sharp(
    await (await page.request.get((await preview.getAttribute('src')) ?? '')).body(),
  ).metadata();
  expect(stored.height).toBeGreaterThan(stored.width ?? 0);
});

test('Quick Actions act on the shop chosen, remembered on this device', async ({ page }) => {
  const { shops } = await ownerWithShops(page, 2);
  const [first, second] = shops;
  await page.goto('/dashboard');
  const picker = page.getByRole('combobox', { name: 'Shop', exact: true });
  await expect(picker.locator('option:checked')).toHaveText(first!.name);
  await picker.selectOption({ label: second!.name });
  await expect(page.getByText(`Menu, hours and analytics of ${second!.name}.`)).toBeVisible();
  const card = page.locator('div', { has: page.getByRole('heading', { name: 'Quick Actions' }) }).last();
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await card.screenshot({ path: `${shots}/owner-quick-actions-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Manage Hours' }).click();
  await expect(page.getByRole('dialog', { name: `Business Hours - ${second!.name}` })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.reload();
  await expect(picker.locator('option:checked')).toHaveText(second!.name);
  await page.getByRole('button', { name: 'Update Menu' }).click();
  await expect(page.getByRole('dialog', { name: `Menu - ${second!.name}` })).toBeVisible();
});

/** Places an order by API for the given one of the pickup slots the shared rule offers (see e2e-orders.ts). */
async function placeOrderForSlot(
  request: APIRequestContext,
  customerToken: string,
  shopId: number,
  menuItemId: number,
  slot: number,
) {
  const weekly = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
    dayOfWeek,
    openTime: '00:00',
    closeTime: '23:59',
    isClosed: false,
  }));
  const pickup = pickupChoices({ weekly, special: [], now: new Date(), preparationTimes: [] }).slots[slot]!;
  const response = await request.post('/api/orders', {
    headers: { authorization: `Bearer ${customerToken}` },
    data: { shopId, items: [{ menuItemId, quantity: 1 }], pickupTime: pickup.toISOString() },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as Order;
}

test('the Orders tab filters by shop and lists by pickup time, or newest placed first', async ({
  browser,
}) => {
  const ownerContext = await browser.newContext();
  const customerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const customer = await customerContext.newPage();
  const { accessToken: ownerToken } = await signInAsNew(owner, 'shop_owner');
  const north = await openShopWithMenu(owner.request, ownerToken, uniqueName('North Roast '), [
    { name: 'Flat White', price: '32.00' },
  ]);
  const south = await openShopWithMenu(owner.request, ownerToken, uniqueName('South Roast '), [
    { name: 'Cortado', price: '30.00' },
  ]);
  const { accessToken: customerToken } = await signInAsNew(customer, 'customer');
  // Placed in this order; due in the order early, late... and the other shop's between them.
  const early = await placeOrderForSlot(customer.request, customerToken, north.shop.id, north.menu[0]!.id, 0);
  const late = await placeOrderForSlot(customer.request, customerToken, north.shop.id, north.menu[0]!.id, 4);
  const between = await placeOrderForSlot(
    customer.request,
    customerToken,
    south.shop.id,
    south.menu[0]!.id,
    2,
  );

  await owner.goto('/dashboard');
  await owner.getByRole('tab', { name: 'Orders' }).click();
  const cards = owner.getByRole('article');
  const shown = async () =>
    await cards.evaluateAll((articles) => articles.map((article) => article.getAttribute('aria-label')));
  await expect(cards).toHaveCount(3);
  expect(await shown()).toEqual([`Order #${early.id}`, `Order #${between.id}`, `Order #${late.id}`]);

  await owner.getByLabel('Sort').selectOption({ label: 'Newest placed first' });
  await expect.poll(shown).toEqual([`Order #${between.id}`, `Order #${late.id}`, `Order #${early.id}`]);

  await owner.getByLabel('Sort').selectOption({ label: 'Pickup time, soonest first' });
  const shopFilter = owner.getByRole('combobox', { name: 'Shop', exact: true });
  await shopFilter.selectOption({ label: north.shop.name });
  await expect.poll(shown).toEqual([`Order #${early.id}`, `Order #${late.id}`]);
  await shopFilter.selectOption({ label: south.shop.name });
  await expect.poll(shown).toEqual([`Order #${between.id}`]);
  for (const width of widths) {
    await owner.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await owner.screenshot({ path: `${shots}/owner-orders-filter-${width}.png` });
  }
  await shopFilter.selectOption({ label: 'All shops' });
  await expect(cards).toHaveCount(3);
  await ownerContext.close();
  await customerContext.close();
});
