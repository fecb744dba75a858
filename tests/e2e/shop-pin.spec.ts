// Pins owners can trust (issue 31): in the create and edit dialogs the looked-up address shows on a map, the
// owner drags the pin or taps the map, and an address that is not found never saves a shop without a location
// unasked. The fake Nominatim finds 'kloof street' (a street), 'soweto' (a suburb's centre) and never 'zzyzx'.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { signInAsNew, toastText, uniqueName } from './helpers';

interface SavedShop {
  id: number;
  name: string;
  latitude: string | null;
  longitude: string | null;
  locationApproximate: boolean;
}

async function openCreateDialog(page: Page) {
  const { accessToken } = await signInAsNew(page, 'shop_owner');
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Add Coffee Shop' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Coffee Shop' });
  const name = uniqueName('Pin Cafe ');
  await dialog.getByLabel('Shop Name').fill(name);
  await dialog.getByLabel('Category').selectOption('specialty');
  return { dialog, name, accessToken };
}

/** The owner's shops, read through the API as anyone would see each one. */
async function savedShop(page: Page, accessToken: string, name: string): Promise<SavedShop | undefined> {
  const mine = (await (
    await page.request.get('/api/my-shops', { headers: { authorization: `Bearer ${accessToken}` } })
  ).json()) as SavedShop[];
  const shop = mine.find((candidate) => candidate.name === name);
  if (!shop) return undefined;
  return (await (await page.request.get(`/api/coffee-shops/${shop.id}`)).json()) as SavedShop;
}

/** The coordinates the dialog will save, as its 'Enter coordinates' fields show them. */
async function shownCoordinates(dialog: Locator) {
  const toggle = dialog.getByRole('button', { name: 'Enter coordinates', exact: true });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  return {
    latitude: Number(await dialog.getByLabel('Latitude').inputValue()),
    longitude: Number(await dialog.getByLabel('Longitude').inputValue()),
  };
}

/** Drags the pin with the mouse, as an owner would, by the given pixels. */
async function dragPin(page: Page, dialog: Locator, by: { x: number; y: number }) {
  const pin = dialog.locator('.bc-pin');
  await expect(pin).toBeVisible();
  const box = (await pin.boundingBox())!;
  const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + by.x / 2, from.y + by.y / 2, { steps: 5 });
  await page.mouse.move(from.x + by.x, from.y + by.y, { steps: 5 });
  await page.mouse.up();
}

test('an owner creates a shop, drags the found pin to the door, and the shop is saved where the pin is', async ({
  page,
}) => {
  const { dialog, name, accessToken } = await openCreateDialog(page);
  await dialog.getByLabel('Address').fill('14 Kloof Street, Cape Town');
  await dialog.getByRole('button', { name: 'Find on map' }).click();
  await expect(dialog.getByText('Found: Kloof Street, Gardens, Cape Town')).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Your shop on the map' })).toBeVisible();
  const found = await shownCoordinates(dialog);
  expect(found).toEqual({ latitude: -33.9312, longitude: 18.4089 });

  await dragPin(page, dialog, { x: 90, y: -50 });
  await expect(dialog.getByText('Pin placed by you')).toBeVisible();
  const dragged = await shownCoordinates(dialog);
  // Right and up: east and north, a few dozen metres at the door's zoom.
  expect(dragged.longitude).toBeGreaterThan(found.longitude + 0.0002);
  expect(dragged.latitude).toBeGreaterThan(found.latitude + 0.0001);

  await dialog.getByRole('button', { name: 'Create Coffee Shop' }).click();
  await expect(toastText(page, 'Coffee shop created successfully!')).toBeVisible();
  const saved = await savedShop(page, accessToken, name);
  expect(Number(saved?.latitude)).toBeCloseTo(dragged.latitude, 6);
  expect(Number(saved?.longitude)).toBeCloseTo(dragged.longitude, 6);
  expect(saved?.locationApproximate).toBe(false);
});

test('an owner moving a shop to a suburb sees its centre as approximate, and keeping it saves it so', async ({
  page,
}) => {
  const { accessToken } = await signInAsNew(page, 'shop_owner');
  const name = uniqueName('Moving Cafe ');
  const created = await page.request.post('/api/coffee-shops', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: {
      name,
      category: 'specialty',
      address: '12 Long St, Cape Town',
      latitude: -33.92,
      longitude: 18.42,
    },
  });
  expect(created.status()).toBe(201);
  await page.goto('/dashboard');
  await page.getByTestId('my-shop').filter({ hasText: name }).getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Coffee Shop' });
  await expect(dialog.getByText('Pin as saved — drag it or tap the map to move it')).toBeVisible();
  await expect(dialog.locator('.bc-pin')).toBeVisible();

  await dialog.getByLabel('Address').fill('8115 Vilakazi Street, Soweto');
  await dialog.getByLabel('Address').press('Tab');
  await expect(dialog.getByText('Approximate: centre of Soweto — drag the pin to your door')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toastText(page, 'Coffee shop updated successfully!')).toBeVisible();
  expect(await savedShop(page, accessToken, name)).toMatchObject({
    address: '8115 Vilakazi Street, Soweto',
    latitude: '-26.2485',
    longitude: '27.854',
    locationApproximate: true,
  });
});

test("an address not found asks for the pin, and 'Save without location' says what it costs and saves none", async ({
  page,
}) => {
  const { dialog, name, accessToken } = await openCreateDialog(page);
  await dialog.getByLabel('Address').fill('1 Zzyzx Road');
  await dialog.getByRole('button', { name: 'Create Coffee Shop' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    "We couldn't find that address — place the pin on the map",
  );
  await expect(dialog.getByText("customers won't find you with Near Me")).toBeVisible();
  // Asked, not saved: no toast of success replaces the question.
  await expect(dialog.getByRole('button', { name: 'Create Coffee Shop' })).toBeEnabled();
  await expect(page.getByText('Coffee shop created successfully!')).toHaveCount(0);
  expect(await savedShop(page, accessToken, name)).toBeUndefined();

  await dialog.getByRole('button', { name: 'Save without location' }).click();
  await expect(
    toastText(
      page,
      "Coffee shop created successfully! Customers won't find you with Near Me until you place its pin.",
    ),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(await savedShop(page, accessToken, name)).toMatchObject({
    latitude: null,
    longitude: null,
    locationApproximate: false,
  });
});

test('where the address is not found, tapping the map places the pin and the shop is saved there', async ({
  page,
}) => {
  const { dialog, name, accessToken } = await openCreateDialog(page);
  await dialog.getByLabel('Address').fill('2 Zzyzx Road');
  await dialog.getByLabel('Address').press('Tab');
  await expect(dialog.getByRole('alert')).toHaveText(
    "We couldn't find that address — place the pin on the map",
  );
  const map = dialog.getByRole('region', { name: 'Your shop on the map' });
  await expect(dialog.locator('.bc-pin')).toHaveCount(0);
  await map.click();
  await expect(dialog.getByText('Pin placed by you')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save without location' })).toHaveCount(0);
  const placed = await shownCoordinates(dialog);
  // The whole country is shown to tap in: its middle is in the Northern Cape or the Free State.
  expect(placed.latitude).toBeGreaterThan(-32);
  expect(placed.latitude).toBeLessThan(-26);

  await dialog.getByRole('button', { name: 'Create Coffee Shop' }).click();
  await expect(toastText(page, 'Coffee shop created successfully!')).toBeVisible();
  const saved = await savedShop(page, accessToken, name);
  expect(Number(saved?.latitude)).toBeCloseTo(placed.latitude, 6);
  expect(Number(saved?.longitude)).toBeCloseTo(placed.longitude, 6);
  expect(saved?.locationApproximate).toBe(false);
});
