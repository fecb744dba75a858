// Browser-suite helpers: sign in as a demo user through the UI, read sign-up codes, steer the fake geocoder.
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';

export const DEMO_PASSWORD = 'coffee123';
export const customerEmail = 'thandi@demo.brewconnect.co.za';
export const ownerEmail = 'johan@demo.brewconnect.co.za';

const port = Number(process.env.E2E_PORT ?? 5099);

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/(discover|dashboard)$/);
}

export async function readCode(email: string): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port + 1}/code?to=${encodeURIComponent(email)}`);
  if (!response.ok) throw new Error(`no code for ${email}: ${await response.text()}`);
  return ((await response.json()) as { code: string }).code;
}

export async function setGeocoderMode(mode: 'found' | 'empty' | 'fail') {
  await fetch(`http://127.0.0.1:${port + 2}/__mode/${mode}`, { method: 'POST' });
}

export function uniqueName(prefix: string) {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** A toast's title or text, as shown (Radix also repeats it for screen readers, hence exact). */
export function toastText(page: Page, text: string) {
  return page.getByText(text, { exact: true });
}

/**
 * Registers a fresh account through the API and signs the page in with its token. The account's email is confirmed
 * with the code mailed to it (issue 32), as a real person would soon do, unless `confirmed` is false.
 */
export async function signInAsNew(
  page: Page,
  role: 'customer' | 'shop_owner',
  name = uniqueName(role === 'customer' ? 'lover' : 'owner'),
  { confirmed = true }: { confirmed?: boolean } = {},
) {
  const email = `${name}@example.co.za`;
  const response = await page.request.post('/api/auth/register', {
    data: { username: name, email, password: 'flatwhite', role },
  });
  if (!response.ok()) throw new Error(`register failed: ${response.status()} ${await response.text()}`);
  const { accessToken } = (await response.json()) as { accessToken: string };
  if (confirmed) {
    const confirm = await page.request.post('/api/auth/confirm-email', {
      data: { code: await readCode(email) },
      headers: { authorization: `Bearer ${accessToken}` },
    });
    if (!confirm.ok()) throw new Error(`confirm-email failed: ${confirm.status()} ${await confirm.text()}`);
  }
  await page.goto('/terms');
  await page.evaluate((token) => localStorage.setItem('token', token), accessToken);
  return { name, accessToken };
}

/**
 * An owner and a customer, each in a browser of their own, and a way to close both. `options` go to both contexts
 * (bypassCSP for axe: the app's policy, script-src 'self', would refuse the injected script).
 */
export async function ownerAndCustomer(browser: Browser, options: BrowserContextOptions = {}) {
  const contexts = [await browser.newContext(options), await browser.newContext(options)] as const;
  const [owner, customer] = await Promise.all(contexts.map((context) => context.newPage()));
  return {
    owner: owner!,
    customer: customer!,
    close: () => Promise.all(contexts.map((context) => context.close())),
  };
}
