// The maps (issue 31): Discover's Map view with pins on tiles from the local tile server, 'Search this area', a pin's
// popup leading to the shop; the shop page's map with Directions; and no Leaflet on the list until Map is chosen.
import { expect, type Page, test } from '@playwright/test';
import { signInAsNew, uniqueName } from './helpers';

/** The fake tile server the browser suite's server starts on its port + 5 (tests/support/fake-tiles.ts). */
const tilePort = Number(process.env.E2E_PORT ?? 5099) + 5;

/** The tiles the tile server has sent so far, as 'z/x/y' (to every test of the run). */
async function servedTiles(): Promise<string[]> {
  return (await (await fetch(`http://127.0.0.1:${tilePort}/__served`)).json()) as string[];
}

/** Every URL the page asks for, from now on. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

const isTile = (url: string) => url.startsWith(`http://127.0.0.1:${tilePort}/`);
const isLeafletScript = (url: string) => /\/assets\/leaflet[^/]*\.js$/.test(url);

interface ListedShop {
  id: number;
  name: string;
  latitude: string | null;
  longitude: string | null;
}

async function shopNamed(page: Page, name: string): Promise<ListedShop> {
  const response = await page.request.get(`/api/coffee-shops?search=${encodeURIComponent(name)}`);
  const shop = ((await response.json()) as ListedShop[]).find((each) => each.name === name);
  if (!shop) throw new Error(`no shop named ${name}`);
  return shop;
}

async function openMapView(page: Page) {
  await page.getByRole('tab', { name: 'Map' }).click();
  const map = page.getByRole('region', { name: 'Map of coffee shops' });
  await expect(map).toBeVisible();
  await expect(map.locator('.leaflet-tile-loaded').first()).toBeVisible();
  // Whole in the window: the mouse gestures of the tests land on the map, not beside it.
  await map.scrollIntoViewIfNeeded();
  return map;
}

test.describe('a coffee lover on the map', () => {
  test.use({ geolocation: { latitude: -26.1929, longitude: 28.0336 }, permissions: ['geolocation'] });

  test('the list loads no map; Map shows pins on tiles from the tile server, and is remembered', async ({
    page,
  }) => {
    const requests = recordRequests(page);
    await signInAsNew(page, 'customer');
    await page.goto('/discover');
    await expect(page.getByTestId('shop-card').first()).toBeVisible();
    await expect(page.getByRole('tab', { name: 'List' })).toHaveAttribute('aria-selected', 'true');
    await page.waitForLoadState('networkidle');
    expect(requests.filter(isLeafletScript)).toEqual([]);
    expect(requests.filter(isTile)).toEqual([]);
    await expect(page.locator('.leaflet-container')).toHaveCount(0);

    const servedBefore = (await servedTiles()).length;
    const map = await openMapView(page);
    expect(requests.filter(isLeafletScript).length).toBeGreaterThan(0);
    // The tiles came from MAP_TILE_URL: the page asked the tile server, and the server counts them as served.
    const tilesAsked = requests.filter(isTile);
    expect(tilesAsked.length).toBeGreaterThan(0);
    expect((await servedTiles()).length).toBeGreaterThan(servedBefore);
    // The demo shops are in four cities: seen from far, each city's pins are one numbered group.
    await expect(map.getByRole('button', { name: /coffee shops, zoom in$/ }).first()).toBeVisible();
    await expect(page.getByTestId('shop-card')).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole('tab', { name: 'Map' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('region', { name: 'Map of coffee shops' })).toBeVisible();
  });

  test('the switch is a tab list: arrow keys move between List and Map', async ({ page }) => {
    await signInAsNew(page, 'customer');
    await page.goto('/discover');
    await page.getByRole('tab', { name: 'List' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Map' })).toBeFocused();
    await expect(page.getByRole('region', { name: 'Map of coffee shops' })).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByTestId('shop-card').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Map of coffee shops' })).toHaveCount(0);
  });

  test('moving the map offers Search this area, which asks for the shops inside it', async ({ page }) => {
    await signInAsNew(page, 'customer');
    await page.goto('/discover');
    const map = await openMapView(page);
    const searchArea = page.getByRole('button', { name: 'Search this area' });
    await expect(searchArea).toBeHidden();

    // Into one city by its group, then a drag to the side: both are the customer moving the map.
    await map
      .getByRole('button', { name: /coffee shops, zoom in$/ })
      .first()
      .click();
    await expect(searchArea).toBeVisible();
    const box = (await map.boundingBox())!;
    const middle = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await page.mouse.move(middle.x, middle.y);
    await page.mouse.down();
    await page.mouse.move(middle.x + 60, middle.y + 30, { steps: 5 });
    await page.mouse.up();

    const asked = page.waitForResponse(
      (response) => response.url().includes('/api/coffee-shops?') && response.url().includes('minLatitude='),
    );
    await searchArea.click();
    const response = await asked;
    expect(response.status()).toBe(200);
    const query = new URL(response.url()).searchParams;
    expect(query.get('limit')).toBe('500');
    const [minLatitude, maxLatitude, minLongitude, maxLongitude] = [
      'minLatitude',
      'maxLatitude',
      'minLongitude',
      'maxLongitude',
    ].map((name) => Number(query.get(name)));
    expect(minLatitude).toBeLessThan(maxLatitude!);
    expect(minLongitude).toBeLessThan(maxLongitude!);
    // A city, not the country: the area is what the map showed.
    expect(maxLongitude! - minLongitude!).toBeLessThan(2);
    const shops = (await response.json()) as ListedShop[];
    expect(shops.length).toBeGreaterThan(0);
    for (const shop of shops) {
      expect(Number(shop.latitude)).toBeGreaterThanOrEqual(minLatitude!);
      expect(Number(shop.latitude)).toBeLessThanOrEqual(maxLatitude!);
      expect(Number(shop.longitude)).toBeGreaterThanOrEqual(minLongitude!);
      expect(Number(shop.longitude)).toBeLessThanOrEqual(maxLongitude!);
    }
    await expect(searchArea).toBeHidden();
    await expect(map.locator('.leaflet-marker-icon').first()).toBeVisible();

    // A new search is about all the shops again: the map leaves the area for the list's answer, wherever it is.
    await page.getByLabel('Search').fill('Father Coffee');
    await expect(map.getByRole('button', { name: 'Father Coffee', exact: true })).toBeVisible();
  });

  test('an area without shops says so', async ({ page }) => {
    await signInAsNew(page, 'customer');
    await page.goto('/discover');
    const map = await openMapView(page);
    // The first view is centred between the cities, in the Karoo: zoomed in there (the mouse wheel), no pin is left.
    const box = (await map.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -1500);
    await expect(map.locator('.leaflet-marker-icon')).toHaveCount(0);
    await page.getByRole('button', { name: 'Search this area' }).click();
    await expect(page.getByText('No coffee shops in this area')).toBeVisible();
  });

  test("a pin's popup has the shop's essentials, and View menu opens its page", async ({ page }) => {
    await signInAsNew(page, 'customer');
    await page.goto('/discover');
    await page.getByRole('button', { name: 'Find Near Me' }).click();
    await page.getByLabel('Search').fill('Father Coffee');
    await expect(page.getByTestId('shop-card')).toHaveCount(1);
    const map = await openMapView(page);
    // The customer's own position is on the map too.
    await expect(map.locator('.bc-you')).toBeVisible();

    await map.getByRole('button', { name: 'Father Coffee', exact: true }).click();
    const popup = map.locator('.leaflet-popup');
    await expect(popup).toBeVisible();
    await expect(popup).toContainText('Father Coffee');
    await expect(popup).toContainText('reviews');
    await expect(popup).toContainText('m away');
    await expect(popup).not.toContainText('Approximate location');
    await popup.getByRole('link', { name: 'View menu' }).click();
    const father = await shopNamed(page, 'Father Coffee');
    await expect(page).toHaveURL(`/shops/${father.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Father Coffee' })).toBeVisible();
  });
});

test.describe('a shop page', () => {
  test('shows a small map with its pin, and Directions to it from the button and the address', async ({
    page,
  }) => {
    await signInAsNew(page, 'customer');
    const truth = await shopNamed(page, 'Truth Coffee Roasting');
    await page.goto(`/shops/${truth.id}`);
    const map = page.getByRole('region', { name: 'Map of Truth Coffee Roasting' });
    await expect(map.locator('.leaflet-tile-loaded').first()).toBeVisible();
    await expect(map.locator('.bc-pin')).toBeVisible();

    const directions = `https://www.google.com/maps/dir/?api=1&destination=${Number(truth.latitude)},${Number(truth.longitude)}`;
    const button = page.getByRole('link', { name: 'Directions', exact: true });
    await expect(button).toHaveAttribute('href', directions);
    await expect(button).toHaveAttribute('target', '_blank');
    await expect(button).toHaveAttribute('rel', /noopener/);
    await expect(page.getByRole('link', { name: /directions, opens in a new tab/ })).toHaveAttribute(
      'href',
      directions,
    );
    await expect(page.getByText('Approximate location')).toHaveCount(0);
  });

  test('an approximate pin says so on the map popup and on the page; a shop without one has no map', async ({
    page,
  }) => {
    const { accessToken } = await signInAsNew(page, 'shop_owner');
    const name = uniqueName('Soweto Brew ');
    const headers = { authorization: `Bearer ${accessToken}` };
    const approximate = await page.request.post('/api/coffee-shops', {
      headers,
      data: {
        name,
        category: 'artisan',
        address: 'Vilakazi Street, Soweto',
        latitude: -26.2385,
        longitude: 27.9085,
        locationApproximate: true,
      },
    });
    expect(approximate.status()).toBe(201);
    const { id } = (await approximate.json()) as { id: number };
    const unplaced = await page.request.post('/api/coffee-shops', {
      headers,
      // An address the fake geocoder never finds (tests/support/fake-nominatim.ts): the shop has no pin.
      data: { name: `${name} Cart`, category: 'artisan', address: '1 Atlantis Road' },
    });
    expect(unplaced.status()).toBe(201);
    const unplacedShop = (await unplaced.json()) as { id: number; latitude: string | null };
    expect(unplacedShop.latitude).toBeNull();

    await page.evaluate(() => localStorage.removeItem('token'));
    await signInAsNew(page, 'customer');
    await page.goto('/discover');
    await page.getByLabel('Search').fill(name);
    await expect(page.getByTestId('shop-card')).toHaveCount(2);
    const map = await openMapView(page);
    await map.getByRole('button', { name, exact: true }).click();
    await expect(map.locator('.leaflet-popup')).toContainText('Approximate location');

    await page.goto(`/shops/${id}`);
    await expect(page.getByRole('region', { name: `Map of ${name}` })).toBeVisible();
    await expect(page.getByText('Approximate location')).toBeVisible();

    await page.goto(`/shops/${unplacedShop.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `${name} Cart` })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Directions', exact: true })).toHaveCount(0);
    await expect(page.locator('.leaflet-container')).toHaveCount(0);
  });
});
