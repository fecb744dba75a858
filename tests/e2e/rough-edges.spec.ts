// The rough edges of a first week (issue 32), as a customer and an owner meet them: cancels asked to confirm on both
// sides, with the shop's reason (its own words too) shown to the customer; a pending order past its pickup says so;
// a cart of another shop is not also 'empty'; analytics say 'New' and '–' rather than 0 % and 0.0; Orders Today says
// its cancels; the setup checklist ticks as the owner works; the keyboard never falls to the page body.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { moveOrder, openShopWithMenu, placeOrder } from '../support/e2e-orders';
import { ownerAndCustomer, signInAsNew, toastText, uniqueName } from './helpers';

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/shots';

async function shoot(page: Page, name: string, subject?: Locator) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await subject?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('cancels ask first; the shop gives a reason the customer reads; the dashboard counts the cancels', async ({
  browser,
}) => {
  const { owner, customer, close } = await ownerAndCustomer(browser);
  const { accessToken: ownerToken } = await signInAsNew(owner, 'shop_owner');
  const { shop, menu } = await openShopWithMenu(owner.request, ownerToken, uniqueName('Honest '), [
    { name: 'Flat White', price: '32.50' },
  ]);
  const { accessToken: customerToken } = await signInAsNew(customer, 'customer');
  const mine = await placeOrder(customer.request, customerToken, shop.id, [
    { menuItemId: menu[0]!.id, quantity: 1 },
  ]);
  const theirs = await placeOrder(customer.request, customerToken, shop.id, [
    { menuItemId: menu[0]!.id, quantity: 2 },
  ]);

  // The customer's Cancel asks first; Keep Order keeps it.
  await customer.goto('/orders');
  const card = customer.getByRole('article', { name: `Order #${mine.id}` });
  await card.getByRole('button', { name: 'Cancel' }).click();
  const ask = customer.getByRole('dialog', { name: `Cancel order #${mine.id}?` });
  await expect(ask).toContainText('The shop is told at once.');
  await ask.getByRole('button', { name: 'Keep Order' }).click();
  await expect(ask).toHaveCount(0);
  await expect(card).toContainText('Pending');
  await card.getByRole('button', { name: 'Cancel' }).click();
  await customer.getByRole('dialog').getByRole('button', { name: 'Cancel Order' }).click();
  await expect(toastText(customer, `Order #${mine.id} has been cancelled`)).toBeVisible();
  await expect(customer.getByRole('article', { name: `Order #${mine.id}` })).toContainText(
    'You cancelled this order',
  );

  // The shop cancels the other from its board, and must say why.
  await owner.goto(`/dashboard/board?shop=${shop.id}`);
  const boardCard = owner.getByRole('article', { name: `Order #${theirs.id}` });
  await boardCard.getByRole('button', { name: 'Cancel' }).click();
  const reason = owner.getByRole('dialog', { name: `Cancel order #${theirs.id}?` });
  await reason.getByRole('button', { name: 'Cancel Order' }).click();
  await expect(reason.getByRole('alert')).toHaveText('Choose why the order is cancelled.');
  await reason.getByRole('radio', { name: 'Sold out' }).check();
  await shoot(owner, 'cancel-reason');
  await reason.getByRole('button', { name: 'Cancel Order' }).click();
  await expect(reason).toHaveCount(0);

  // The customer reads it live, on the order.
  const cancelled = customer.getByRole('article', { name: `Order #${theirs.id}` });
  await expect(cancelled).toContainText('Cancelled by the shop: Sold out');
  await shoot(customer, 'cancelled-by-shop');

  // Orders Today counts both, and says they were cancelled; Revenue has neither.
  await owner.goto('/dashboard');
  await expect(owner.getByText('· 2 cancelled')).toBeVisible();
  await close();
});

test("the shop's Cancel asks afresh for each order, and a reason in its own words reaches the customer", async ({
  browser,
}) => {
  const { owner, customer, close } = await ownerAndCustomer(browser);
  const { accessToken: ownerToken } = await signInAsNew(owner, 'shop_owner');
  const { shop, menu } = await openShopWithMenu(owner.request, ownerToken, uniqueName('Own Words '), [
    { name: 'Cortado', price: '30.00' },
  ]);
  const { accessToken: customerToken } = await signInAsNew(customer, 'customer');
  const kept = await placeOrder(customer.request, customerToken, shop.id, [
    { menuItemId: menu[0]!.id, quantity: 1 },
  ]);
  const cancelled = await placeOrder(customer.request, customerToken, shop.id, [
    { menuItemId: menu[0]!.id, quantity: 2 },
  ]);

  // On the Orders tab one dialog serves every order: a reason half given for one order, then kept...
  await owner.goto('/dashboard');
  await owner.getByRole('tab', { name: 'Orders' }).click();
  await owner
    .getByRole('article', { name: `Order #${kept.id}` })
    .getByRole('button', { name: 'Cancel' })
    .click();
  const first = owner.getByRole('dialog', { name: `Cancel order #${kept.id}?` });
  await first.getByRole('button', { name: 'Cancel Order' }).click();
  await expect(first.getByRole('alert')).toHaveText('Choose why the order is cancelled.');
  await first.getByRole('radio', { name: 'Other' }).check();
  await first.getByRole('textbox', { name: 'Other reason' }).fill('Meant for another order');
  await first.getByRole('button', { name: 'Keep Order' }).click();
  await expect(first).toHaveCount(0);

  // ...is not waiting in the next order's.
  await owner
    .getByRole('article', { name: `Order #${cancelled.id}` })
    .getByRole('button', { name: 'Cancel' })
    .click();
  const ask = owner.getByRole('dialog', { name: `Cancel order #${cancelled.id}?` });
  await expect(ask.getByRole('radio', { name: 'Sold out' })).toBeVisible();
  await expect(ask.getByRole('radio', { checked: true })).toHaveCount(0);
  await expect(ask.getByRole('textbox')).toHaveCount(0);
  await expect(ask.getByRole('alert')).toHaveCount(0);

  // 'Other' needs the words; the customer reads them on the order.
  await ask.getByRole('radio', { name: 'Other' }).check();
  const words = ask.getByRole('textbox', { name: 'Other reason' });
  await expect(words).toBeFocused();
  await ask.getByRole('button', { name: 'Cancel Order' }).click();
  await expect(ask.getByRole('alert')).toHaveText('Say why in a few words.');
  await words.fill('Our grinder is being repaired');
  await shoot(owner, 'cancel-other-reason', ask);
  await ask.getByRole('button', { name: 'Cancel Order' }).click();
  await expect(ask).toHaveCount(0);
  await expect(owner.getByRole('article', { name: `Order #${kept.id}` })).toContainText('Pending');

  await customer.goto('/orders');
  await expect(customer.getByRole('article', { name: `Order #${cancelled.id}` })).toContainText(
    'Cancelled by the shop: Our grinder is being repaired',
  );
  await close();
});

test('a pending order past its pickup time says the shop has not confirmed, with a way to message them', async ({
  browser,
}) => {
  const { owner, customer, close } = await ownerAndCustomer(browser);
  const { accessToken: ownerToken } = await signInAsNew(owner, 'shop_owner');
  const { shop, menu } = await openShopWithMenu(owner.request, ownerToken, uniqueName('Sleepy '), [
    { name: 'Americano', price: '28.00' },
  ]);
  const { accessToken: customerToken } = await signInAsNew(customer, 'customer');
  const order = await placeOrder(customer.request, customerToken, shop.id, [
    { menuItemId: menu[0]!.id, quantity: 1 },
  ]);
  await customer.goto('/orders');
  const card = customer.getByRole('article', { name: `Order #${order.id}` });
  await expect(card).toContainText('Pending');
  await expect(card.getByText("The shop hasn't confirmed yet")).toHaveCount(0);

  // Ten minutes past its pickup time, in the customer's browser.
  await customer.clock.install({ time: new Date(new Date(order.pickupTime!).getTime() + 10 * 60_000) });
  await customer.reload();
  await expect(card).toContainText("The shop hasn't confirmed yet — message them.");
  await expect(card.getByRole('link', { name: 'message them' })).toHaveAttribute(
    'href',
    `/messages?shop=${shop.id}`,
  );

  // Once confirmed, it is the shop's to finish: no such notice.
  await moveOrder(owner.request, ownerToken, order.id, 'confirmed');
  await customer.reload();
  await expect(card).toContainText('Confirmed');
  await expect(card.getByText("The shop hasn't confirmed yet")).toHaveCount(0);
  await close();
});

test('a cart from another shop is said once, never also as an empty cart', async ({ page }) => {
  const { accessToken } = await signInAsNew(page, 'shop_owner');
  const first = await openShopWithMenu(page.request, accessToken, uniqueName('First '), [
    { name: 'Cortado', price: '30.00' },
  ]);
  const second = await openShopWithMenu(page.request, accessToken, uniqueName('Second '), [
    { name: 'Latte', price: '35.00' },
  ]);
  await signInAsNew(page, 'customer');
  await page.goto(`/shops/${first.shop.id}`);
  await page.getByRole('button', { name: 'Add Cortado to cart' }).click();
  await expect(page.getByTestId('cart-total')).toHaveText('R30.00');
  await page.goto(`/shops/${second.shop.id}`);
  await expect(page.getByText(`Your cart holds 1 item from ${first.shop.name}`)).toBeVisible();
  await expect(page.getByText('Your cart is empty')).toHaveCount(0);
});

test("analytics say 'New' without a period to compare, and '–' for a shop without reviews", async ({
  page,
}) => {
  const { accessToken: ownerToken } = await signInAsNew(page, 'shop_owner');
  const { shop, menu } = await openShopWithMenu(page.request, ownerToken, uniqueName('Brand New '), [
    { name: 'Espresso', price: '22.00' },
  ]);
  const customerContext = await page.context().browser()!.newContext();
  const customer = await customerContext.newPage();
  const { accessToken: customerToken } = await signInAsNew(customer, 'customer');
  const order = await placeOrder(customer.request, customerToken, shop.id, [
    { menuItemId: menu[0]!.id, quantity: 1 },
  ]);
  for (const status of ['confirmed', 'preparing', 'ready', 'completed'])
    await moveOrder(page.request, ownerToken, order.id, status);
  await customerContext.close();

  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Analytics' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Total Orders (30d)')).toBeVisible();
  // Both revenue and orders: nothing in the 30 days before to compare with.
  await expect(dialog.getByText('New · nothing in the period before')).toHaveCount(2);
  await expect(dialog.getByText('vs previous period')).toHaveCount(0);
  const rating = dialog.locator('div', { has: page.getByText('Shop Rating', { exact: true }) }).last();
  await expect(rating).toContainText('–');
  await expect(rating).not.toContainText('0.0/5');
  await shoot(page, 'analytics-new');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // A shop with nothing now and nothing before is not 'New': it says the usual 0 %.
  const quiet = await openShopWithMenu(page.request, ownerToken, uniqueName('Quiet '), [
    { name: 'Cortado', price: '30.00' },
  ]);
  await page.reload();
  await page
    .getByTestId('my-shop')
    .filter({ hasText: quiet.shop.name })
    .getByRole('button', { name: 'Analytics' })
    .click();
  await expect(dialog.getByText('Total Orders (30d)')).toBeVisible();
  await expect(dialog.getByText('0% vs previous period')).toHaveCount(2);
  await expect(dialog.getByText('New · nothing in the period before')).toHaveCount(0);
});

test("a new shop's checklist says what is missing, ticks as the owner adds it, and the orders switch says why nobody can order", async ({
  page,
}) => {
  const { accessToken } = await signInAsNew(page, 'shop_owner');
  const name = uniqueName('Fresh Start ');
  const created = await page.request.post('/api/coffee-shops', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { name, category: 'artisan', address: '3 Main Rd, Knysna', latitude: '-34.03', longitude: '23.05' },
  });
  expect(created.ok()).toBe(true);
  await page.goto('/dashboard');
  const checklist = page.getByRole('region', { name: `Set up ${name}` });
  await expect(checklist).toContainText(`Get ${name} ready · 1 of 5 done`);
  await expect(page.getByTestId('not-ready')).toHaveText(
    'Customers can order once you add a menu item and opening hours',
  );
  await shoot(page, 'setup-checklist', checklist);

  // The reason is read with the switch itself.
  await expect(page.getByRole('switch', { name: 'Taking orders' })).toHaveAccessibleDescription(
    'Customers can order once you add a menu item and opening hours',
  );

  // 'Add your menu' opens the Menu dialog; the first item added there ticks it, with no reload.
  await checklist.getByRole('button', { name: 'Add your menu' }).click();
  const menu = page.getByRole('dialog', { name: `Menu - ${name}` });
  await menu.getByRole('button', { name: 'Add Item' }).click();
  await menu.getByLabel('Name').fill('Cortado');
  await menu.getByLabel('Price (R)').fill('30');
  await menu.getByRole('button', { name: 'Add Item' }).click();
  await expect(toastText(page, 'Menu item added')).toBeVisible();
  // The toast would take an Escape first: the dialog's own Close.
  await menu.getByRole('button', { name: 'Close dialog' }).click();
  await expect(menu).toHaveCount(0);
  await expect(checklist).toContainText(`Get ${name} ready · 2 of 5 done`);
  await expect(page.getByTestId('not-ready')).toHaveText('Customers can order once you add opening hours');
  await expect(page.getByRole('switch', { name: 'Taking orders' })).toHaveAccessibleDescription(
    'Customers can order once you add opening hours',
  );

  // 'Set up payouts' opens the Edit dialog on its Payments tab; the saved account ticks it, with no reload.
  await checklist.getByRole('button', { name: 'Set up payouts' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Coffee Shop' });
  await expect(edit.getByRole('tab', { name: 'Payments' })).toHaveAttribute('aria-selected', 'true');
  await edit.getByRole('combobox', { name: 'Bank', exact: true }).selectOption({ label: 'Capitec Bank' });
  await edit.getByLabel('Account number').fill('1234 5678 90');
  await edit.getByLabel('Account holder name').fill(`${name} (Pty) Ltd`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(toastText(page, 'Bank account saved')).toBeVisible();
  await edit.getByRole('button', { name: 'Close dialog' }).click();
  await expect(edit).toHaveCount(0);
  await expect(checklist).toContainText(`Get ${name} ready · 3 of 5 done`);
  await expect(checklist.getByRole('button', { name: 'Set up payouts' })).toHaveCount(0);
  await expect(checklist.getByText('Set up payouts')).toBeVisible();
});

test('the keyboard stays on something sensible: Add hands focus to its stepper and back, a move to the next action', async ({
  browser,
}) => {
  const { owner, customer, close } = await ownerAndCustomer(browser);
  const { accessToken: ownerToken } = await signInAsNew(owner, 'shop_owner');
  const { shop, menu } = await openShopWithMenu(owner.request, ownerToken, uniqueName('Keyboard '), [
    { name: 'Macchiato', price: '27.00' },
  ]);
  const { accessToken: customerToken } = await signInAsNew(customer, 'customer');
  await customer.goto(`/shops/${shop.id}`);
  await customer.getByRole('button', { name: 'Add Macchiato to cart' }).focus();
  await customer.keyboard.press('Enter');
  await expect(customer.getByRole('button', { name: 'Add one more Macchiato' }).first()).toBeFocused();
  await customer.getByRole('button', { name: 'Remove one Macchiato' }).first().focus();
  await customer.keyboard.press('Enter');
  await expect(customer.getByRole('button', { name: 'Add Macchiato to cart' })).toBeFocused();

  const order = await placeOrder(customer.request, customerToken, shop.id, [
    { menuItemId: menu[0]!.id, quantity: 1 },
  ]);
  await owner.goto('/dashboard');
  await owner.getByRole('tab', { name: 'Orders' }).click();
  const card = owner.getByRole('article', { name: `Order #${order.id}` });
  await card.getByRole('button', { name: 'Confirm' }).focus();
  await owner.keyboard.press('Enter');
  await expect(card.getByRole('button', { name: 'Start Preparing' })).toBeFocused();
  await owner.keyboard.press('Enter');
  await expect(card.getByRole('button', { name: 'Mark Ready' })).toBeFocused();
  await close();
});

test('on the Orders tab filtered to Pending, a confirmed order leaves and the keyboard goes to the next card', async ({
  browser,
}) => {
  const { owner, customer, close } = await ownerAndCustomer(browser);
  const { accessToken: ownerToken } = await signInAsNew(owner, 'shop_owner');
  const { shop, menu } = await openShopWithMenu(owner.request, ownerToken, uniqueName('Filtered '), [
    { name: 'Ristretto', price: '24.00' },
  ]);
  const { accessToken: customerToken } = await signInAsNew(customer, 'customer');
  for (const quantity of [1, 2, 3])
    await placeOrder(customer.request, customerToken, shop.id, [{ menuItemId: menu[0]!.id, quantity }]);

  await owner.goto('/dashboard');
  await owner.getByRole('tab', { name: 'Orders' }).click();
  await owner.getByLabel('Status', { exact: true }).selectOption({ label: 'Pending' });
  const cards = owner.getByTestId('order-card');
  await expect(cards).toHaveCount(3);
  const names = await cards.evaluateAll((elements) => elements.map((element) => element.ariaLabel ?? ''));
  const card = (index: number) => owner.getByRole('article', { name: names[index]!, exact: true });

  // The middle one confirmed leaves the Pending list: the card now in its place takes the focus.
  await card(1).getByRole('button', { name: 'Confirm' }).focus();
  await owner.keyboard.press('Enter');
  await expect(card(1)).toHaveCount(0);
  await expect(card(2).getByRole('button', { name: 'Confirm' })).toBeFocused();

  // The last one leaves: the one above. The only one left leaves: the list's heading.
  await owner.keyboard.press('Enter');
  await expect(card(2)).toHaveCount(0);
  await expect(card(0).getByRole('button', { name: 'Confirm' })).toBeFocused();
  await owner.keyboard.press('Enter');
  await expect(owner.getByText('No pending orders.')).toBeVisible();
  await expect(owner.getByRole('heading', { name: 'Orders', exact: true })).toBeFocused();
  await close();
});
