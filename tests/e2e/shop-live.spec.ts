// What customers see is true now (issue 31), in the browser: an item the owner sells out greys on a customer's open
// shop page and is marked in their cart at once, before checkout; a shop the owner pauses says 'Not taking orders
// right now' on a signed-out visitor's open page and on a customer's Discover card, and leaves Open Now. The owner
// acts through the API (as the dashboard would); the customer's page is never reloaded.
import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { openShopWithMenu, setMenuItemAvailable } from '../support/e2e-orders';
import { signInAsNew, uniqueName } from './helpers';

const SHOTS = '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });
const desktop = { width: 1280, height: 900 };
const phone = { width: 390, height: 844 };

/** An owner registered by API only: the owner needs no browser of their own here. */
async function apiOwner(request: APIRequestContext): Promise<string> {
  const name = uniqueName('owner');
  const response = await request.post('/api/auth/register', {
    data: { username: name, email: `${name}@example.co.za`, password: 'flatwhite', role: 'shop_owner' },
  });
  if (!response.ok()) throw new Error(`register failed: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

async function setAcceptingOrders(
  request: APIRequestContext,
  token: string,
  shopId: number,
  accepting: boolean,
) {
  const response = await request.put(`/api/coffee-shops/${shopId}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { acceptingOrders: accepting },
  });
  if (!response.ok()) throw new Error(`pause failed: ${response.status()} ${await response.text()}`);
}

/** Both widths of the page as it is now, whole. */
async function screenshots(page: Page, name: string) {
  for (const [label, size] of [
    ['1280', desktop],
    ['390', phone],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize(desktop);
}

test('an item sold out while a customer has the page open greys at once, and is marked in their cart before checkout', async ({
  page,
}) => {
  const ownerToken = await apiOwner(page.request);
  const { shop, menu } = await openShopWithMenu(page.request, ownerToken, uniqueName('Live Menu Cafe '), [
    { name: 'Flat White', price: '32.50' },
    { name: 'Lemon Tart', price: '35.00' },
  ]);
  const tart = menu[1]!;

  await signInAsNew(page, 'customer');
  await page.setViewportSize(desktop);
  await page.goto(`/shops/${shop.id}`);
  await page.getByRole('button', { name: 'Add Flat White to cart' }).click();
  await page.getByRole('button', { name: 'Add Lemon Tart to cart' }).click();
  const cart = page.getByRole('list', { name: 'Cart' });
  await expect(cart.getByRole('listitem')).toHaveCount(2);
  const placeOrder = page.getByRole('button', { name: 'Place Order' });
  await expect(placeOrder).toBeEnabled();

  // The owner sells the tart out; the customer's page hears it over /ws and reads the menu again.
  await setMenuItemAvailable(page.request, ownerToken, tart.id, false);
  const tartRow = page.getByTestId('menu-item').filter({ hasText: 'Lemon Tart' });
  await expect(tartRow.getByText('Sold out', { exact: true })).toBeVisible();
  await expect(tartRow).toHaveClass(/bg-espresso-50/);
  await expect(tartRow.getByRole('button', { name: 'Add Lemon Tart to cart' })).toBeDisabled();

  // In the cart: marked, Place Order held back with the reason, and a way to remove it.
  const tartLine = cart.getByRole('listitem').filter({ hasText: 'Lemon Tart' });
  await expect(tartLine).toContainText('Sold out');
  await expect(page.getByRole('alert').filter({ hasText: 'no longer available' })).toHaveText(
    'An item in your order is no longer available. Remove it to place your order.',
  );
  await expect(placeOrder).toBeDisabled();
  // The total is of what can be ordered: the tart's price is struck through.
  await expect(page.getByTestId('cart-total')).toHaveText('R32.50');
  await screenshots(page, 'shop-sold-out');

  await tartLine.getByRole('button', { name: 'Remove Lemon Tart from your order' }).click();
  await expect(cart.getByRole('listitem')).toHaveCount(1);
  await expect(cart).toContainText('Flat White');
  await expect(page.getByTestId('cart-total')).toHaveText('R32.50');
  await expect(placeOrder).toBeEnabled();

  // Back on sale: the page follows again.
  await setMenuItemAvailable(page.request, ownerToken, tart.id, true);
  await expect(tartRow.getByRole('button', { name: 'Add Lemon Tart to cart' })).toBeEnabled();
  await expect(tartRow.getByText('Sold out', { exact: true })).toBeHidden();
});

test('a shop paused while a signed-out visitor has its page open says so at once', async ({ page }) => {
  const ownerToken = await apiOwner(page.request);
  const { shop } = await openShopWithMenu(page.request, ownerToken, uniqueName('Pause Cafe '), [
    { name: 'Cortado', price: '28.00' },
  ]);
  await page.setViewportSize(desktop);
  await page.goto(`/shops/${shop.id}`);
  // The line under the shop's name and the one in its Opening Hours card.
  const openLines = page.getByTestId('open-now');
  const open = 'Open now · closes 23:59';
  await expect(openLines).toHaveText([open, open]);

  await setAcceptingOrders(page.request, ownerToken, shop.id, false);
  const paused = 'Not taking orders right now';
  await expect(openLines).toHaveText([paused, paused]);
  await expect(page.getByText('This shop is not taking orders right now.')).toBeVisible();
  await screenshots(page, 'shop-paused');

  await setAcceptingOrders(page.request, ownerToken, shop.id, true);
  await expect(openLines).toHaveText([open, open]);
  await expect(page.getByText('This shop is not taking orders right now.')).toBeHidden();
});

test('a paused shop’s Discover card says so live, and Open Now leaves it out', async ({ page }) => {
  const ownerToken = await apiOwner(page.request);
  const prefix = uniqueName('Switch');
  const { shop } = await openShopWithMenu(page.request, ownerToken, `${prefix} Roastery`, [
    { name: 'Americano', price: '26.00' },
  ]);

  await signInAsNew(page, 'customer');
  await page.setViewportSize(desktop);
  await page.goto('/discover');
  await page.getByLabel('Search').fill(prefix);
  const cards = page.getByTestId('shop-card');
  await expect(cards).toHaveCount(1);
  await expect(cards.first().getByTestId('open-now')).toHaveText(/^Open now/);

  await setAcceptingOrders(page.request, ownerToken, shop.id, false);
  await expect(cards.first().getByTestId('open-now')).toHaveText('Not taking orders right now');

  await page.getByRole('switch', { name: 'Open Now' }).click();
  await expect(page.getByRole('heading', { name: 'No coffee shops found' })).toBeVisible();
  await expect(cards).toHaveCount(0);

  // Resumed while Open Now is off: the card follows, and the Open Now answer the tab kept is asked again when shown.
  await page.getByRole('switch', { name: 'Open Now' }).click();
  await expect(cards).toHaveCount(1);
  await setAcceptingOrders(page.request, ownerToken, shop.id, true);
  await expect(cards.first().getByTestId('open-now')).toHaveText(/^Open now/);
  await page.getByRole('switch', { name: 'Open Now' }).click();
  await expect(cards).toHaveCount(1);
});
