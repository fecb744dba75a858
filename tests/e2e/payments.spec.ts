// Paying for an order online in two browsers (issue 26): an owner connects a bank account in the shop's Payments
// tab and offers Pay now; a customer pays on the (fake) Paystack page, comes back to a paid order, and the owner
// sees it arrive live only then; the owner cancels it and both see the refund on its way.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { PAYSTACK_FEE_TEXT } from '../../src/shared/api/payments';
import { openShopWithMenu } from '../support/e2e-orders';
import { ownerAndCustomer, signInAsNew, toastText, uniqueName } from './helpers';

// Two browsers, a trip to Paystack and back, and a refund.
test.describe.configure({ timeout: 60_000 });

const SHOTS = '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });
const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };
/** The fake Paystack the e2e server starts beside the app (tests/support/e2e-server.ts). */
const paystackPort = Number(process.env.E2E_PORT ?? 5099) + 3;

/**
 * axe-core's serious and critical findings in what the page shows now (the whole page, or one part of it), each
 * labelled with where: accessibility.spec.ts audits every route, but not these screens with payment switched on.
 */
async function seriousAxeFindings(page: Page, where: string, scope = 'html'): Promise<string[]> {
  // Let entrance animations (dialogs, toasts) finish: axe measures the colours as painted.
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
  if (!(await page.evaluate(() => 'axe' in window)))
    await page.addScriptTag({ path: path.resolve('node_modules/axe-core/axe.min.js') });
  const found = await page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const result = await axe.run(selector, { resultTypes: ['violations'] });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
  }, scope);
  return found.map((finding) => `${where} at ${page.viewportSize()?.width} px: ${finding}`);
}

/**
 * Each page at a size: screenshot whole to /tmp/shots/payments-e2e-<name>-<width>.png and audited by axe; returns
 * the findings (gathered over the test and checked at its end, so one finding does not hide the next).
 */
async function shootAndAudit(pages: Record<string, Page>, size: { width: number; height: number }) {
  const findings: string[] = [];
  for (const [name, page] of Object.entries(pages)) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SHOTS}/payments-e2e-${name}-${size.width}.png`, fullPage: true });
    findings.push(...(await seriousAxeFindings(page, name)));
  }
  return findings;
}

test('a customer pays on Paystack and comes back to a paid order that the owner sees arrive live; the owner cancels it and both see the refund on its way', async ({
  browser,
}) => {
  const { owner, customer, close } = await ownerAndCustomer(browser, { viewport: desktop, bypassCSP: true });

  const { accessToken: ownerToken } = await signInAsNew(owner, 'shop_owner');
  const { shop } = await openShopWithMenu(owner.request, ownerToken, uniqueName('Paid Roastery '), [
    { name: 'Flat White', price: '32.50' },
    { name: 'Croissant', price: '25.00' },
  ]);

  // The owner connects a bank account in the Edit dialog's Payments tab; until then only Off can be picked.
  await owner.goto('/dashboard');
  await owner
    .getByTestId('my-shop')
    .filter({ hasText: shop.name })
    .getByRole('button', { name: 'Edit', exact: true })
    .click();
  const dialog = owner.getByRole('dialog', { name: 'Edit Coffee Shop' });
  await dialog.getByRole('tab', { name: 'Payments' }).click();
  const optional = dialog.getByRole('radio', { name: /^Optional/ });
  await expect(dialog.getByRole('radio', { name: /^Off/ })).toBeChecked();
  await expect(optional).toBeDisabled();
  // The plain line on what Paystack charges the shop per payment.
  await expect(dialog.getByText(PAYSTACK_FEE_TEXT)).toBeVisible();
  await dialog
    .getByRole('combobox', { name: 'Bank', exact: true })
    .selectOption({ label: 'First National Bank' });
  await dialog.getByLabel('Account number').fill('6201 2345 678');
  await dialog.getByLabel('Account holder name').fill('Paid Roastery (Pty) Ltd');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toastText(owner, 'Bank account saved')).toBeVisible();
  // Only the last 4 digits come back.
  await expect(dialog.getByText('Paid into First National Bank ····5678')).toBeVisible();
  await expect(dialog.getByLabel('Account number')).toHaveCount(0);

  await optional.check();
  await expect(toastText(owner, 'Payment setting saved')).toBeVisible();
  await expect(optional).toBeChecked();
  const findings: string[] = [];
  for (const size of [desktop, phone]) {
    await owner.setViewportSize(size);
    await dialog.screenshot({ path: `${SHOTS}/payments-e2e-owner-payments-tab-${size.width}.png` });
    findings.push(...(await seriousAxeFindings(owner, 'Payments tab', '[role="dialog"]')));
  }
  await owner.setViewportSize(desktop);
  await dialog.getByRole('button', { name: 'Close dialog' }).click();
  await expect(dialog).toBeHidden();

  await owner.getByRole('tab', { name: 'Orders' }).click();
  await expect(
    owner.getByText('No orders yet. Orders will appear here when customers place them.'),
  ).toBeVisible();

  // The customer orders and picks Pay now (the first choice where a shop offers both).
  await signInAsNew(customer, 'customer');
  await customer.goto(`/shops/${shop.id}`);
  await customer.getByRole('button', { name: 'Add Flat White to cart' }).click();
  await customer.getByRole('button', { name: 'Add Croissant to cart' }).click();
  await expect(customer.getByTestId('cart-total')).toHaveText('R57.50');
  const payNow = customer.getByRole('radio', { name: 'Pay now (card or EFT)' });
  const atCounter = customer.getByRole('radio', { name: 'Pay at the counter' });
  await expect(payNow).toBeChecked();
  await atCounter.check();
  await expect(customer.getByRole('button', { name: 'Place Order', exact: true })).toBeVisible();
  await payNow.check();
  // The first 15-minute slot (see orders.spec.ts: never in the minute before midnight).
  const pickup = customer.getByLabel('Pickup time');
  await pickup.selectOption((await pickup.locator('optgroup option').first().getAttribute('value')) ?? '');
  findings.push(...(await shootAndAudit({ checkout: customer }, phone)));
  findings.push(...(await shootAndAudit({ checkout: customer }, desktop)));
  await customer.getByRole('button', { name: 'Place Order and Pay' }).click();

  // Paystack's page, in the same tab, for the server's total.
  await customer.waitForURL(new RegExp(`^http://127\\.0\\.0\\.1:${paystackPort}/checkout/`));
  await expect(customer.getByRole('heading', { name: 'Pay with Paystack' })).toBeVisible();
  await expect(customer.getByText('ZAR 57.50')).toBeVisible();
  await customer.screenshot({ path: `${SHOTS}/payments-e2e-paystack-1280.png` });
  // Placed but unpaid: the shop does not have it yet.
  await expect(
    owner.getByText('No orders yet. Orders will appear here when customers place them.'),
  ).toBeVisible();

  await customer.getByRole('button', { name: 'Pay', exact: true }).click();
  await customer.waitForURL(/\/orders(\?|$)/);
  const received = customer.getByRole('status', { name: 'Payment received' });
  await expect(received).toBeVisible();
  // The reference is taken out of the address once verified, so a reload does not verify again.
  await expect(customer).toHaveURL(/\/orders$/);
  const card = customer.getByTestId('order-card');
  await expect(card).toHaveCount(1);
  const orderId = Number(/#(\d+)/.exec((await card.getByRole('heading').first().textContent()) ?? '')?.[1]);
  expect(orderId).toBeGreaterThan(0);
  await expect(received).toContainText(`Order #${orderId} is paid and on its way to ${shop.name}.`);
  const customerCard = customer.getByRole('article', { name: `Order #${orderId}` });
  await expect(customerCard.getByTestId('payment-label')).toHaveText('Paid online');
  await expect(customerCard).toContainText('R57.50');

  // The owner, on the Orders tab all along, sees the paid order arrive without reloading.
  const ownerCard = owner.getByRole('article', { name: `Order #${orderId}` });
  await expect(ownerCard).toBeVisible();
  await expect(ownerCard.getByText('New', { exact: true })).toBeVisible();
  await expect(ownerCard.getByTestId('payment-label')).toHaveText('Paid online');
  await expect(ownerCard).toContainText('R57.50');
  findings.push(...(await shootAndAudit({ 'customer-paid': customer, 'owner-paid': owner }, desktop)));
  findings.push(...(await shootAndAudit({ 'customer-paid': customer, 'owner-paid': owner }, phone)));
  await owner.setViewportSize(desktop);
  await customer.setViewportSize(desktop);

  // The owner cancels it: Paystack takes the refund request, and both sides see it on its way, live.
  await ownerCard.getByRole('button', { name: 'Cancel', exact: true }).click();
  const why = owner.getByRole('dialog', { name: `Cancel order #${orderId}?` });
  await why.getByRole('radio', { name: 'Other' }).check();
  await why.getByLabel('Other reason').fill('Our machine is being repaired');
  await why.getByRole('button', { name: 'Cancel Order' }).click();
  await expect(toastText(owner, 'Order updated')).toBeVisible();
  await expect(ownerCard.getByTestId('payment-label')).toHaveText('Refund on its way');
  await expect(ownerCard).toContainText('Cancelled');
  // No move is left to make (Print stays, for the shop's records).
  await expect(ownerCard.getByRole('button', { name: /Confirm|Cancel|Mark|Complete/ })).toHaveCount(0);

  await expect(toastText(customer, `Order #${orderId} has been cancelled`)).toBeVisible();
  const past = customer.getByRole('region', { name: 'Past Orders' });
  const pastCard = past.getByRole('article', { name: `Order #${orderId}` });
  await expect(pastCard.getByTestId('payment-label')).toHaveText('Refund on its way');
  await expect(pastCard).toContainText('Cancelled');
  findings.push(...(await shootAndAudit({ 'customer-refund': customer, 'owner-refund': owner }, desktop)));
  findings.push(...(await shootAndAudit({ 'customer-refund': customer, 'owner-refund': owner }, phone)));

  // The conversation tells the customer the same, with the amount.
  await customer.goto(`/messages?shop=${shop.id}`);
  await expect(customer.getByTestId('chat-order-status').last()).toContainText(
    `Order #${orderId} was cancelled by the shop: Our machine is being repaired — your R57.50 refund is on its way`,
  );

  expect(findings).toEqual([]);
  await close();
});
