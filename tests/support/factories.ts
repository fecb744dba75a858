// Factories: real users, shops, menus and hours made through the public API, so tests arrange the way users act.
import { inArray } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client.js';
import { users } from '../../src/server/db/schema.js';
import type { AuthResponse, Role } from '../../src/shared/api/auth.js';
import type { BusinessHours, SpecialDay, SpecialDayBody } from '../../src/shared/api/hours.js';
import type { CreateMenuItemBody, MenuItem } from '../../src/shared/api/menu.js';
import type { CreateShopBody, Shop } from '../../src/shared/api/shops.js';
import type { Api } from './test-app.js';

let sequence = 0;

export async function makeUser(api: Api, role: Role = 'customer', overrides: { password?: string } = {}) {
  sequence += 1;
  const name = `${role === 'customer' ? 'lover' : 'owner'}${sequence}_${Math.random().toString(36).slice(2, 7)}`;
  const reply = await api.post<AuthResponse>('/api/auth/register', {
    username: name,
    email: `${name}@example.co.za`,
    password: overrides.password ?? 'flatwhite1',
    role,
  });
  if (reply.status !== 201) throw new Error(`makeUser failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

/**
 * Marks accounts' emails confirmed, as entering the mailed code does (issue 32; email-confirmation.test.ts tests
 * the code itself): for tests of what confirmed accounts do, such as reviewing a shop they never ordered from.
 */
export async function confirmEmails(db: Database, ...accounts: AuthResponse[]) {
  await db
    .update(users)
    .set({ emailVerified: true })
    .where(
      inArray(
        users.id,
        accounts.map((account) => account.user.id),
      ),
    );
}

export async function makeShop(api: Api, owner: AuthResponse, overrides: Partial<CreateShopBody> = {}) {
  sequence += 1;
  const reply = await api.as(owner).post<Shop>('/api/coffee-shops', {
    name: `Test Roasters ${sequence}`,
    category: 'specialty',
    address: `${sequence} Long St, Cape Town`,
    description: 'A test shop',
    deliveryFee: 20,
    deliveryTime: '15-25 mins',
    latitude: '-33.92',
    longitude: '18.42',
    ...overrides,
  });
  if (reply.status !== 201) throw new Error(`makeShop failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

/** A menu item made through POST /api/menu-items by the shop's owner; a flat white unless told otherwise. */
export async function makeMenuItem(
  api: Api,
  owner: AuthResponse,
  shop: { id: number },
  overrides: Partial<CreateMenuItemBody> = {},
) {
  const reply = await api.as(owner).post<MenuItem>('/api/menu-items', {
    shopId: shop.id,
    name: 'Flat White',
    category: 'coffee',
    price: '38.50',
    preparationTime: '3-5 mins',
    allergens: ['milk'],
    ...overrides,
  });
  if (reply.status !== 201)
    throw new Error(`makeMenuItem failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

/**
 * A shop's weekly hours through POST /api/business-hours, one call per day as the dialog does. Days not
 * given are not touched; a day given as null is closed.
 */
export async function setHours(
  api: Api,
  owner: AuthResponse,
  shop: { id: number },
  days: Record<number, { openTime: string; closeTime: string } | null>,
) {
  const saved: BusinessHours[] = [];
  for (const [day, hours] of Object.entries(days)) {
    const reply = await api.as(owner).post<BusinessHours>('/api/business-hours', {
      shopId: shop.id,
      dayOfWeek: Number(day),
      openTime: hours?.openTime ?? null,
      closeTime: hours?.closeTime ?? null,
      isClosed: hours === null,
    });
    if (reply.status !== 201 && reply.status !== 200) {
      throw new Error(`setHours failed: ${reply.status} ${JSON.stringify(reply.body)}`);
    }
    saved.push(reply.body);
  }
  return saved;
}

/** A special day through POST /api/special-hours (closed unless hours are given). */
export async function setSpecialDay(
  api: Api,
  owner: AuthResponse,
  shop: { id: number },
  date: string,
  overrides: Partial<SpecialDayBody> = {},
) {
  const reply = await api.as(owner).post<SpecialDay>('/api/special-hours', {
    shopId: shop.id,
    date,
    isClosed: true,
    ...overrides,
  });
  if (reply.status !== 201 && reply.status !== 200) {
    throw new Error(`setSpecialDay failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  }
  return reply.body;
}
