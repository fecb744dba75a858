// Pre-ordering in two browsers: a customer orders from a shop page and follows it live while the owner moves it;
// Order again refills the cart with what is still available.
import { expect, type Page, test } from '@playwright/test';
import { moveOrder, openShopWithMenu, placeOrder, setMenuItemAvailable } from '../support/e2e-orders';
import { ownerAndCustomer, signInAsNew, toastText, uniqueName } from './helpers';

/** The step the customer's tracker marks as current. */
function currentStep(page: Page) {
  return page.getByRole('list', { name: 'Order progress' }).locator('[aria-current="step"]');
}

test('a customer orders from the shop page and watches the owner confirm, prepare and ready it live', async ({
  browser,
}) => {
  const { owner, customer, close } = await ownerAndCustomer(browser);

  const { accessToken: ownerToken } = await signInAsNew(owner, 'shop_owner');
  const { shop } = await openShopWithMenu(owner.request, ownerToken, uniqueName('Roastery '), [
    { name: 'Flat White', price: '32.50', preparationTime: '5-10 mins' },
    { name: 'Croissant', price: '25.00' },
  ]);
  await owner.goto('/dashboard');
  await owner.getByRole('tab', { name: 'Orders' }).click();
  await expect(
    owner.getByText('No orders yet. Orders will appear here when customers place them.'),
  ).toBeVisible();

  await signInAsNew(customer, 'customer');
  await customer.goto(`/shops/${shop.id}`);
  await customer.getByRole('button', { name: 'Add Flat White to cart' }).click();
  await customer.getByRole('button', { name: 'Add one more Flat White' }).first().click();
  await customer.getByRole('button', { name: 'Add Croissant to cart' }).click();
  await expect(customer.getByTestId('cart-total')).toHaveText('R90.00');

  // The cart survives a reload.
  await customer.reload();
  await expect(customer.getByTestId('cart-total')).toHaveText('R90.00');
  const cart = customer.getByRole('list', { name: 'Cart' });
  await expect(cart.getByRole('listitem')).toHaveCount(2);

  // The first 15-minute slot rather than ASAP: slots sit on quarter hours, so the shop's 00:00–23:59 days never
  // leave one out, whatever the hour the test runs (ASAP could land in the minute before midnight).
  const pickup = customer.getByLabel('Pickup time');
  const firstSlot = await pickup.locator('optgroup option').first().getAttribute('value');
  await pickup.selectOption(firstSlot ?? '');
  await customer.getByLabel('Notes').fill('Oat milk in the flat whites, please');
  await customer.getByRole('button', { name: 'Place Order' }).click();

  await expect(customer).toHaveURL(/\/orders$/);
  await expect(toastText(customer, 'Order placed')).toBeVisible();
  const card = customer.getByTestId('order-card');
  await expect(card).toHaveCount(1);
  const heading = (await card.getByRole('heading').first().textContent()) ?? '';
  const orderId = Number(/#(\d+)/.exec(heading)?.[1]);
  expect(orderId).toBeGreaterThan(0);
  await expect(card).toContainText('2 × Flat White');
  await expect(card).toContainText('R90.00');
  await expect(card).toContainText('Oat milk in the flat whites, please');
  await expect(currentStep(customer)).toContainText('Pending');

  // The owner, already on the Orders tab, sees it arrive without reloading, highlighted as new.
  const ownerCard = owner.getByRole('article', { name: `Order #${orderId}` });
  await expect(ownerCard).toBeVisible();
  await expect(ownerCard.getByText('New', { exact: true })).toBeVisible();
  await expect(ownerCard).toContainText(/Customer #\d+/);

  const steps = [
    { action: 'Confirm', step: 'Confirmed', toast: `Order #${orderId} has been confirmed` },
    { action: 'Start Preparing', step: 'Preparing', toast: `Order #${orderId} is being prepared` },
    { action: 'Mark Ready', step: 'Ready', toast: `Order #${orderId} is ready for pickup` },
  ];
  for (const { action, step, toast } of steps) {
    await ownerCard.getByRole('button', { name: action }).click();
    await expect(toastText(owner, 'Order updated')).toBeVisible();
    await expect(currentStep(customer)).toContainText(step);
    await expect(toastText(customer, toast)).toBeVisible();
  }
  await expect(ownerCard.getByRole('button', { name: 'Complete Order' })).toBeVisible();

  // The conversation shows the order as a card and each move as a status line, not as text bubbles.
  await customer.goto(`/messages?shop=${shop.id}`);
  await expect(customer.getByTestId('chat-order-card')).toContainText(`Order #${orderId}`);
  await expect(customer.getByTestId('chat-order-card')).toContainText('R90.00');
  const statusLines = customer.getByTestId('chat-order-status');
  await expect(statusLines).toHaveCount(3);
  await expect(statusLines.last()).toContainText(`Order #${orderId} is ready for pickup`);

  await close();
});

test('Order again refills the cart with the items still available and names the ones that are not', async ({
  page,
  browser,
}) => {
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const { accessToken: ownerToken } = await signInAsNew(owner, 'shop_owner');
  const { shop, menu } = await openShopWithMenu(owner.request, ownerToken, uniqueName('Bakery '), [
    { name: 'Cortado', price: '28.00' },
    { name: 'Lemon Tart', price: '35.00' },
  ]);
  const [cortado, tart] = menu as [(typeof menu)[0], (typeof menu)[0]];

  const { accessToken: customerToken } = await signInAsNew(page, 'customer');
  const order = await placeOrder(page.request, customerToken, shop.id, [
    { menuItemId: cortado.id, quantity: 2 },
    { menuItemId: tart.id, quantity: 1 },
  ]);
  for (const status of ['confirmed', 'preparing', 'ready', 'completed'])
    await moveOrder(owner.request, ownerToken, order.id, status);
  await setMenuItemAvailable(owner.request, ownerToken, tart.id, false);

  await page.goto('/orders');
  const past = page.getByRole('region', { name: 'Past Orders' });
  await expect(past.getByRole('article', { name: `Order #${order.id}` })).toContainText('Completed');
  await past.getByRole('button', { name: 'Order again' }).click();

  await expect(page).toHaveURL(new RegExp(`/shops/${shop.id}$`));
  await expect(toastText(page, 'Not available now: Lemon Tart.')).toBeVisible();
  const cart = page.getByRole('list', { name: 'Cart' });
  await expect(cart.getByRole('listitem')).toHaveCount(1);
  await expect(cart).toContainText('Cortado');
  await expect(page.getByTestId('cart-total')).toHaveText('R56.00');

  await ownerContext.close();
});

test('a cart holds one shop: adding from another asks to start over; a paused shop cannot be ordered from', async ({
  page,
  browser,
}) => {
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const { accessToken: ownerToken } = await signInAsNew(owner, 'shop_owner');
  const first = await openShopWithMenu(owner.request, ownerToken, uniqueName('First '), [
    { name: 'Espresso', price: '22.00' },
  ]);
  const second = await openShopWithMenu(owner.request, ownerToken, uniqueName('Second '), [
    { name: 'Chai Latte', price: '34.00' },
  ]);

  await signInAsNew(page, 'customer');
  await page.goto(`/shops/${first.shop.id}`);
  await page.getByRole('button', { name: 'Add Espresso to cart' }).click();
  await expect(page.getByTestId('cart-total')).toHaveText('R22.00');

  await page.goto(`/shops/${second.shop.id}`);
  await page.getByRole('button', { name: 'Add Chai Latte to cart' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start a new order?' });
  await expect(dialog).toContainText(first.shop.name);
  await dialog.getByRole('button', { name: 'Keep Current Cart' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('cart-total')).toBeHidden();

  await page.getByRole('button', { name: 'Add Chai Latte to cart' }).click();
  await dialog.getByRole('button', { name: 'Start New Order' }).click();
  await expect(page.getByTestId('cart-total')).toHaveText('R34.00');
  await expect(page.getByRole('list', { name: 'Cart' })).not.toContainText('Espresso');

  // The owner pauses the second shop from the dashboard; its page then refuses new items, with the reason.
  await owner.goto('/dashboard');
  const shopCard = owner.getByTestId('my-shop').filter({ hasText: second.shop.name });
  const taking = shopCard.getByRole('switch', { name: 'Taking orders' });
  await expect(taking).toBeChecked();
  await taking.click();
  await expect(taking).not.toBeChecked();
  const shop = await (await page.request.get(`/api/coffee-shops/${second.shop.id}`)).json();
  expect(shop.acceptingOrders).toBe(false);

  await page.reload();
  await expect(page.getByText('This shop is not taking orders right now.')).toBeVisible();
  await expect(page.getByText('Orders paused')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeDisabled();

  await ownerContext.close();
});

test('the owner sees how many orders wait to be confirmed, and which are overdue: still being made after their pickup time', async ({
  browser,
}) => {
  const { owner, customer, close } = await ownerAndCustomer(browser);
  const { accessToken: ownerToken } = await signInAsNew(owner, 'shop_owner');
  const { shop, menu } = await openShopWithMenu(owner.request, ownerToken, uniqueName('Counter '), [
    { name: 'Cortado', price: '30.00' },
  ]);
  const { accessToken: customerToken } = await signInAsNew(customer, 'customer');
  const late = await placeOrder(customer.request, customerToken, shop.id, [
    { menuItemId: menu[0]!.id, quantity: 1 },
  ]);
  const ready = await placeOrder(customer.request, customerToken, shop.id, [
    { menuItemId: menu[0]!.id, quantity: 2 },
  ]);
  await moveOrder(owner.request, ownerToken, ready.id, 'confirmed');
  await moveOrder(owner.request, ownerToken, ready.id, 'preparing');
  await moveOrder(owner.request, ownerToken, ready.id, 'ready');

  // Now, before either pickup time: nothing is overdue. The Orders tab counts the one waiting to be confirmed.
  await owner.goto('/dashboard');
  await expect(owner.getByRole('tab', { name: /^Orders \(1 to confirm\)$/ })).toBeVisible();
  await owner.getByRole('tab', { name: 'Orders' }).click();
  const lateCard = owner.getByRole('article', { name: `Order #${late.id}` });
  const readyCard = owner.getByRole('article', { name: `Order #${ready.id}` });
  await expect(lateCard).toBeVisible();
  await expect(lateCard.getByText('Overdue', { exact: true })).toHaveCount(0);

  // The owner's clock a minute past the pickup time: the order still waiting is overdue, the ready one is not.
  await owner.clock.setFixedTime(new Date(new Date(late.pickupTime!).getTime() + 60_000));
  await owner.reload();
  await owner.getByRole('tab', { name: 'Orders' }).click();
  await expect(lateCard.getByText('Overdue', { exact: true })).toBeVisible();
  await expect(readyCard).toBeVisible();
  await expect(readyCard.getByText('Overdue', { exact: true })).toHaveCount(0);
  await lateCard.getByRole('button', { name: 'Confirm' }).click();
  await expect(lateCard).toContainText('Confirmed');
  await expect(lateCard.getByText('Overdue', { exact: true })).toBeVisible();
  await expect(owner.getByTestId('orders-waiting')).toHaveCount(0);

  await close();
});
