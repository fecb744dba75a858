// The Analytics Dashboard in the browser: opened from Quick Actions on demo orders and from a shop card, the
// period switch, the CSV download, empty states, and a phone-wide screen that never scrolls sideways.
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import type { ShopAnalytics } from '../../src/shared/api/analytics';
import type { Shop } from '../../src/shared/api/shops';
import { ownerEmail, signIn, signInAsNew, uniqueName } from './helpers';

const shots = '/tmp/shots-analytics';

async function figures(page: Page, shopId: number, days: number) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.get(`/api/analytics/${shopId}?days=${days}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as ShopAnalytics;
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('an owner opens View Analytics on demo orders, switches to 7 days and downloads the CSV', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, ownerEmail);
  const shops = (await (
    await page.request.get('/api/my-shops', {
      headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` },
    })
  ).json()) as Shop[];
  const first = shops[0]!;

  // The figures the dialog itself received: other browser tests may place orders at this shop meanwhile.
  const monthAnswer = page.waitForResponse((response) =>
    response.url().endsWith(`/api/analytics/${first.id}?days=30`),
  );
  await page.getByRole('button', { name: 'View Analytics' }).click();
  const dialog = page.getByRole('dialog', { name: `Analytics Dashboard - ${first.name}` });
  await expect(dialog).toBeVisible();
  const month = (await (await monthAnswer).json()) as ShopAnalytics;
  expect(month.totalOrders).toBeGreaterThan(0);
  await expect(dialog.getByText('Total Revenue (30d)')).toBeVisible();
  await expect(dialog.getByText(`R${month.totalRevenue}`).first()).toBeVisible();
  await expect(dialog.getByText('Total Orders (30d)')).toBeVisible();
  for (const title of [
    'Daily Revenue (Last 7 Days)',
    'Order Status Breakdown',
    'Peak Hours',
    'Most Popular Items',
    'Quick Stats',
    'Orders by Day and Hour',
  ]) {
    await expect(dialog.getByRole('heading', { name: title })).toBeVisible();
  }
  await expect(dialog.getByText(`Shop Rating`)).toBeVisible();
  await expect(dialog.getByText(`${month.rating}/5`)).toBeVisible();
  await expect(
    dialog.getByText(`Your shop received ${month.totalOrders} orders in the last 30 days`),
  ).toBeVisible();
  for (const item of month.topItems)
    await expect(dialog.getByText(`${item.quantity} sold`, { exact: true }).first()).toBeVisible();
  // The charts drew: a line, pie sectors and bars.
  await expect(dialog.locator('.recharts-line')).toHaveCount(1);
  await expect(dialog.locator('.recharts-pie-sector')).toHaveCount(month.statusBreakdown.length);
  await expect(dialog.locator('.recharts-bar-rectangle')).toHaveCount(month.peakHours.length);
  await dialog.getByRole('heading', { name: 'Order Status Breakdown' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/analytics-1280.png` });
  await dialog.getByRole('heading', { name: 'Quick Stats' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/analytics-1280-lower.png` });
  await dialog.getByRole('heading', { name: 'Summary' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/analytics-1280-bottom.png` });

  const weekAnswer = page.waitForResponse((response) =>
    response.url().endsWith(`/api/analytics/${first.id}?days=7`),
  );
  await dialog.getByRole('button', { name: '7 days' }).click();
  const week = (await (await weekAnswer).json()) as ShopAnalytics;
  // The server agrees when asked directly.
  expect((await figures(page, first.id, 7)).totalOrders).toBeGreaterThanOrEqual(week.totalOrders);
  await expect(dialog.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.getByText('Total Revenue (7d)')).toBeVisible();
  await expect(
    dialog.getByText(`Your shop received ${week.totalOrders} orders in the last 7 days`),
  ).toBeVisible();

  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`shop-${first.id}-orders-7-days.csv`);
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe(
    'id,created,pickup,status,customer,items,options,total,paymentStatus,paymentReference',
  );
  expect(lines.length - 1).toBeGreaterThanOrEqual(week.totalOrders);
  expect(lines.slice(1).every((line) => /^\d+,\d{4}-\d\d-\d\d \d\d:\d\d,/.test(line))).toBe(true);
});

test('a new shop’s analytics, opened from its card on a phone, show the empty states and fit the screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { accessToken } = await signInAsNew(page, 'shop_owner');
  const name = uniqueName('Quiet Beans ');
  const created = await page.request.post('/api/coffee-shops', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { name, category: 'specialty', address: '1 Long St, Cape Town' },
  });
  expect(created.status()).toBe(201);
  await page.goto('/dashboard');
  await page.getByTestId('my-shop').getByRole('button', { name: 'Analytics' }).click();
  const dialog = page.getByRole('dialog', { name: `Analytics Dashboard - ${name}` });
  await expect(dialog.getByText('No order data available yet')).toBeVisible();
  await expect(dialog.getByText('Total Revenue (30d)')).toBeVisible();
  await expect(dialog.getByText('R0.00').first()).toBeVisible();
  await expect(dialog.getByText('Revenue is', { exact: false })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${shots}/analytics-390-empty.png` });
});

test('on a phone the demo shop’s charts resize to the dialog and the page does not scroll sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ownerEmail);
  await page.getByRole('button', { name: 'View Analytics' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('.recharts-line')).toHaveCount(1);
  const dialogBox = (await dialog.boundingBox())!;
  for (const chart of await dialog.locator('.recharts-wrapper').all()) {
    const box = (await chart.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(dialogBox.x);
    expect(box.x + box.width).toBeLessThanOrEqual(dialogBox.x + dialogBox.width);
  }
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${shots}/analytics-390.png` });
  await dialog.getByRole('heading', { name: 'Peak Hours' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/analytics-390-charts.png` });
  await dialog.getByRole('heading', { name: 'Orders by Day and Hour' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/analytics-390-heatmap.png` });
});
