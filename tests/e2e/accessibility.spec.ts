// Accessibility (issue 13 item 3): axe-core, injected into the page, finds no serious or critical violation on any
// route or dialog, signed out, as a customer and as an owner, at 1280×800 and 390×844. One browser; each
// role and width is one context, signed in through localStorage's token from an API sign-in (not the form).
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { openShopWithMenu, placeOrder, setMenuItemAvailable } from '../support/e2e-orders';
import {
  customerEmail,
  DEMO_PASSWORD,
  ownerAndCustomer,
  ownerEmail,
  signInAsNew,
  uniqueName,
} from './helpers';

const axePath = path.resolve('node_modules/axe-core/axe.min.js');
const widths = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;
type Role = 'visitor' | 'customer' | 'owner';

interface Finding {
  where: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Runs axe on what the page shows now; returns its serious and critical violations, labelled with where. */
async function audit(page: Page, where: string): Promise<Finding[]> {
  await page.waitForLoadState('networkidle');
  // Let entrance animations (dialogs, toasts) finish: axe measures the colours as painted.
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        rule: violation.id,
        impact: violation.impact ?? '',
        help: violation.help,
        targets: violation.nodes.map(
          (node) =>
            `${node.target.join(' ')}${node.failureSummary ? ` — ${node.failureSummary.split('\n')[1] ?? ''}` : ''}`,
        ),
      }));
  });
  return violations.map((violation) => ({ where, ...violation }));
}

function report(findings: Finding[]) {
  return findings
    .map(
      (finding) =>
        `${finding.where}: [${finding.impact}] ${finding.rule} (${finding.help})\n${finding.targets
          .slice(0, 8)
          .map((target) => `    ${target}`)
          .join('\n')}`,
    )
    .join('\n');
}

async function signedInPage(browser: Browser, role: Role, viewport: { width: number; height: number }) {
  // bypassCSP: the app's policy (script-src 'self') would refuse the injected axe script.
  const context = await browser.newContext({
    viewport,
    baseURL: test.info().project.use.baseURL,
    bypassCSP: true,
  });
  const page = await context.newPage();
  if (role !== 'visitor') {
    const response = await page.request.post('/api/auth/login', {
      data: { email: role === 'customer' ? customerEmail : ownerEmail, password: DEMO_PASSWORD },
    });
    expect(response.ok()).toBe(true);
    const { accessToken } = (await response.json()) as { accessToken: string };
    await page.goto('/terms');
    await page.evaluate((token) => localStorage.setItem('token', token), accessToken);
  }
  return { context, page };
}

/** Opens a dialog with the button, audits it, closes it with Escape. Skips nothing silently: the button must exist. */
async function auditDialog(
  page: Page,
  opener: ReturnType<Page['getByRole']>,
  where: string,
  check: (page: Page, where: string) => Promise<Finding[]> = audit,
) {
  await opener.click();
  const dialog = page.getByRole('dialog').last();
  await expect(dialog).toBeVisible();
  const findings = await check(page, where);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  return findings;
}

/**
 * Audits what the page shows at each width, desktop first, and leaves it at desktop: one visit (its sign-in, its
 * navigation, its wait for the network to settle) serves both widths, as a person turning a tablet would see it.
 */
async function auditAtBothWidths(page: Page, where: string): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const { name, viewport } of widths) {
    await page.setViewportSize(viewport);
    findings.push(...(await audit(page, `${where} (${name})`)));
  }
  await page.setViewportSize(widths[0].viewport);
  return findings;
}

async function firstShopId(page: Page) {
  const response = await page.request.get('/api/coffee-shops');
  const shops = (await response.json()) as { id: number }[];
  return shops[0]!.id;
}

// Three independent audits, one per role, each at both widths: the suite's two workers may share them.
test.describe.configure({ mode: 'parallel' });

const routes = [
  '/',
  '/auth',
  '/login',
  '/register',
  '/forgot-password',
  '/discover',
  '/messages',
  '/favorites',
  '/orders',
  '/dashboard',
  '/settings',
  '/terms',
  '/privacy',
  '/no-such-page',
];

for (const role of ['visitor', 'customer', 'owner'] as const) {
  test(`axe finds no serious or critical violation on any route or dialog: ${role}, at 1280 and 390 px`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const { context, page } = await signedInPage(browser, role, widths[0].viewport);
    const findings: Finding[] = [];
    const shopId = await firstShopId(page);
    for (const route of [...routes, `/shops/${shopId}`]) {
      await page.goto(route);
      // Signed-in users are sent on from the sign-in pages; what they land on is audited under its own name.
      findings.push(
        ...(await auditAtBothWidths(page, `${role} ${route} (at ${new URL(page.url()).pathname})`)),
      );
    }

    if (role === 'visitor') {
      await page.goto('/');
      for (const title of ['How It Works', 'Privacy Policy', 'Terms of Service']) {
        findings.push(
          ...(await auditDialog(
            page,
            page.getByRole('button', { name: title }),
            `${role} / ${title}`,
            auditAtBothWidths,
          )),
        );
      }
    }
    if (role === 'customer') {
      await page.goto('/discover');
      findings.push(
        ...(await auditDialog(
          page,
          page.getByRole('button', { name: 'Leave Review' }).first(),
          `${role} /discover Leave Review`,
          auditAtBothWidths,
        )),
      );
      // Discover's Map view (issue 31): the pins, the groups and Leaflet's own controls.
      await page.getByRole('tab', { name: 'Map' }).click();
      await expect(page.locator('.leaflet-tile-loaded').first()).toBeVisible();
      findings.push(...(await auditAtBothWidths(page, `${role} /discover Map view`)));
    }
    if (role === 'owner') {
      await page.goto('/dashboard');
      for (const tab of ['Orders', 'Messages', 'Promotions', 'Loyalty', 'Overview']) {
        await page.getByRole('tab', { name: tab }).click();
        findings.push(...(await auditAtBothWidths(page, `${role} /dashboard ${tab} tab`)));
      }
      findings.push(
        ...(await auditDialog(
          page,
          page.getByRole('button', { name: 'Add Another Shop' }),
          `${role} /dashboard Add Another Shop`,
          auditAtBothWidths,
        )),
      );
      for (const action of ['Promote', 'Edit', 'Menu', 'Hours', 'Analytics']) {
        findings.push(
          ...(await auditDialog(
            page,
            page.getByRole('button', { name: action, exact: true }).first(),
            `${role} /dashboard ${action}`,
            auditAtBothWidths,
          )),
        );
      }
    }
    await context.close();
    expect(findings, `axe violations:\n${report(findings)}`).toEqual([]);
  });
}

// Issue 32: the places a first week of use found wanting, at both widths: an open conversation (the times and
// previews' contrast, the scrolling log reachable by keyboard), and the owner's Menu dialog with a sold-out item.
for (const { name, viewport } of widths) {
  test(`axe finds nothing serious in an open conversation or a Menu dialog with a sold-out item: ${name}`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const findings: Finding[] = [];
    const { context, page } = await signedInPage(browser, 'customer', viewport);
    const conversations = await page.request.get('/api/messages/conversations', {
      headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` },
    });
    const [first] = (await conversations.json()) as { shop: { id: number } }[];
    expect(first, 'the demo customer has a conversation').toBeDefined();
    await page.goto(`/messages?shop=${first!.shop.id}`);
    const log = page.getByRole('log', { name: 'Messages' });
    await expect(log.locator('p').first()).toBeVisible();
    findings.push(...(await audit(page, `customer ${name} /messages open conversation`)));
    // The log takes the keyboard, so a long conversation can be scrolled without a mouse.
    await log.focus();
    await expect(log).toBeFocused();
    await context.close();

    const ownerContext = await browser.newContext({
      viewport,
      baseURL: test.info().project.use.baseURL,
      bypassCSP: true,
    });
    const owner = await ownerContext.newPage();
    const { accessToken } = await signInAsNew(owner, 'shop_owner');
    const { menu } = await openShopWithMenu(owner.request, accessToken, uniqueName('Audit '), [
      { name: 'Flat White', price: '32.00' },
      { name: 'Lemon Tart', price: '38.00' },
    ]);
    await setMenuItemAvailable(owner.request, accessToken, menu[1]!.id, false);
    await owner.goto('/dashboard');
    findings.push(
      ...(await auditDialog(
        owner,
        owner.getByRole('button', { name: 'Menu', exact: true }).first(),
        `owner ${name} Menu dialog with a sold-out item`,
      )),
    );
    await ownerContext.close();
    expect(findings, `axe violations:\n${report(findings)}`).toEqual([]);
  });
}

// Issue 32, the rest: the orders board, both sides' Cancel dialogs on a pending order (the shop's with 'Other' and
// its error showing), the confirm-email banner of an account made with POST /api/auth/register (unconfirmed), the
// Delete account dialog, and the Edit dialog's Payments tab; at both widths.
for (const { name, viewport } of widths) {
  test(`axe finds nothing serious on the board, the Cancel dialogs, the confirm-email banner, Delete account or Payments: ${name}`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const findings: Finding[] = [];
    const { owner, customer, close } = await ownerAndCustomer(browser, {
      viewport,
      baseURL: test.info().project.use.baseURL,
      bypassCSP: true,
    });
    const { accessToken: ownerToken } = await signInAsNew(owner, 'shop_owner');
    const { shop, menu } = await openShopWithMenu(owner.request, ownerToken, uniqueName('Audit '), [
      { name: 'Flat White', price: '32.00' },
    ]);
    const { accessToken: customerToken } = await signInAsNew(customer, 'customer', undefined, {
      confirmed: false,
    });
    const order = await placeOrder(customer.request, customerToken, shop.id, [
      { menuItemId: menu[0]!.id, quantity: 1 },
    ]);

    // The customer: the banner on their orders, the Cancel dialog of the pending one, Delete account.
    await customer.goto('/orders');
    await expect(customer.getByRole('region', { name: 'Confirm your email' })).toBeVisible();
    const card = customer.getByRole('article', { name: `Order #${order.id}` });
    await expect(card).toBeVisible();
    findings.push(...(await audit(customer, `customer ${name} /orders with the confirm-email banner`)));
    findings.push(
      ...(await auditDialog(
        customer,
        card.getByRole('button', { name: 'Cancel' }),
        `customer ${name} /orders Cancel dialog`,
      )),
    );
    await customer.goto('/settings');
    findings.push(
      ...(await auditDialog(
        customer,
        customer.getByRole('button', { name: 'Delete my account' }),
        `customer ${name} /settings Delete my account`,
      )),
    );

    // The owner: the board with the order on it, the Orders tab's Cancel dialog, the Edit dialog's Payments.
    await owner.goto(`/dashboard/board?shop=${shop.id}`);
    await expect(owner.getByRole('article', { name: `Order #${order.id}` })).toBeVisible();
    findings.push(...(await audit(owner, `owner ${name} /dashboard/board`)));

    await owner.goto('/dashboard');
    await owner.getByRole('tab', { name: 'Orders' }).click();
    await owner
      .getByRole('article', { name: `Order #${order.id}` })
      .getByRole('button', { name: 'Cancel' })
      .click();
    const cancel = owner.getByRole('dialog', { name: `Cancel order #${order.id}?` });
    await cancel.getByRole('radio', { name: 'Other' }).check();
    await cancel.getByRole('button', { name: 'Cancel Order' }).click();
    await expect(cancel.getByRole('alert')).toBeVisible();
    findings.push(...(await audit(owner, `owner ${name} /dashboard Orders tab Cancel dialog`)));
    await owner.keyboard.press('Escape');
    await expect(cancel).toBeHidden();

    await owner.getByRole('tab', { name: 'Overview' }).click();
    await owner.getByRole('button', { name: 'Edit', exact: true }).first().click();
    const edit = owner.getByRole('dialog', { name: 'Edit Coffee Shop' });
    await edit.getByRole('tab', { name: 'Payments' }).click();
    await expect(edit.getByRole('heading', { name: 'Bank account' })).toBeVisible();
    findings.push(...(await audit(owner, `owner ${name} /dashboard Edit Payments tab`)));
    await owner.keyboard.press('Escape');
    await expect(edit).toBeHidden();

    await close();
    expect(findings, `axe violations:\n${report(findings)}`).toEqual([]);
  });
}
