// A busy shop in the browser (issue 30): a customer sees a full pickup slot unavailable and a slot that fills while
// they decide refused with the next free time; the owner's board shows a new order live, chimes (Web Audio, spied
// on), counts it in the tab title and moves it with the keyboard; Busy and Pause in one click; the pickup code large
// on the customer's ready order; the Orders settings refusing a prep time out of range under its field.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { Order } from '../../src/shared/api/orders';
import type { PickupSlots } from '../../src/shared/domain/pickup-slots';
import { attachOptionGroups, createOptionGroup, moveOrder, openShopWithMenu } from '../support/e2e-orders';
import { ownerAndCustomer, signInAsNew, toastText, uniqueName } from './helpers';

test.describe.configure({ timeout: 90_000 });
// axe is injected into the owner's page, which the app's CSP (script-src 'self') would refuse.
test.use({ bypassCSP: true });

const SHOTS = '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });
const phone = { width: 390, height: 844 };

declare global {
  interface Window {
    __oscillators: number;
    __prints: number;
  }
}

/**
 * Counts the oscillators the page starts (the chime is two) and the print dialogs it opens, without opening one:
 * installed before the app's scripts run.
 */
function spyOnChimeAndPrint() {
  window.__oscillators = 0;
  window.__prints = 0;
  const createOscillator = AudioContext.prototype.createOscillator;
  AudioContext.prototype.createOscillator = function (this: AudioContext) {
    window.__oscillators += 1;
    return createOscillator.call(this);
  };
  window.print = () => {
    window.__prints += 1;
  };
}

async function call<T>(
  request: APIRequestContext,
  token: string,
  method: 'get' | 'post' | 'put',
  url: string,
  data?: unknown,
): Promise<T> {
  const response = await request[method](url, { headers: { authorization: `Bearer ${token}` }, data });
  if (!response.ok()) throw new Error(`${method} ${url}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A customer registered by API only (no browser of their own), for filling slots. */
async function apiCustomer(request: APIRequestContext): Promise<string> {
  const name = uniqueName('filler');
  const response = await request.post('/api/auth/register', {
    data: { username: name, email: `${name}@example.co.za`, password: 'flatwhite', role: 'customer' },
  });
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/** The shop's free pickup slots as the server lists them, today's then tomorrow's. */
async function freeSlots(request: APIRequestContext, shopId: number): Promise<string[]> {
  const free: string[] = [];
  const now = Date.now();
  for (const offset of [0, 1]) {
    const date = new Date(now + offset * 86_400_000).toLocaleDateString('en-CA', {
      timeZone: 'Africa/Johannesburg',
    });
    const response = await request.get(`/api/coffee-shops/${shopId}/pickup-slots?date=${date}`);
    if (!response.ok()) continue;
    const answer = (await response.json()) as PickupSlots;
    free.push(...answer.slots.filter((slot) => slot.available).map((slot) => slot.at));
  }
  return free;
}

async function placeAt(
  request: APIRequestContext,
  customerToken: string,
  shopId: number,
  menuItemId: number,
  pickupTime: string,
  extra: { options?: number[]; notes?: string } = {},
) {
  return call<Order>(request, customerToken, 'post', '/api/orders', {
    shopId,
    items: [{ menuItemId, quantity: 1, options: extra.options ?? [] }],
    pickupTime,
    notes: extra.notes ?? null,
  });
}

/** axe-core's serious and critical findings on the page. */
async function seriousAxeFindings(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: path.resolve('node_modules/axe-core/axe.min.js') });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
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

test('a customer sees a full slot unavailable, and a slot that fills while they decide is refused naming the next free time', async ({
  browser,
}) => {
  const { owner, customer, close } = await ownerAndCustomer(browser, { bypassCSP: true });
  const { accessToken: ownerToken } = await signInAsNew(owner, 'shop_owner');
  const { shop, menu } = await openShopWithMenu(owner.request, ownerToken, uniqueName('Rush Cafe '), [
    { name: 'Flat White', price: '32.50' },
  ]);
  const flatWhite = menu[0]!;
  await call(owner.request, ownerToken, 'put', `/api/coffee-shops/${shop.id}`, { maxOrdersPerSlot: 1 });

  // Another customer takes the one place in the first slot.
  const filler = await apiCustomer(owner.request);
  const [full, second] = await freeSlots(owner.request, shop.id);
  await placeAt(owner.request, filler, shop.id, flatWhite.id, full!);

  await signInAsNew(customer, 'customer');
  await customer.setViewportSize({ width: 1280, height: 800 });
  await customer.goto(`/shops/${shop.id}`);
  await customer.getByRole('button', { name: 'Add Flat White to cart' }).click();
  const pickup = customer.getByLabel('Pickup time');
  const fullOption = pickup.locator(`option[value="${full}"]`);
  await expect(fullOption).toBeDisabled();
  await expect(fullOption).toHaveText(/\(full\)$/);
  // ASAP says when the order will be ready before it is placed.
  await expect(pickup.locator('option[value="asap"]')).toHaveText(
    /^As soon as possible \(about \d\d:\d\d\)$/,
  );
  await expect(customer.getByTestId('pickup-note')).toHaveText(/^Ready around \d\d:\d\d$/);
  await customer.locator('#cart').screenshot({ path: `${SHOTS}/busy-checkout-1280.png` });

  // The customer picks the next slot; it fills up before they press Place Order.
  await pickup.selectOption(second!);
  await expect(pickup.locator(`option[value="${second}"]`)).toBeEnabled();
  await placeAt(owner.request, filler, shop.id, flatWhite.id, second!);
  await customer.getByRole('button', { name: 'Place Order' }).click();
  await expect(customer.getByRole('alert').filter({ hasText: 'That time is full' })).toHaveText(
    /^That time is full — the next free pickup is (tomorrow at )?\d\d:\d\d$/,
  );
  // The slots were fetched again: the chosen one now shows full, and Place Order waits for another choice.
  await expect(pickup.locator(`option[value="${second}"]`)).toBeDisabled();
  await expect(customer.getByTestId('pickup-note')).toHaveText('That time is full: please choose another.');
  await expect(customer.getByRole('button', { name: 'Place Order' })).toBeDisabled();
  await customer.setViewportSize(phone);
  await customer.locator('#cart').screenshot({ path: `${SHOTS}/busy-checkout-390.png` });
  await expectNoSideways(customer);

  // ASAP still places: the next free time.
  await pickup.selectOption('asap');
  await customer.getByRole('button', { name: 'Place Order' }).click();
  await expect(customer).toHaveURL(/\/orders$/);
  await close();
});

test('the board shows a new order live with a chime and the title count, and moves orders with the keyboard', async ({
  browser,
}) => {
  const { owner, customer, close } = await ownerAndCustomer(browser, { bypassCSP: true });
  await owner.addInitScript(spyOnChimeAndPrint);
  const { accessToken: ownerToken } = await signInAsNew(owner, 'shop_owner');
  const { shop, menu } = await openShopWithMenu(owner.request, ownerToken, uniqueName('Board Cafe '), [
    { name: 'Cappuccino', price: '34.00' },
    { name: 'Croissant', price: '25.00' },
  ]);
  const [cappuccino, croissant] = menu as [(typeof menu)[0], (typeof menu)[0]];
  const milk = await createOptionGroup(owner.request, ownerToken, {
    shopId: shop.id,
    name: 'Milk',
    minSelected: 1,
    maxSelected: 1,
    options: [
      { name: 'Full cream', price: '0', isDefault: true },
      { name: 'Oat milk', price: '8.00' },
    ],
  });
  await attachOptionGroups(owner.request, ownerToken, cappuccino.id, [milk.id]);
  const oatMilk = milk.options.find((option) => option.name === 'Oat milk')!;
  const { accessToken: customerToken } = await signInAsNew(customer, 'customer');

  await owner.setViewportSize({ width: 1280, height: 800 });
  await owner.goto('/dashboard/board');
  await expect(owner.getByRole('heading', { name: 'Orders Board', level: 1 })).toBeVisible();
  await expect(owner).toHaveTitle('Orders Board');
  // The browser's autoplay rule: nothing can sound until the page is clicked, and the page says so.
  const armNotice = owner.getByText('Click anywhere to turn on order sounds');
  await expect(armNotice).toBeVisible();
  await owner.getByRole('heading', { name: 'Orders Board', level: 1 }).click();
  await expect(armNotice).toBeHidden();
  expect(await owner.evaluate(() => window.__oscillators)).toBe(0);

  // Two orders arrive live, the first with an option and a note.
  const slots = await freeSlots(owner.request, shop.id);
  const first = await placeAt(owner.request, customerToken, shop.id, cappuccino.id, slots[0]!, {
    options: [oatMilk.id],
    notes: 'Extra hot, please',
  });
  const newColumn = owner.getByTestId('board-column-new');
  const firstCard = newColumn.getByRole('article', { name: `Order #${first.id}` });
  await expect(firstCard).toBeVisible();
  await expect(firstCard.getByTestId('pickup-code')).toHaveText(`Pickup code ${first.pickupCode}`);
  await expect(firstCard.getByTestId('line-options')).toHaveText('Oat milk');
  await expect(firstCard).toContainText('Extra hot, please');
  await expect(firstCard.getByTestId('elapsed')).toContainText('Just now');
  await expect.poll(() => owner.evaluate(() => window.__oscillators)).toBeGreaterThanOrEqual(2);
  await expect(owner).toHaveTitle('(1) Orders Board');

  const second = await placeAt(owner.request, customerToken, shop.id, croissant.id, slots[1]!);
  const secondCard = newColumn.getByRole('article', { name: `Order #${second.id}` });
  await expect(secondCard).toBeVisible();
  await expect(owner).toHaveTitle('(2) Orders Board');

  // The keyboard: arrows between cards, Enter for the next move; the focus follows the card to its new column.
  await firstCard.focus();
  await owner.keyboard.press('ArrowDown');
  await expect(secondCard).toBeFocused();
  await owner.keyboard.press('ArrowUp');
  await expect(firstCard).toBeFocused();
  await owner.keyboard.press('Enter');
  const preparing = owner.getByTestId('board-column-preparing');
  const firstPreparing = preparing.getByRole('article', { name: `Order #${first.id}` });
  await expect(firstPreparing).toBeFocused();
  await expect(firstPreparing).toContainText('Confirmed');
  await expect(owner).toHaveTitle('(1) Orders Board');
  await owner.keyboard.press('ArrowLeft');
  await expect(secondCard).toBeFocused();
  await owner.keyboard.press('ArrowRight');
  await expect(firstPreparing).toBeFocused();
  await owner.keyboard.press('Enter');
  await expect(firstPreparing.getByRole('button', { name: 'Mark Ready' })).toBeVisible();
  await expect(firstPreparing).toBeFocused();
  await owner.keyboard.press('Enter');
  const firstReady = owner
    .getByTestId('board-column-ready')
    .getByRole('article', { name: `Order #${first.id}` });
  await expect(firstReady).toBeFocused();
  expect((await call<Order>(owner.request, ownerToken, 'get', `/api/orders/${first.id}`)).status).toBe(
    'ready',
  );

  // The customer sees the code large now the order is ready.
  await customer.goto('/orders');
  const customerCard = customer.getByRole('article', { name: `Order #${first.id}` });
  await expect(customerCard.getByTestId('pickup-code')).toHaveText(
    `Show this at the counter:${first.pickupCode}`,
  );
  await customer.setViewportSize(phone);
  await customerCard.scrollIntoViewIfNeeded();
  await customer.screenshot({ path: `${SHOTS}/busy-orders-ready-390.png` });

  // Finding an order by the code the customer shows.
  const search = owner.getByLabel('Find by pickup code');
  await search.fill(second.pickupCode!.toLowerCase());
  await expect(owner.getByTestId('board-card')).toHaveCount(1);
  await expect(secondCard).toBeVisible();
  await search.fill('');
  await expect(owner.getByTestId('board-card')).toHaveCount(2);

  // A third order in Preparing, so every column shows something in the pictures.
  const third = await placeAt(owner.request, customerToken, shop.id, croissant.id, slots[2]!);
  await moveOrder(owner.request, ownerToken, third.id, 'confirmed');
  await moveOrder(owner.request, ownerToken, third.id, 'preparing');
  await expect(preparing.getByRole('article', { name: `Order #${third.id}` })).toBeVisible();

  // Print: the ticket is on the page for the print dialog, with the code, the lines and the options.
  await firstReady.getByRole('button', { name: `Print order #${first.id}` }).click();
  await expect.poll(() => owner.evaluate(() => window.__prints)).toBe(1);
  const ticket = owner.getByTestId('print-ticket');
  await expect(ticket).toBeHidden();
  await owner.emulateMedia({ media: 'print' });
  await expect(ticket).toBeVisible();
  await expect(ticket).toContainText(`Order #${first.id}`);
  await expect(ticket).toContainText(first.pickupCode!);
  await expect(ticket).toContainText('+ Oat milk');
  await expect(ticket).toContainText('Notes: Extra hot, please');
  await owner.screenshot({ path: `${SHOTS}/busy-ticket-print.png` });
  await owner.emulateMedia({ media: 'screen' });

  // Busy and Pause in one click each; the customer's shop page says when pickups are possible.
  await owner.getByRole('button', { name: 'Busy: +15 min' }).click();
  await expect(owner.getByRole('status').filter({ hasText: 'Busy +' })).toHaveText(
    /^Busy \+15 min until \d\d:\d\d$/,
  );
  await customer.goto(`/shops/${shop.id}`);
  await expect(customer.getByTestId('busy-notice')).toHaveText(
    /^Busy — pickups from (tomorrow at )?\d\d:\d\d$/,
  );
  await customer.screenshot({ path: `${SHOTS}/busy-shop-page-390.png` });

  await owner.screenshot({ path: `${SHOTS}/busy-board-1280.png` });
  expect(await seriousAxeFindings(owner)).toEqual([]);
  await owner.setViewportSize({ width: 1024, height: 768 });
  await owner.screenshot({ path: `${SHOTS}/busy-board-1024.png` });
  await expectNoSideways(owner);
  await owner.setViewportSize(phone);
  await owner.screenshot({ path: `${SHOTS}/busy-board-390.png`, fullPage: true });
  await expectNoSideways(owner);
  await owner.setViewportSize({ width: 1280, height: 800 });

  await owner.getByRole('button', { name: 'Pause orders' }).click();
  await expect(owner.getByText('Orders paused', { exact: true }).first()).toBeVisible();
  expect(
    (
      await call<{ acceptingOrders: boolean }>(
        owner.request,
        ownerToken,
        'get',
        `/api/coffee-shops/${shop.id}`,
      )
    ).acceptingOrders,
  ).toBe(false);
  await owner.getByRole('button', { name: 'Resume orders' }).click();
  await expect(owner.getByRole('button', { name: 'Pause orders' })).toBeVisible();
  await owner.getByRole('button', { name: 'End busy' }).click();
  await expect(owner.getByRole('button', { name: 'Busy: +15 min' })).toBeVisible();
  await close();
});

test("the dashboard's title counts the orders to confirm and chimes for a new one; sounds can be switched off", async ({
  browser,
}) => {
  const { owner, customer, close } = await ownerAndCustomer(browser, { bypassCSP: true });
  await owner.addInitScript(spyOnChimeAndPrint);
  const { accessToken: ownerToken } = await signInAsNew(owner, 'shop_owner');
  const { shop, menu } = await openShopWithMenu(owner.request, ownerToken, uniqueName('Title Cafe '), [
    { name: 'Americano', price: '28.00' },
  ]);
  const { accessToken: customerToken } = await signInAsNew(customer, 'customer');
  await owner.goto('/dashboard');
  await expect(owner).toHaveTitle('Shop Owner Dashboard');
  await owner.getByRole('tab', { name: 'Orders' }).click();
  await expect(owner.getByText('Click anywhere to turn on order sounds')).toBeHidden();

  const slots = await freeSlots(owner.request, shop.id);
  const order = await placeAt(owner.request, customerToken, shop.id, menu[0]!.id, slots[0]!);
  await expect(owner).toHaveTitle('(1) Shop Owner Dashboard');
  await owner.setViewportSize({ width: 1280, height: 800 });
  await owner.screenshot({ path: `${SHOTS}/busy-dashboard-1280.png` });
  await owner.setViewportSize(phone);
  await owner.screenshot({ path: `${SHOTS}/busy-dashboard-390.png`, fullPage: true });
  await expectNoSideways(owner);
  await expect.poll(() => owner.evaluate(() => window.__oscillators)).toBeGreaterThanOrEqual(2);
  const card = owner.getByRole('article', { name: `Order #${order.id}` });
  await expect(card.getByTestId('pickup-code')).toHaveText(`Code ${order.pickupCode}`);
  await owner.getByLabel('Find by pickup code').fill(order.pickupCode!);
  await expect(card).toBeVisible();
  await owner.getByLabel('Find by pickup code').fill('#999999');
  await expect(card).toBeHidden();
  await owner.getByLabel('Find by pickup code').fill('');

  // Switched off, the choice is remembered on this device.
  await owner.getByRole('switch', { name: 'Order sounds' }).click();
  await expect(owner.getByRole('switch', { name: 'Order sounds' })).not.toBeChecked();
  expect(await owner.evaluate(() => localStorage.getItem('orderSounds'))).toBe('off');
  const before = await owner.evaluate(() => window.__oscillators);
  const quiet = await placeAt(owner.request, customerToken, shop.id, menu[0]!.id, slots[1]!);
  await expect(owner.getByRole('article', { name: `Order #${quiet.id}` })).toBeVisible();
  await expect(owner).toHaveTitle('(2) Shop Owner Dashboard');
  expect(await owner.evaluate(() => window.__oscillators)).toBe(before);

  await card.getByRole('button', { name: 'Confirm' }).click();
  await expect(owner).toHaveTitle('(1) Shop Owner Dashboard');
  await close();
});

test('the Orders settings save prep time, a slot limit and auto-cancel, and show a refusal under its field', async ({
  page,
}) => {
  const { accessToken: ownerToken } = await signInAsNew(page, 'shop_owner');
  const { shop } = await openShopWithMenu(page.request, ownerToken, uniqueName('Pace Cafe '), [
    { name: 'Espresso', price: '22.00' },
  ]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/dashboard');
  await page.getByTestId('my-shop').getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'Orders' }).click();
  const prep = dialog.getByLabel('Prep time (minutes)');
  await expect(prep).toHaveValue('10');
  await expect(dialog.getByLabel('No limit')).toBeChecked();
  await prep.fill('3');
  await dialog.getByRole('button', { name: 'Save Order Settings' }).click();
  await expect(dialog.getByText('Prep time must be a whole number from 5 to 60')).toBeVisible();
  await expect(prep).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: `${SHOTS}/busy-settings-1280.png` });
  await page.setViewportSize(phone);
  await page.screenshot({ path: `${SHOTS}/busy-settings-390.png` });
  await page.setViewportSize({ width: 1280, height: 800 });

  await prep.fill('12');
  await dialog.getByLabel('No limit').uncheck();
  await dialog.getByLabel('At most this many orders per slot').fill('4');
  await dialog.getByLabel('Auto-cancel after (minutes)').fill('15');
  await dialog.getByRole('button', { name: 'Save Order Settings' }).click();
  await expect(toastText(page, 'Order settings saved')).toBeVisible();
  const saved = await call<{
    prepMinutes: number;
    maxOrdersPerSlot: number | null;
    autoCancelMinutes: number;
  }>(page.request, ownerToken, 'get', `/api/coffee-shops/${shop.id}`);
  expect(saved).toMatchObject({ prepMinutes: 12, maxOrdersPerSlot: 4, autoCancelMinutes: 15 });
});

test('the board asks a visitor to sign in and turns a customer away, as the dashboard does', async ({
  page,
}) => {
  await page.goto('/dashboard/board');
  await expect(page.getByRole('heading', { name: 'Sign In Required' })).toBeVisible();
  await signInAsNew(page, 'customer');
  await page.goto('/dashboard/board');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
});
