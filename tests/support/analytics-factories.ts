// Analytics factories: orders with their lines, messages, menu items, favourites, views and promotions written
// straight into the database with explicit times, so windows in the past (the previous 30 days) can be made.
import { TZDate } from '@date-fns/tz';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client.js';
import {
  favorites,
  menuItems,
  messages,
  orderLines,
  orders,
  promotions,
  shopViews,
} from '../../src/server/db/schema.js';
import { SHOP_TIME_ZONE } from '../../src/shared/domain/opening-hours.js';
import type { OrderStatus } from '../../src/shared/domain/order-status.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Today's Africa/Johannesburg date moved by `offsetDays`, as 'YYYY-MM-DD'. */
export function localDate(offsetDays = 0, from = new Date()): string {
  const today = new TZDate(from.getTime(), SHOP_TIME_ZONE);
  const day = new TZDate(today.getFullYear(), today.getMonth(), today.getDate() + offsetDays, SHOP_TIME_ZONE);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

/** The instant of a Johannesburg wall-clock time: at('2026-11-21', '09:15'). */
export function at(date: string, time: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return new Date(new TZDate(year, month - 1, day, hour, minute, SHOP_TIME_ZONE).getTime());
}

/** The weekday (0 Sunday … 6 Saturday) of a calendar date: plain calendar arithmetic, no zone involved. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T12:00:00Z`).getUTCDay();
}

export const daysAgo = (days: number, from = new Date()) => new Date(from.getTime() - days * DAY_MS);

export interface OrderSpec {
  shopId: number;
  customerId: number;
  createdAt: Date;
  status?: OrderStatus;
  lines: { name: string; quantity: number; priceCents: number; menuItemId?: number | null }[];
  /** Minutes from placement to ready; sets ready_at. */
  minutesToReady?: number;
  pickupTime?: Date | null;
}

/** One order and its lines, as placing and moving it would have stored them. */
export async function insertOrder(db: Database, spec: OrderSpec) {
  const status = spec.status ?? 'completed';
  const totalCents = spec.lines.reduce((sum, line) => sum + line.quantity * line.priceCents, 0);
  const readyAt =
    spec.minutesToReady === undefined
      ? null
      : new Date(spec.createdAt.getTime() + spec.minutesToReady * 60 * 1000);
  // Only the columns every migration since 0006 has, in both inserts: the backfill test writes into a database
  // migrated to 0006, before options and idempotency fingerprints (drizzle's insert would name every column of
  // today's schema).
  const items = spec.lines.map((line) => ({
    menuItemId: line.menuItemId ?? null,
    name: line.name,
    quantity: line.quantity,
    priceCents: line.priceCents,
  }));
  const history = [{ status: 'pending', at: spec.createdAt.toISOString() }];
  const inserted = (await db.execute(
    sql`insert into ${orders} (shop_id, customer_id, items, total_cents, status, status_history, ready_at,
        pickup_time, created_at, updated_at)
      values (${spec.shopId}, ${spec.customerId}, ${JSON.stringify(items)}::jsonb, ${totalCents}, ${status},
        ${JSON.stringify(history)}::jsonb, ${readyAt?.toISOString() ?? null}, ${spec.pickupTime?.toISOString() ?? null},
        ${spec.createdAt.toISOString()}, ${spec.createdAt.toISOString()})
      returning id`,
  )) as unknown as { rows: { id: number }[] };
  const order = inserted.rows[0];
  const lines = spec.lines.map((line) => ({
    order_id: order!.id,
    shop_id: spec.shopId,
    menu_item_id: line.menuItemId ?? null,
    name: line.name,
    quantity: line.quantity,
    price_cents: line.priceCents,
    created_at: spec.createdAt.toISOString(),
    is_cancelled: status === 'cancelled',
  }));
  await db.execute(
    sql`insert into ${orderLines} (order_id, shop_id, menu_item_id, name, quantity, price_cents, created_at, is_cancelled)
      select * from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as line(order_id int, shop_id int,
        menu_item_id int, name text, quantity int, price_cents int, created_at timestamptz, is_cancelled boolean)`,
  );
  return order!;
}

let sequence = 0;

/** Customers who never sign in (no usable password): enough for orders and favourites, made in one insert. */
export async function insertCustomers(db: Database, names: string[]) {
  // Named columns only: the backfill test runs this on a database migrated to 0006, before users had more.
  const rows = names.map((name) => {
    sequence += 1;
    const email = `analytics${sequence}_${Math.random().toString(36).slice(2, 8)}@example.co.za`;
    return sql`(${name}, ${email}, 'not-a-hash', 'customer')`;
  });
  const inserted = (await db.execute(sql`
    insert into users (username, email, password_hash, role) values ${sql.join(rows, sql`, `)}
    returning id, username`)) as unknown as { rows: { id: number; username: string }[] };
  return inserted.rows;
}

export async function insertMenuItems(db: Database, shopId: number, names: string[]) {
  await db.insert(menuItems).values(names.map((name) => ({ shopId, name, priceCents: 3000 })));
}

export async function insertMessages(
  db: Database,
  shop: { id: number; ownerId: number },
  customerId: number,
  count: number,
) {
  await db.insert(messages).values(
    Array.from({ length: count }, (_, index) => ({
      shopId: shop.id,
      customerId,
      senderId: index % 2 === 0 ? customerId : shop.ownerId,
      receiverId: index % 2 === 0 ? shop.ownerId : customerId,
      content: `message ${index + 1}`,
    })),
  );
}

export async function insertFavorite(db: Database, shopId: number, userId: number, createdAt: Date) {
  await db.insert(favorites).values({ shopId, userId, createdAt });
}

export async function insertViews(db: Database, shopId: number, day: string, views: number) {
  await db.insert(shopViews).values({ shopId, day, views });
}

export async function insertPromotion(
  db: Database,
  shopId: number,
  startDate: Date,
  endDate: Date,
  status: 'active' | 'expired' | 'pending' = 'active',
) {
  await db.insert(promotions).values({
    shopId,
    reference: `ref-${shopId}-${startDate.getTime()}-${Math.random().toString(36).slice(2)}`,
    amountCents: 49_900,
    durationDays: 30,
    status,
    startDate,
    endDate,
  });
}

export async function setRating(db: Database, shopId: number, rating: string) {
  await db.execute(sql`update coffee_shops set rating = ${rating}, review_count = 3 where id = ${shopId}`);
}
