// Stamp cards in the browser (issue 29): an owner sets up a card on the dashboard's Loyalty tab; a customer sees it
// on the shop page, watches it fill as the shop completes their orders (a live toast and 'My cards' on /orders),
// then turns on 'Use my reward' at checkout and orders at the reduced total, which the owner's figures count.
import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { moveOrder, openShopWithMenu, placeOrder } from '../support/e2e-orders';
import { ownerAndCustomer, signInAsNew, toastText, uniqueName } from './helpers';

// Each test places and completes several orders by API as well as in the browser.
test.describe.configure({ timeout: 90_000 });

const SHOTS = '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });
const desktop = { width: 1280, height: 900 };
const phone = { width: 390, height: 844 };

async function shoot(page: Page, name: string) {
  for (const size of [desktop, phone]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SHOTS}/loyalty-${name}-${size.width}.png`, fullPage: true });
  }
  await page.setViewportSize(desktop);
}

const cupsOf = (page: Page) => page.getByTestId('stamp-card').getByRole('img');

test('an owner sets up a stamp card on the Loyalty tab, sees its figures, and its page shows the card', async ({
  page,
}) => {
  await page.setViewportSize(desktop);
  const { accessToken } = await signInAsNew(page, 'shop_owner');
  const { shop } = await openShopWithMenu(page.request, accessToken, uniqueName('Card Roasters '), [
    { name: 'Flat White', price: '32.50' },
  ]);
  await page.goto('/dashboard');
  await page.getByRole('tab', { name: 'Loyalty' }).click();
  const section = page.getByRole('region', { name: `Stamp card: ${shop.name}` });
  await expect(section.getByRole('button', { name: 'Save card' })).toBeVisible();
  await shoot(page, 'owner-new');

  await section.getByLabel('Stamps for the reward').fill('4');
  await section.getByLabel('Reward', { exact: true }).fill('Any regular coffee free');
  await section.getByLabel('Most it takes off (R)').fill('40');
  await section.getByRole('button', { name: 'Save card' }).click();
  await expect(section.getByRole('alert')).toContainText(
    'stampsRequired must be a whole number from 5 to 20',
  );

  await section.getByLabel('Stamps for the reward').fill('6');
  await section.getByRole('button', { name: 'Save card' }).click();
  await expect(toastText(page, 'Stamp card saved')).toBeVisible();
  const figures = section.getByTestId('loyalty-figures');
  await expect(figures).toContainText('Members');
  await expect(figures).toContainText('Rewards redeemed');
  await expect(figures.getByTestId('figure-Members')).toHaveText('0');
  await shoot(page, 'owner-saved');

  // The shop's page offers the card to everyone, an owner included.
  await page.goto(`/shops/${shop.id}`);
  await expect(page.getByTestId('stamp-card')).toContainText('Any regular coffee free');
  await expect(cupsOf(page)).toHaveAttribute('aria-label', '0 of 6 stamps');
});

test('a customer watches their card fill as orders are collected, redeems it in checkout and pays the reduced total', async ({
  browser,
}) => {
  const { owner, customer, close } = await ownerAndCustomer(browser);
  const { accessToken: ownerToken } = await signInAsNew(owner, 'shop_owner');
  const { shop, menu } = await openShopWithMenu(owner.request, ownerToken, uniqueName('Truth Coffee '), [
    { name: 'Flat White', price: '32.50' },
    { name: 'Latte', price: '45.00' },
  ]);
  const [flatWhite] = menu as [(typeof menu)[0]];
  const card = await owner.request.put(`/api/coffee-shops/${shop.id}/loyalty`, {
    headers: { authorization: `Bearer ${ownerToken}` },
    data: { enabled: true, stampsRequired: 5, reward: 'Any regular coffee free', rewardMaxValue: '35.00' },
  });
  expect(card.ok()).toBe(true);

  const { accessToken } = await signInAsNew(customer, 'customer');
  await customer.setViewportSize(desktop);
  await customer.goto(`/shops/${shop.id}`);
  await expect(customer.getByTestId('stamp-card')).toContainText('One stamp for every order you collect');

  const collect = async () => {
    const order = await placeOrder(customer.request, accessToken, shop.id, [
      { menuItemId: flatWhite.id, quantity: 1 },
    ]);
    for (const status of ['confirmed', 'preparing', 'ready', 'completed'])
      await moveOrder(owner.request, ownerToken, order.id, status);
  };
  for (let round = 0; round < 4; round += 1) await collect();

  // The fifth is collected while the customer has /orders open: the stamp is told at once, and the card fills.
  await customer.goto('/orders');
  const myCards = customer.getByRole('region', { name: 'My cards' });
  await expect(myCards.getByTestId('loyalty-card')).toContainText('4 of 5 stamps');
  await collect();
  await expect(toastText(customer, `Stamp 5 of 5 at ${shop.name}`)).toBeVisible();
  await expect(myCards.getByTestId('loyalty-card')).toContainText('Reward ready');
  await shoot(customer, 'my-cards');

  // The chat has the stamp as a status line.
  await customer.goto(`/messages?shop=${shop.id}`);
  await expect(
    customer.getByTestId('chat-order-status').filter({ hasText: `Stamp 5 of 5 at ${shop.name}` }),
  ).toBeVisible();

  // The shop page's card is full; checkout offers the reward.
  await customer.goto(`/shops/${shop.id}`);
  await expect(cupsOf(customer)).toHaveAttribute('aria-label', '5 of 5 stamps');
  await expect(customer.getByTestId('stamp-card-status')).toHaveText(
    'Your reward is ready — use it at checkout',
  );
  await customer.getByRole('button', { name: 'Add Latte to cart' }).click();
  await customer.getByRole('button', { name: 'Add Flat White to cart' }).click();
  await expect(customer.getByTestId('cart-total')).toHaveText('R77.50');
  const useReward = customer.getByRole('switch', { name: 'Use my reward' });
  await expect(useReward).not.toBeChecked();
  await useReward.click();
  await expect(customer.getByTestId('reward-line')).toContainText('−R35.00');
  await expect(customer.getByTestId('cart-total')).toHaveText('R42.50');
  await shoot(customer, 'checkout-reward');

  const pickup = customer.getByLabel('Pickup time');
  const firstSlot = await pickup.locator('optgroup option').first().getAttribute('value');
  await pickup.selectOption(firstSlot ?? '');
  await customer.getByRole('button', { name: 'Place Order' }).click();
  await expect(customer).toHaveURL(/\/orders$/);
  const placed = customer.getByTestId('order-card').first();
  await expect(placed).toContainText('Loyalty reward');
  await expect(placed).toContainText('−R35.00');
  await expect(placed).toContainText('R42.50');
  await expect(myCards.getByTestId('loyalty-card')).toContainText('0 of 5 stamps');

  // The owner's figures count the redemption.
  await owner.goto('/dashboard');
  await owner.getByRole('tab', { name: 'Loyalty' }).click();
  await expect(owner.getByTestId('figure-Rewards redeemed')).toHaveText('1');

  // Cancelled before it is made, the order gives the card back, and the card says so at once.
  await placed.getByRole('button', { name: 'Cancel' }).click();
  await customer.getByRole('dialog').getByRole('button', { name: 'Cancel Order' }).click();
  await expect(myCards.getByTestId('loyalty-card')).toContainText('Reward ready');
  await expect(myCards.getByTestId('loyalty-card')).toContainText('5 of 5 stamps');
  await close();
});
