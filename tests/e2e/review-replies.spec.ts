// Owners answer reviews (issue 29), in the browser: the owner replies from the dashboard's 'Reviews waiting for a
// reply' and under a review on the shop page, edits a reply; a signed-out visitor reads the replies, the star counts,
// the reviews sorted and the second page behind 'Show more'. Customers review through the API, as the dialog would.
import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { ownerAndCustomer, readCode, signInAsNew, toastText, uniqueName } from './helpers';

const SHOTS = '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });
const desktop = { width: 1280, height: 900 };
const phone = { width: 390, height: 844 };

/** A customer registered and confirmed by API (an unconfirmed account may not review a shop it never ordered at). */
async function apiCustomer(request: APIRequestContext): Promise<string> {
  const name = uniqueName('lover');
  const email = `${name}@example.co.za`;
  const response = await request.post('/api/auth/register', {
    data: { username: name, email, password: 'flatwhite', role: 'customer' },
  });
  if (!response.ok()) throw new Error(`register failed: ${response.status()} ${await response.text()}`);
  const { accessToken } = (await response.json()) as { accessToken: string };
  const confirmed = await request.post('/api/auth/confirm-email', {
    data: { code: await readCode(email) },
    headers: { authorization: `Bearer ${accessToken}` },
  });
  if (!confirmed.ok()) throw new Error(`confirm failed: ${confirmed.status()} ${await confirmed.text()}`);
  return accessToken;
}

async function apiPost<T>(request: APIRequestContext, token: string, url: string, data: unknown): Promise<T> {
  const response = await request.post(url, { headers: { authorization: `Bearer ${token}` }, data });
  if (!response.ok()) throw new Error(`POST ${url}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Eleven reviews, one per new customer, written one after another so the newest-first order is theirs: five 5s,
 * three 4s and one each of 3, 2 and 1 (a mean of 3.9). The last, the newest, is 'Lovely crema'.
 */
const reviewsToWrite: [number, string | null][] = [
  [5, 'Best flat white on Bree Street'],
  [4, 'Good, a little slow at eight'],
  [5, null],
  [3, 'Fine coffee, noisy inside'],
  [5, 'Friendly baristas'],
  [4, 'Nice pastries'],
  [2, 'Milk was too hot'],
  [5, 'Worth the queue'],
  [1, 'Cold and bitter today'],
  [4, 'Solid espresso'],
  [5, 'Lovely crema'],
];

async function reviewedShop(request: APIRequestContext, ownerToken: string) {
  const shop = await apiPost<{ id: number; name: string }>(request, ownerToken, '/api/coffee-shops', {
    name: uniqueName('Reply Roasters '),
    category: 'specialty',
    address: '12 Bree Street, Cape Town',
  });
  const customers = await Promise.all(reviewsToWrite.map(() => apiCustomer(request)));
  for (const [index, [rating, comment]] of reviewsToWrite.entries())
    await apiPost(request, customers[index]!, '/api/reviews', { shopId: shop.id, rating, comment });
  return shop;
}

const reviewList = (page: Page) => page.getByRole('list', { name: 'Reviews', exact: true });
const reviewWith = (page: Page, text: string) =>
  reviewList(page).getByRole('listitem').filter({ hasText: text });
const histogramRow = (page: Page, stars: string) =>
  page.getByRole('list', { name: 'Ratings by stars' }).getByRole('listitem').filter({ hasText: stars });

/**
 * Both widths: the whole page; or one part of it (`part`); or, with `around`, the screen as it is with that part
 * scrolled into view (a part's own picture would show the sticky navigation bar over it where the page scrolled).
 */
async function screenshots(page: Page, name: string, where: { part?: Locator; around?: Locator } = {}) {
  for (const [label, size] of [
    ['1280', desktop],
    ['390', phone],
  ] as const) {
    await page.setViewportSize(size);
    const path = `${SHOTS}/${name}-${label}.png`;
    if (where.part) await where.part.screenshot({ path });
    else if (where.around) {
      await where.around.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await page.screenshot({ path });
    } else await page.screenshot({ path, fullPage: true });
  }
  await page.setViewportSize(desktop);
}

test('an owner replies to reviews from the dashboard and the shop page, and a visitor reads them with the star counts', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { owner, customer: visitor, close } = await ownerAndCustomer(browser);
  try {
    await owner.setViewportSize(desktop);
    await visitor.setViewportSize(desktop);
    const { accessToken } = await signInAsNew(owner, 'shop_owner');
    const shop = await reviewedShop(owner.request, accessToken);

    // The dashboard lists the eleven reviews waiting, the newest first; the owner answers it in place.
    await owner.goto('/dashboard');
    const waiting = owner.getByRole('region', { name: /Reviews waiting for a reply/ });
    await expect(waiting.getByRole('heading')).toHaveText('Reviews waiting for a reply (11)');
    const waitingList = waiting.getByRole('list', { name: 'Reviews waiting for a reply' });
    await expect(waitingList.getByRole('listitem')).toHaveCount(3);
    await expect(waitingList.getByRole('listitem').first()).toContainText('Lovely crema');
    await expect(waitingList.getByRole('listitem').first()).toContainText(shop.name);
    await screenshots(owner, 'review-replies-dashboard', { part: waiting });
    await waitingList
      .getByRole('listitem')
      .first()
      .getByRole('button', { name: /^Reply/ })
      .click();
    await waiting.getByLabel('Your reply').fill('Thank you! The crema is our pride.');
    await waiting.getByRole('button', { name: 'Save' }).click();
    await expect(toastText(owner, 'Reply posted')).toBeVisible();
    await expect(waitingList.getByRole('listitem').first()).toContainText('Solid espresso');
    await expect(waiting.getByRole('heading')).toHaveText('Reviews waiting for a reply (10)');

    // On the shop page the owner answers another review under it, then edits the answer.
    await owner.goto(`/shops/${shop.id}`);
    await expect(reviewWith(owner, 'Lovely crema')).toContainText('Response from the owner');
    const milk = reviewWith(owner, 'Milk was too hot');
    await milk.getByRole('button', { name: /^Reply/ }).click();
    // An empty reply is refused before it is sent.
    await milk.getByRole('button', { name: 'Save' }).click();
    await expect(milk.getByRole('alert')).toHaveText('Please write a reply before saving.');
    await milk.getByLabel('Your reply').fill('Sorry! We have retrained the steam wand team.');
    await screenshots(owner, 'review-replies-owner-form', { around: milk });
    await milk.getByRole('button', { name: 'Save' }).click();
    await expect(milk).toContainText('Response from the owner');
    await expect(milk).toContainText('Sorry! We have retrained the steam wand team.');
    await milk.getByRole('button', { name: /^Edit reply/ }).click();
    await milk.getByLabel('Edit your reply').fill('Sorry! Next flat white is on us.');
    await milk.getByRole('button', { name: 'Save' }).click();
    await expect(toastText(owner, 'Reply updated')).toBeVisible();
    await expect(milk).toContainText('Sorry! Next flat white is on us.');
    await expect(milk.getByRole('button', { name: /^Delete reply/ })).toBeVisible();

    // A signed-out visitor reads both replies, the counts of each star and the mean, and no reply buttons.
    await visitor.goto(`/shops/${shop.id}`);
    await expect(visitor.getByRole('region', { name: 'Reviews' })).toContainText('3.9');
    await expect(visitor.getByText('11 reviews', { exact: true })).toBeVisible();
    for (const [stars, count] of [
      ['5 stars', '5'],
      ['4 stars', '3'],
      ['3 stars', '1'],
      ['2 stars', '1'],
      ['1 star', '1'],
    ] as const)
      await expect(histogramRow(visitor, stars)).toHaveText(
        `${stars}${count} ${count === '1' ? 'review' : 'reviews'}`,
      );
    await expect(reviewWith(visitor, 'Lovely crema')).toContainText('Response from the owner · ');
    await expect(reviewWith(visitor, 'Lovely crema')).toContainText('Thank you! The crema is our pride.');
    await expect(reviewWith(visitor, 'Milk was too hot')).toContainText('Sorry! Next flat white is on us.');
    await expect(visitor.getByRole('button', { name: /^(Reply|Edit reply|Delete reply)/ })).toHaveCount(0);

    // Ten at a time: the oldest review is on the second page.
    await expect(reviewList(visitor).getByRole('listitem')).toHaveCount(10);
    await expect(visitor.getByText('Showing 10 of 11')).toBeVisible();
    await screenshots(visitor, 'review-replies-shop');
    await screenshots(visitor, 'review-replies-summary', {
      around: visitor.getByRole('list', { name: 'Ratings by stars' }),
    });
    await visitor.getByRole('button', { name: 'Show more reviews' }).click();
    await expect(reviewList(visitor).getByRole('listitem')).toHaveCount(11);
    await expect(reviewList(visitor).getByRole('listitem').last()).toContainText(
      'Best flat white on Bree Street',
    );
    await expect(visitor.getByRole('button', { name: 'Show more reviews' })).toHaveCount(0);

    // Sorted lowest first, the 1-star review leads; highest first, a 5-star one.
    await visitor.getByLabel('Sort by').selectOption('Lowest');
    await expect(reviewList(visitor).getByRole('listitem').first()).toContainText('Cold and bitter today');
    await visitor.getByLabel('Sort by').selectOption('Highest');
    await expect(reviewList(visitor).getByRole('listitem').first()).toContainText('Lovely crema');
  } finally {
    await close();
  }
});

test('a shop without reviews says so and shows no star counts', async ({ page }) => {
  const { accessToken } = await signInAsNew(page, 'shop_owner');
  const shop = await apiPost<{ id: number }>(page.request, accessToken, '/api/coffee-shops', {
    name: uniqueName('Quiet Cafe '),
    category: 'artisan',
    address: '3 Loop Street, Cape Town',
  });
  await page.goto(`/shops/${shop.id}`);
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await expect(reviews).toContainText('No reviews yet. Be the first to leave one.');
  await expect(page.getByRole('list', { name: 'Ratings by stars' })).toHaveCount(0);
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: /Reviews waiting for a reply/ })).toContainText(
    'No reviews are waiting for a reply.',
  );
});
