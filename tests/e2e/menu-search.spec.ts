// Search that finds the drink (issue 31): a shop that sells a latte only on its menu is found by 'latte' and says why
// ('Serves: …') on its card and in its map pin's popup; its card says when its pin is only approximate; and what the
// card and popup show follows the owner's changes live.
import { type APIRequestContext, expect, test } from '@playwright/test';
import { call } from '../support/e2e-orders';
import { signInAsNew, uniqueName } from './helpers';

/**
 * Far from the demo shops' cities and from each other (about 80 px apart on a map of the country, more than a group's
 * 48 px reach): each test's shop has a pin of its own, never in a numbered group.
 */
const places = {
  upington: { latitude: -28.4478, longitude: 21.2561, address: 'Schroder Street, Upington' },
  springbok: { latitude: -29.6643, longitude: 17.8865, address: 'Voortrekker Road, Springbok' },
};

/**
 * A new owner's shop whose own words hold no 'latte' (name, description, address), open around the clock, selling a
 * Lavender Latte and a Flat White, its pin a town's centre (approximate).
 */
async function shopSellingALatte(request: APIRequestContext, place: (typeof places)[keyof typeof places]) {
  const owner = uniqueName('owner');
  const registered = await request.post('/api/auth/register', {
    data: { username: owner, email: `${owner}@example.co.za`, password: 'flatwhite', role: 'shop_owner' },
  });
  const { accessToken: token } = (await registered.json()) as { accessToken: string };
  const shop = await call<{ id: number; name: string }>(request, token, 'post', '/api/coffee-shops', {
    name: uniqueName('Kalahari Corner '),
    category: 'artisan',
    ...place,
    locationApproximate: true,
  });
  for (const dayOfWeek of [0, 1, 2, 3, 4, 5, 6])
    await call(request, token, 'post', '/api/business-hours', {
      shopId: shop.id,
      dayOfWeek,
      openTime: '00:00',
      closeTime: '23:59',
      isClosed: false,
    });
  const item = (name: string, price: string) =>
    call<{ id: number }>(request, token, 'post', '/api/menu-items', {
      shopId: shop.id,
      name,
      category: 'coffee',
      price,
      preparationTime: '3-5 mins',
    });
  await item('Lavender Latte', '44.00');
  await item('Flat White', '38.00');
  return { shop, token, item };
}

test.describe('searching Discover for a drink', () => {
  test("'latte' finds a shop that only sells one, whose card says 'Serves: …' and follows its menu live", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { shop, item } = await shopSellingALatte(page.request, places.upington);
    await signInAsNew(page, 'customer');
    await page.goto('/discover');
    await expect(page.getByTestId('shop-card').first()).toBeVisible();

    await page.getByLabel('Search').fill('latte');
    const card = page
      .getByTestId('shop-card')
      .filter({ has: page.getByRole('heading', { name: shop.name }) });
    await expect(card).toHaveCount(1);
    await expect(card.getByText('Serves: Lavender Latte', { exact: true })).toBeVisible();
    await expect(card.getByText('Approximate location', { exact: true })).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: '/tmp/shots/serves-card-390.png' });

    // A shop found by its own words says nothing of its menu: its words are on the card already.
    const answer = (await (await page.request.get('/api/coffee-shops?search=latte')).json()) as {
      name: string;
      matchedItems?: string[];
    }[];
    const byOwnWords = answer.find((found) => !found.matchedItems);
    if (byOwnWords) {
      const other = page
        .getByTestId('shop-card')
        .filter({ has: page.getByRole('heading', { name: byOwnWords.name, exact: true }) });
      await expect(other).toBeVisible();
      await expect(other.getByTestId('serves')).toHaveCount(0);
    }

    // The owner adds a second latte: the card, watching its shop, asks the search again and names it too.
    await item('Honey Latte', '46.00');
    await expect(card.getByText('Serves: Lavender Latte, Honey Latte', { exact: true })).toBeVisible();
  });

  test("the map pin's popup says 'Serves: …' too, and follows a pause live while it is open", async ({
    page,
  }) => {
    const { shop, token } = await shopSellingALatte(page.request, places.springbok);
    await signInAsNew(page, 'customer');
    await page.goto('/discover');
    await page.getByLabel('Search').fill('latte');
    await expect(page.getByTestId('shop-card').filter({ hasText: shop.name })).toHaveCount(1);

    await page.getByRole('tab', { name: 'Map' }).click();
    const map = page.getByRole('region', { name: 'Map of coffee shops' });
    await map.getByRole('button', { name: shop.name, exact: true }).click();
    const popup = map.locator('.leaflet-popup');
    await expect(popup.getByText('Serves: Lavender Latte', { exact: true })).toBeVisible();
    await expect(popup.getByText('Approximate location', { exact: true })).toBeVisible();
    await expect(popup.getByTestId('open-now')).toHaveText(/^Open now/);

    // The list's cards are gone in the Map view: the open popup is what watches the shop.
    await expect(page.getByTestId('shop-card')).toHaveCount(0);
    await call(page.request, token, 'put', `/api/coffee-shops/${shop.id}`, { acceptingOrders: false });
    await expect(popup.getByTestId('open-now')).toHaveText('Not taking orders right now');
  });
});
