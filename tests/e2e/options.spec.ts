// Item options in the browser (issue 25): an owner makes option groups and offers them with an item; a customer
// builds a large oat cappuccino with an extra shot in its sheet, orders it, and the owner's card shows the options;
// Order again with an option sold out since names it and opens the sheet; the sheet by keyboard and on a phone.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import type { OptionGroup } from '../../src/shared/api/option-groups';
import {
  attachOptionGroups,
  createOptionGroup,
  moveOrder,
  openShopWithMenu,
  placeOrder,
  setOptionAvailable,
} from '../support/e2e-orders';
import { signInAsNew, toastText, uniqueName } from './helpers';

// Each test makes a shop with three option groups and drives two browsers.
test.describe.configure({ timeout: 90_000 });
// The owner's page (the one test using the page fixture) is audited by axe, which the app's CSP would refuse.
test.use({ bypassCSP: true });

const SHOTS = '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });
const phone = { width: 390, height: 844 };

/**
 * A café open around the clock whose Cappuccino (R34.00) offers Size (no default: it must be chosen), Milk (Full
 * cream by default, Oat milk +R8, Almond milk sold out) and Extras (up to 2), and a Croissant without options.
 */
async function cafeWithOptions(page: Page, ownerToken: string) {
  const { shop, menu } = await openShopWithMenu(page.request, ownerToken, uniqueName('Options Cafe '), [
    { name: 'Cappuccino', price: '34.00' },
    { name: 'Croissant', price: '25.00' },
  ]);
  const [cappuccino, croissant] = menu as [(typeof menu)[0], (typeof menu)[0]];
  const size = await createOptionGroup(page.request, ownerToken, {
    shopId: shop.id,
    name: 'Size',
    minSelected: 1,
    maxSelected: 1,
    options: [
      { name: 'Small', price: '0' },
      { name: 'Regular', price: '5.00' },
      { name: 'Large', price: '9.00' },
    ],
  });
  const milk = await createOptionGroup(page.request, ownerToken, {
    shopId: shop.id,
    name: 'Milk',
    minSelected: 1,
    maxSelected: 1,
    options: [
      { name: 'Full cream', price: '0', isDefault: true },
      { name: 'Oat milk', price: '8.00' },
      { name: 'Almond milk', price: '8.00', isAvailable: false },
    ],
  });
  const extras = await createOptionGroup(page.request, ownerToken, {
    shopId: shop.id,
    name: 'Extras',
    minSelected: 0,
    maxSelected: 2,
    options: [
      { name: 'Extra shot', price: '8.00' },
      { name: 'Vanilla syrup', price: '7.00' },
      { name: 'Caramel syrup', price: '7.00' },
    ],
  });
  await attachOptionGroups(page.request, ownerToken, cappuccino.id, [size.id, milk.id, extras.id]);
  return { shop, cappuccino, croissant, size, milk, extras };
}

/**
 * An owner with the café above and a customer, each signed in in a browser of their own (both at the given size),
 * and a way to close both.
 */
async function cafeAndCustomer(
  browser: Browser,
  { viewport = { width: 1280, height: 800 }, bypassCSP = false } = {},
) {
  // bypassCSP for axe: the app's policy (script-src 'self') would refuse the injected script.
  const contexts = [
    await browser.newContext({ viewport }),
    await browser.newContext({ viewport, bypassCSP }),
  ];
  const [owner, customer] = [await contexts[0]!.newPage(), await contexts[1]!.newPage()];
  const { accessToken: ownerToken } = await signInAsNew(owner, 'shop_owner');
  const cafe = await cafeWithOptions(owner, ownerToken);
  const { accessToken: customerToken } = await signInAsNew(customer, 'customer');
  return {
    owner,
    customer,
    ownerToken,
    customerToken,
    ...cafe,
    close: () => Promise.all(contexts.map((context) => context.close())),
  };
}

/** The id of the group's option with this name. */
function optionId(group: OptionGroup, name: string): number {
  const found = group.options.find((option) => option.name === name);
  if (!found) throw new Error(`no option ${name} in ${group.name}`);
  return found.id;
}

/** Picks the first 15-minute pickup slot (see orders.spec.ts: never in the minute before midnight). */
async function pickFirstSlot(page: Page) {
  const pickup = page.getByLabel('Pickup time');
  const firstSlot = await pickup.locator('optgroup option').first().getAttribute('value');
  await pickup.selectOption(firstSlot ?? '');
}

/** axe-core's serious and critical findings in the open dialog (accessibility.spec.ts audits the others). */
async function seriousAxeFindings(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: path.resolve('node_modules/axe-core/axe.min.js') });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const result = await axe.run('[role="dialog"]', { resultTypes: ['violations'] });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
  });
}

async function expectNoSideways(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );
}

test('an owner makes Size and Milk groups in the menu dialog, offers them with an item in order, and sells out one option in one click', async ({
  page,
}) => {
  const { accessToken } = await signInAsNew(page, 'shop_owner');
  const { shop, menu } = await openShopWithMenu(page.request, accessToken, uniqueName('Groups Cafe '), [
    { name: 'Flat White', price: '32.00' },
  ]);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Update Menu' }).click();
  const dialog = page.getByRole('dialog', { name: `Menu - ${shop.name}` });
  await dialog.getByRole('tab', { name: 'Options' }).click();
  await expect(dialog.getByText('No options yet — add Size or Milk to offer choices')).toBeVisible();

  // Size: choose one (the form's first kind), Regular by default.
  await dialog.getByRole('button', { name: 'Add Option Group' }).click();
  await dialog.getByLabel('Group name').fill('Size');
  await expect(dialog.getByLabel('How many')).toHaveValue('one');
  await dialog.getByLabel('Option 1 name').fill('Small');
  await dialog.getByLabel('Option 2 name').fill('Regular');
  await dialog.getByLabel('Option 2 price (R)').fill('5');
  await dialog.getByRole('checkbox', { name: 'Default: Regular' }).check();
  await dialog.getByRole('button', { name: 'Add Option', exact: true }).click();
  await dialog.getByLabel('Option 3 name').fill('Large');
  await dialog.getByLabel('Option 3 price (R)').fill('9');
  await dialog.getByRole('button', { name: 'Add Option Group' }).click();
  await expect(toastText(page, 'Option group added')).toBeVisible();
  const size = dialog.getByRole('region', { name: 'Size' });
  await expect(size).toContainText('Choose a Size');
  await expect(size).toContainText('+R9.00');

  // Milk: optional, one at most; a name used twice is refused with the server's words and nothing is stored.
  await dialog.getByRole('button', { name: 'Add Option Group' }).click();
  await dialog.getByLabel('Group name').fill('Milk');
  await dialog.getByLabel('How many').selectOption('upTo');
  await expect(dialog.getByLabel('Up to')).toHaveValue('1');
  await dialog.getByLabel('Option 1 name').fill('Oat milk');
  await dialog.getByLabel('Option 1 price (R)').fill('8');
  await dialog.getByLabel('Option 2 name').fill('oat milk');
  await dialog.getByRole('button', { name: 'Add Option Group' }).click();
  await expect(
    toastText(page, "options.1.name: option name 'oat milk' is used twice in this group"),
  ).toBeVisible();
  expect(((await (await page.request.get(`/api/option-groups/${shop.id}`)).json()) as unknown[]).length).toBe(
    1,
  );
  await dialog.getByLabel('Option 2 name').fill('Soy milk');
  await dialog.getByLabel('Option 2 price (R)').fill('6');
  await dialog.getByRole('button', { name: 'Add Option Group' }).click();
  await expect(toastText(page, 'Option group added')).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Milk' })).toContainText('Optional: choose 1');
  expect(await seriousAxeFindings(page)).toEqual([]);

  // Offered with the Flat White: Milk ticked first, then Size moved above it.
  await dialog.getByRole('tab', { name: 'Items' }).click();
  await dialog.getByRole('button', { name: 'Edit Flat White' }).click();
  await dialog.getByRole('checkbox', { name: /^Milk/ }).check();
  await dialog.getByRole('checkbox', { name: /^Size/ }).check();
  await dialog.getByRole('button', { name: 'Move Size up' }).click();
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toastText(page, 'Menu item updated')).toBeVisible();
  await expect(dialog.getByTestId('menu-row').filter({ hasText: 'Flat White' })).toContainText(
    'Options: Size, Milk',
  );
  const items = (await (await page.request.get(`/api/menu-items/${shop.id}`)).json()) as {
    id: number;
    optionGroups: { name: string }[];
  }[];
  expect(items.find((item) => item.id === menu[0]!.id)?.optionGroups.map((group) => group.name)).toEqual([
    'Size',
    'Milk',
  ]);

  // Oat milk has run out: one click on its switch.
  await dialog.getByRole('tab', { name: 'Options' }).click();
  const soldOut = dialog
    .getByRole('region', { name: 'Milk' })
    .getByRole('switch', { name: 'Sold out: Oat milk' });
  await soldOut.click();
  await expect(soldOut).toHaveAttribute('aria-checked', 'true');
  await expect
    .poll(async () => {
      const groups = (await (await page.request.get(`/api/option-groups/${shop.id}`)).json()) as {
        name: string;
        options: { name: string; isAvailable: boolean }[];
      }[];
      return groups.find((group) => group.name === 'Milk')?.options.map((option) => option.isAvailable);
    })
    .toEqual([false, true]);
});

test('a customer builds a large oat cappuccino with an extra shot, sees the price follow, orders, and the owner’s card shows the options', async ({
  browser,
}) => {
  const { owner, customer, shop, close } = await cafeAndCustomer(browser);
  await customer.goto(`/shops/${shop.id}`);

  // An item without options still adds in one tap.
  await customer.getByRole('button', { name: 'Add Croissant to cart' }).click();
  await expect(customer.getByTestId('cart-total')).toHaveText('R25.00');

  await customer.getByRole('button', { name: 'Add Cappuccino to cart' }).click();
  const sheet = customer.getByRole('dialog', { name: 'Cappuccino' });
  const add = sheet.getByRole('button', { name: /^Add to order/ });
  const unitPrice = sheet.getByTestId('sheet-unit-price');
  await expect(add).toBeDisabled();
  await expect(sheet.getByText('Choose a Size for Cappuccino')).toBeVisible();
  // The default milk is chosen; the sold-out one is shown greyed and cannot be.
  await expect(sheet.getByRole('radio', { name: 'Full cream' })).toBeChecked();
  await expect(sheet.getByRole('radio', { name: /Almond milk/ })).toBeDisabled();
  await expect(sheet.getByRole('group', { name: /Milk/ })).toContainText('Sold out');
  await expect(sheet.getByText('Choose up to 2')).toBeVisible();
  await expect(unitPrice).toHaveText('R34.00');

  await sheet.getByRole('radio', { name: 'Large +R9.00' }).check();
  await expect(add).toBeEnabled();
  await expect(unitPrice).toHaveText('R43.00');
  await sheet.getByRole('radio', { name: 'Oat milk +R8.00' }).check();
  await expect(unitPrice).toHaveText('R51.00');
  await sheet.getByRole('checkbox', { name: 'Extra shot +R8.00' }).check();
  await expect(unitPrice).toHaveText('R59.00');
  // Two extras at most: a third cannot be ticked until one is cleared.
  await sheet.getByRole('checkbox', { name: 'Vanilla syrup +R7.00' }).check();
  await expect(sheet.getByRole('checkbox', { name: 'Caramel syrup +R7.00' })).toBeDisabled();
  await sheet.getByRole('checkbox', { name: 'Vanilla syrup +R7.00' }).uncheck();
  await expect(sheet.getByRole('checkbox', { name: 'Caramel syrup +R7.00' })).toBeEnabled();
  await sheet.getByRole('button', { name: 'One more' }).click();
  await expect(sheet.getByTestId('sheet-line-total')).toHaveText('R118.00');
  await customer.screenshot({ path: `${SHOTS}/sheet-1280.png` });
  await add.click();
  await expect(sheet).toBeHidden();

  const cart = customer.getByRole('list', { name: 'Cart' });
  const line = cart.getByRole('listitem').filter({ hasText: 'Cappuccino' });
  await expect(line).toContainText('Large · Oat milk · Extra shot');
  await expect(line).toContainText('R59.00 each');
  await expect(customer.getByTestId('cart-total')).toHaveText('R143.00');
  // The same choice again joins its line.
  await customer.getByRole('button', { name: 'Add Cappuccino to cart' }).click();
  await sheet.getByRole('radio', { name: 'Large +R9.00' }).check();
  await sheet.getByRole('radio', { name: 'Oat milk +R8.00' }).check();
  await sheet.getByRole('checkbox', { name: 'Extra shot +R8.00' }).check();
  await add.click();
  await expect(cart.getByRole('listitem')).toHaveCount(2);
  await expect(line.locator('output')).toHaveText('3');
  await expect(customer.getByTestId('cart-total')).toHaveText('R202.00');
  await customer.getByRole('region', { name: 'Your Order' }).screenshot({ path: `${SHOTS}/cart-1280.png` });

  await pickFirstSlot(customer);
  await customer.getByRole('button', { name: 'Place Order' }).click();
  await expect(customer).toHaveURL(/\/orders$/);
  const card = customer.getByTestId('order-card');
  await expect(card).toContainText('3 × Cappuccino');
  await expect(card.getByTestId('line-options')).toHaveText('Large · Oat milk · Extra shot');
  await expect(card).toContainText('R202.00');
  const heading = (await card.getByRole('heading').first().textContent()) ?? '';
  const orderId = Number(/#(\d+)/.exec(heading)?.[1]);

  await owner.goto('/dashboard');
  await owner.getByRole('tab', { name: 'Orders' }).click();
  const ownerCard = owner.getByRole('article', { name: `Order #${orderId}` });
  await expect(ownerCard.getByTestId('line-options')).toHaveText('Large · Oat milk · Extra shot');
  await expect(ownerCard).toContainText('R202.00');
  await ownerCard.screenshot({ path: `${SHOTS}/owner-card-1280.png` });

  // The chat's order card names them the same way.
  await customer.goto(`/messages?shop=${shop.id}`);
  await expect(customer.getByTestId('chat-order-card').getByTestId('line-options')).toHaveText(
    'Large · Oat milk · Extra shot',
  );
  await close();
});

test('Order again with an option sold out since names it and opens the sheet with what still holds', async ({
  browser,
}) => {
  const { owner, customer, ownerToken, customerToken, shop, cappuccino, croissant, size, milk, close } =
    await cafeAndCustomer(browser);
  const order = await placeOrder(customer.request, customerToken, shop.id, [
    {
      menuItemId: cappuccino.id,
      quantity: 2,
      options: [optionId(size, 'Large'), optionId(milk, 'Oat milk')],
    },
    { menuItemId: croissant.id, quantity: 1 },
  ]);
  for (const status of ['confirmed', 'preparing', 'ready', 'completed'])
    await moveOrder(owner.request, ownerToken, order.id, status);
  await setOptionAvailable(owner.request, ownerToken, milk, 'Oat milk', false);

  await customer.goto('/orders');
  const past = customer.getByRole('region', { name: 'Past Orders' });
  await expect(past.getByTestId('line-options')).toHaveText('Large · Oat milk');
  await past.getByRole('button', { name: 'Order again' }).click();

  await expect(customer).toHaveURL(new RegExp(`/shops/${shop.id}$`));
  await expect(toastText(customer, 'Oat milk is sold out — choose again.')).toBeVisible();
  const sheet = customer.getByRole('dialog', { name: 'Cappuccino' });
  await expect(sheet.getByRole('status').first()).toHaveText('Oat milk is sold out — choose again');
  await expect(sheet.getByRole('radio', { name: 'Large +R9.00' })).toBeChecked();
  await expect(sheet.getByRole('radio', { name: /Oat milk/ })).toBeDisabled();
  await expect(sheet.getByRole('button', { name: /^Add to order/ })).toBeDisabled();
  await expect(sheet.getByText('Choose a Milk for Cappuccino')).toBeVisible();
  await expect(sheet.getByRole('group', { name: /Quantity/ }).locator('output')).toHaveText('2');

  // The croissant went into the cart as it was; the cappuccino joins it once chosen again.
  await sheet.getByRole('radio', { name: 'Full cream' }).check();
  await sheet.getByRole('button', { name: /^Add to order/ }).click();
  await expect(sheet).toBeHidden();
  const cart = customer.getByRole('list', { name: 'Cart' });
  await expect(cart.getByRole('listitem')).toHaveCount(2);
  await expect(cart.getByRole('listitem').filter({ hasText: 'Cappuccino' })).toContainText(
    'Large · Full cream',
  );
  await expect(customer.getByTestId('cart-total')).toHaveText('R111.00');
  await close();
});

test('the sheet by keyboard: axe finds nothing serious, arrow keys move through a radio group, focus stays inside, Escape closes it', async ({
  browser,
}) => {
  const { customer, shop, close } = await cafeAndCustomer(browser, { bypassCSP: true });
  await customer.goto(`/shops/${shop.id}`);

  const opener = customer.getByRole('button', { name: 'Add Cappuccino to cart' });
  await opener.focus();
  await customer.keyboard.press('Enter');
  const sheet = customer.getByRole('dialog', { name: 'Cappuccino' });
  await expect(sheet).toBeVisible();
  expect(await seriousAxeFindings(customer)).toEqual([]);

  // Into the Size group, then along it with the arrow keys.
  await sheet.getByRole('radio', { name: 'Small' }).focus();
  await customer.keyboard.press('Space');
  await expect(sheet.getByRole('radio', { name: 'Small' })).toBeChecked();
  await customer.keyboard.press('ArrowDown');
  await expect(sheet.getByRole('radio', { name: 'Regular +R5.00' })).toBeChecked();
  await expect(sheet.getByTestId('sheet-unit-price')).toHaveText('R39.00');

  for (let press = 0; press < 15; press += 1) {
    await customer.keyboard.press('Tab');
    expect(await sheet.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }

  await customer.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(opener).toBeFocused();
  await expect(customer.getByRole('list', { name: 'Cart' })).toBeHidden();
  await close();
});

test('on a phone the sheet rises from the bottom edge, nothing scrolls sideways, and a cart line is edited in it', async ({
  browser,
}) => {
  const { owner, customer, customerToken, shop, cappuccino, size, milk, extras, close } =
    await cafeAndCustomer(browser, { viewport: phone });
  await customer.goto(`/shops/${shop.id}`);

  await customer.getByRole('button', { name: 'Add Cappuccino to cart' }).click();
  const sheet = customer.getByRole('dialog', { name: 'Cappuccino' });
  await sheet.getByRole('radio', { name: 'Regular +R5.00' }).check();
  const box = await sheet.boundingBox();
  expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(phone.height);
  expect(Math.round(box?.width ?? 0)).toBe(phone.width);
  await expectNoSideways(customer);
  await customer.screenshot({ path: `${SHOTS}/sheet-390.png` });
  await sheet.getByRole('button', { name: /^Add to order/ }).click();
  await expect(sheet).toBeHidden();
  await expect(customer.getByText('1 in your order')).toBeVisible();

  // Edit reopens the sheet with the line's choices; saving replaces the line.
  await customer.getByRole('button', { name: 'Edit Cappuccino, Regular · Full cream' }).click();
  await expect(sheet.getByRole('radio', { name: 'Regular +R5.00' })).toBeChecked();
  await sheet.getByRole('radio', { name: 'Large +R9.00' }).check();
  await sheet.getByRole('radio', { name: 'Oat milk +R8.00' }).check();
  await sheet.getByRole('checkbox', { name: 'Extra shot +R8.00' }).check();
  await sheet.getByRole('button', { name: /^Save changes/ }).click();
  await expect(sheet).toBeHidden();
  // Saving the sheet opened from the cart changes the cart; it does not place the order.
  await expect(customer).toHaveURL(new RegExp(`/shops/${shop.id}$`));
  const cart = customer.getByRole('list', { name: 'Cart' });
  await expect(cart.getByRole('listitem')).toHaveCount(1);
  await expect(cart).toContainText('Large · Oat milk · Extra shot');
  await expect(customer.getByTestId('cart-total')).toHaveText('R59.00');
  await expectNoSideways(customer);
  await customer.getByRole('region', { name: 'Your Order' }).scrollIntoViewIfNeeded();
  await customer.screenshot({ path: `${SHOTS}/cart-390.png` });

  // The owner's card on a phone, options on their own line.
  const order = await placeOrder(customer.request, customerToken, shop.id, [
    {
      menuItemId: cappuccino.id,
      quantity: 2,
      options: [optionId(size, 'Large'), optionId(milk, 'Oat milk'), optionId(extras, 'Extra shot')],
    },
  ]);
  await owner.goto('/dashboard');
  await owner.getByRole('tab', { name: 'Orders' }).click();
  const ownerCard = owner.getByRole('article', { name: `Order #${order.id}` });
  await expect(ownerCard.getByTestId('line-options')).toHaveText('Large · Oat milk · Extra shot');
  await expectNoSideways(owner);
  await ownerCard.screenshot({ path: `${SHOTS}/owner-card-390.png` });
  await close();
});
