// "My usual" in the browser (issue 29): a customer who ordered the same basket twice is offered it on the shop page
// and on their favourites' card; Order fills the cart at today's prices and opens the checkout; on a phone, with a
// cart already filled and an item sold out since, Order asks to start over, names what is missing and scrolls down
// to the checkout.
import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  attachOptionGroups,
  createOptionGroup,
  moveOrder,
  openShopWithMenu,
  placeOrder,
  setMenuItemAvailable,
} from '../support/e2e-orders';
import { signInAsNew, toastText, uniqueName } from './helpers';

// Each test makes a shop with option groups and places and moves two orders by API before the browser starts.
test.describe.configure({ timeout: 60_000 });

const SHOTS = '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });
const desktop = { width: 1280, height: 900 };
const phone = { width: 390, height: 844 };

/**
 * A shop whose Flat White (R32.50) offers Size (Regular, Large +R6.00) and Milk (Full cream, Oat milk +R7.50), and a
 * Croissant (R25.00); a new customer who favourited it and ordered a large oat flat white and a croissant twice,
 * the lines in a different order each time. Their usual: R46.00 + R25.00 = R71.00.
 */
async function customerWithUsual(page: Page, ownerRequest: APIRequestContext, ownerToken: string) {
  const { shop, menu } = await openShopWithMenu(ownerRequest, ownerToken, uniqueName('Usual Cafe '), [
    { name: 'Flat White', price: '32.50' },
    { name: 'Croissant', price: '25.00' },
  ]);
  const [flatWhite, croissant] = menu as [(typeof menu)[0], (typeof menu)[0]];
  const size = await createOptionGroup(ownerRequest, ownerToken, {
    shopId: shop.id,
    name: 'Size',
    minSelected: 1,
    maxSelected: 1,
    options: [
      { name: 'Regular', price: '0', isDefault: true },
      { name: 'Large', price: '6.00' },
    ],
  });
  const milk = await createOptionGroup(ownerRequest, ownerToken, {
    shopId: shop.id,
    name: 'Milk',
    minSelected: 1,
    maxSelected: 1,
    options: [
      { name: 'Full cream', price: '0', isDefault: true },
      { name: 'Oat milk', price: '7.50' },
    ],
  });
  await attachOptionGroups(ownerRequest, ownerToken, flatWhite.id, [size.id, milk.id]);
  const large = size.options.find((option) => option.name === 'Large')!.id;
  const oat = milk.options.find((option) => option.name === 'Oat milk')!.id;

  const { accessToken } = await signInAsNew(page, 'customer');
  const largeOat = { menuItemId: flatWhite.id, quantity: 1, options: [large, oat] };
  const aCroissant = { menuItemId: croissant.id, quantity: 1 };
  // The usual's lines read as the latest of its orders lists them: the flat white first.
  for (const items of [
    [aCroissant, { ...largeOat, options: [oat, large] }],
    [largeOat, aCroissant],
  ]) {
    const order = await placeOrder(page.request, accessToken, shop.id, items);
    for (const status of ['confirmed', 'preparing', 'ready', 'completed'])
      await moveOrder(ownerRequest, ownerToken, order.id, status);
  }
  const favorite = await page.request.post('/api/favorites', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { shopId: shop.id },
  });
  expect(favorite.ok()).toBe(true);
  return { shop, croissant };
}

const USUAL_TEXT = 'Your usual: Flat White (Large · Oat milk) + Croissant — R71.00';

test('the usual is offered on the shop page and the favourites card, and Order fills the cart and opens checkout', async ({
  page,
  browser,
}) => {
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const { accessToken: ownerToken } = await signInAsNew(owner, 'shop_owner');
  const { shop } = await customerWithUsual(page, owner.request, ownerToken);
  await page.setViewportSize(desktop);

  await page.goto(`/shops/${shop.id}`);
  const offer = page.getByRole('region', { name: 'Your usual' });
  await expect(offer).toContainText(USUAL_TEXT);
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/usual-shop-1280.png` });

  await page.goto('/favorites');
  const card = page.getByTestId('shop-card').filter({ hasText: shop.name });
  const cardOffer = card.getByRole('region', { name: `Your usual at ${shop.name}` });
  await expect(cardOffer).toContainText(USUAL_TEXT);
  await page.screenshot({ path: `${SHOTS}/usual-favorites-1280.png` });

  await cardOffer.getByRole('button', { name: 'Order' }).click();
  await expect(page).toHaveURL(new RegExp(`/shops/${shop.id}$`));
  await expect(toastText(page, 'Your usual is in your cart.')).toBeVisible();
  const cart = page.getByRole('list', { name: 'Cart' });
  await expect(cart.getByRole('listitem')).toHaveCount(2);
  await expect(cart).toContainText('Flat White');
  await expect(cart).toContainText('Large · Oat milk');
  await expect(cart).toContainText('Croissant');
  await expect(page.getByTestId('cart-total')).toHaveText('R71.00');
  // The checkout is open: in view, with the keyboard's focus, ready to place.
  const checkout = page.getByRole('region', { name: 'Your Order' });
  await expect(checkout).toBeFocused();
  await expect(checkout).toBeInViewport();
  await expect(checkout.getByRole('button', { name: 'Place Order' })).toBeEnabled();
  await page.screenshot({ path: `${SHOTS}/usual-checkout-1280.png` });

  await ownerContext.close();
});

test('on a phone, Order asks before replacing the cart, names a sold-out item and scrolls to the checkout', async ({
  page,
  browser,
}) => {
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const { accessToken: ownerToken } = await signInAsNew(owner, 'shop_owner');
  const { shop, croissant } = await customerWithUsual(page, owner.request, ownerToken);
  await page.setViewportSize(phone);

  await page.goto('/favorites');
  await expect(page.getByRole('region', { name: `Your usual at ${shop.name}` })).toContainText(USUAL_TEXT);
  await page.screenshot({ path: `${SHOTS}/usual-favorites-390.png`, fullPage: true });

  // Something in the cart already: the croissant alone.
  await page.goto(`/shops/${shop.id}`);
  await page.getByRole('button', { name: 'Add Croissant to cart' }).click();
  await expect(page.getByTestId('cart-total')).toHaveText('R25.00');
  await setMenuItemAvailable(owner.request, ownerToken, croissant.id, false);
  await page.reload();
  const offer = page.getByRole('region', { name: 'Your usual' });
  await expect(offer).toContainText(USUAL_TEXT);
  await expect(offer).toContainText('Not available now: Croissant');
  await page.screenshot({ path: `${SHOTS}/usual-shop-390.png` });

  await offer.getByRole('button', { name: 'Order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start a new order?' });
  await dialog.getByRole('button', { name: 'Start New Order' }).click();
  await expect(toastText(page, 'Not available now: Croissant.')).toBeVisible();
  const cart = page.getByRole('list', { name: 'Cart' });
  await expect(cart.getByRole('listitem')).toHaveCount(1);
  await expect(cart).toContainText('Large · Oat milk');
  await expect(page.getByTestId('cart-total')).toHaveText('R46.00');
  const checkout = page.getByRole('region', { name: 'Your Order' });
  await expect(checkout).toBeFocused();
  await expect(checkout).toBeInViewport();
  await page.screenshot({ path: `${SHOTS}/usual-checkout-390.png` });

  await ownerContext.close();
});
