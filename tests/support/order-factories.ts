// Factories for order tests: menus, hours and special days written straight into the database (their HTTP routes
// belong to the shop-setup issue), pickup times in the shop's clock, and a POST /api/orders that can send headers.
import { TZDate } from '@date-fns/tz';
import { eq } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client.js';
import { businessHours, coffeeShops, menuItems, specialHours } from '../../src/server/db/schema.js';
import type { AuthResponse } from '../../src/shared/api/auth.js';
import type { PlaceOrderBody } from '../../src/shared/api/orders.js';
import type { Reply } from './test-app.js';

const ZONE = 'Africa/Johannesburg';

export interface MenuItemSpec {
  name?: string;
  priceCents?: number;
  isAvailable?: boolean;
  preparationTime?: string | null;
}

let sequence = 0;

/** Menu items of a shop; returns their rows (ids, names, prices). */
export async function addMenuItems(db: Database, shopId: number, specs: MenuItemSpec[]) {
  return db
    .insert(menuItems)
    .values(
      specs.map((spec) => {
        sequence += 1;
        return {
          shopId,
          name: spec.name ?? `Item ${sequence}`,
          priceCents: spec.priceCents ?? 3250,
          isAvailable: spec.isAvailable ?? true,
          preparationTime: spec.preparationTime ?? '5-10 mins',
          category: 'coffee' as const,
        };
      }),
    )
    .returning();
}

/** The same hours every day of the week. A shop with no hours at all takes orders at any time. */
export async function setDailyHours(db: Database, shopId: number, openTime: string, closeTime: string) {
  await db.delete(businessHours).where(eq(businessHours.shopId, shopId));
  await db
    .insert(businessHours)
    .values([0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ shopId, dayOfWeek, openTime, closeTime })));
}

export async function addClosedDay(db: Database, shopId: number, date: string, note: string | null = null) {
  await db.insert(specialHours).values({ shopId, date, isClosed: true, note });
}

export async function setAcceptingOrders(db: Database, shopId: number, acceptingOrders: boolean) {
  await db.update(coffeeShops).set({ acceptingOrders }).where(eq(coffeeShops.id, shopId));
}

/** The next instant, strictly after `after` plus `minimumMinutes`, at which the shop's clock reads hh:mm. */
export function nextLocalTime(time: string, after = new Date(), minimumMinutes = 15): Date {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const earliest = new Date(after.getTime() + minimumMinutes * 60_000);
  const local = new TZDate(earliest.getTime(), ZONE);
  for (let days = 0; days < 3; days += 1) {
    const candidate = new TZDate(
      local.getFullYear(),
      local.getMonth(),
      local.getDate() + days,
      hours,
      minutes,
      ZONE,
    );
    if (candidate.getTime() > earliest.getTime()) return new Date(candidate.getTime());
  }
  throw new Error('unreachable');
}

/** The shop's local date ('YYYY-MM-DD') of an instant. */
export function localDate(at: Date): string {
  const local = new TZDate(at.getTime(), ZONE);
  return `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}-${String(local.getDate()).padStart(2, '0')}`;
}

/** A pickup time half an hour from now: fine for a shop without hours. */
export const soon = () => new Date(Date.now() + 30 * 60_000).toISOString();

/** POST /api/orders with an optional Idempotency-Key. */
export async function postOrder<T = unknown>(
  baseUrl: string,
  who: AuthResponse | null,
  body: PlaceOrderBody | Record<string, unknown>,
  idempotencyKey?: string,
): Promise<Reply<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (who) headers.authorization = `Bearer ${who.accessToken}`;
  if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
  const response = await fetch(`${baseUrl}/api/orders`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T, headers: response.headers };
}
