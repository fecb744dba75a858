// Open now for shops the app answers with: their open state from their hours (one query a page, the shared
// rule of shared/domain/opening-hours.ts) and their menu (nothing to order, not open: issue 32), and the same rule
// in SQL for the openNow filter of discover, which also leaves out shops whose owner paused orders (issue 31).
import { type SQL, sql } from 'drizzle-orm';
import type { Shop } from '../../../shared/api/shops.js';
import {
  type LocalClock,
  localClock,
  openState,
  type SpecialHours,
  type WeeklyHours,
} from '../../../shared/domain/opening-hours.js';
import type { Database } from '../../db/client.js';
import { businessHours, coffeeShops, specialHours } from '../../db/schema.js';

/**
 * The open-now rule as a condition on coffee_shops, for this local date, weekday and minute (computed in
 * TypeScript by the shared time-zone function and passed as parameters, so SQL never needs to know the zone):
 * a special day for today decides alone; without one, today's weekly row does; without either, closed. Open
 * from open_time to just before close_time; 'HH:MM' text compares in time order.
 *
 * A shop with nothing on its menu to order (menu_text, the names of its available items, is empty) is left out
 * too (issue 32): it cannot take an order, however open its doors.
 *
 * A paused shop (accepting_orders false) is left out too (issue 31): a customer who asks for shops open now
 * wants one to order from, and the card of a paused shop says 'Not taking orders right now'. Its openNow in
 * answers still follows its hours (the doors may be open to walk-ins); the client reads both. The column is on
 * the row the list reads anyway (removed_at is tested there too), and the planner tests it before the
 * subqueries, so a paused shop costs no hours probe.
 *
 * Written as two scalar subqueries, each one probe of a unique index ((shop, date) and (shop, weekday)), so a
 * list walking the rank index tests only the shops it reads, and stops after a page. Not as EXISTS: PostgreSQL
 * may then choose a "hashed SubPlan", reading every business_hours row of the weekday before the first shop
 * (330 ms instead of 6 ms for a page at 100,000 shops). tests/api/open-now.test.ts checks that this and
 * openState agree over many shops and instants.
 */
export function openNowSql(clock: LocalClock): SQL<boolean> {
  const openWithin = (table: typeof businessHours | typeof specialHours) =>
    sql`coalesce(not ${table.isClosed} and ${table.openTime} <= ${clock.time} and ${table.closeTime} > ${clock.time}, false)`;
  return sql<boolean>`${coffeeShops.acceptingOrders} and ${coffeeShops.menuText} <> '' and coalesce((
      select ${openWithin(specialHours)} from ${specialHours}
      where ${specialHours.shopId} = ${coffeeShops.id} and ${specialHours.date} = ${clock.date}
    ), (
      select ${openWithin(businessHours)} from ${businessHours}
      where ${businessHours.shopId} = ${coffeeShops.id} and ${businessHours.dayOfWeek} = ${clock.dayOfWeek}
    ), false)`;
}

interface HoursRow {
  shop_id: number;
  /** 'weekly', 'special', or 'unorderable' for the shop itself when nothing on its menu can be ordered */
  kind: 'weekly' | 'special' | 'unorderable';
  /** null but for a special day */
  date: string | null;
  day_of_week: number | null;
  open_time: string | null;
  close_time: string | null;
  is_closed: boolean;
}

/**
 * Fills openNow and nextChangeAt of these shops as of `now`: their weekly rows and their special days from
 * today on, read in one query for all of them, then the shared rule per shop.
 *
 * A shop with nothing to order (no available menu item: menu_text empty, as openNowSql asks) is not open now
 * whatever its hours say (issue 32), and its nextChangeAt is null: no hour of the clock opens it, its first item
 * does. Its card then says 'Closed', as the Open Now filter agrees; a shop that set no hours still says nothing
 * (openNow null). `unorderable`, when given, names those among these shops (a list reads menu_text on the rows it
 * reads anyway, for free); without it, the same query reads them too, one primary-key probe a shop.
 */
export async function withOpenState<T extends Pick<Shop, 'id' | 'openNow' | 'nextChangeAt'>>(
  db: Database,
  shops: T[],
  now: Date,
  unorderable?: ReadonlySet<number>,
): Promise<T[]> {
  if (shops.length === 0) return shops;
  // The ids as one array parameter ('{4,9,12}'), not one parameter each: a map area's 500 shops would otherwise be
  // 500 placeholders per branch to build, send, parse and plan (its server CPU per request: discover bench).
  const ids = sql`any(${`{${shops.map((shop) => shop.id).join(',')}}`}::int[])`;
  const today = localClock(now).date;
  const menus = unorderable
    ? sql``
    : sql`
    union all
    select ${coffeeShops.id}, 'unorderable', null, null, null, null, true
    from ${coffeeShops} where ${coffeeShops.id} = ${ids} and ${coffeeShops.menuText} = ''`;
  const result = await db.execute<Record<string, unknown>>(sql`
    select ${businessHours.shopId} as shop_id, 'weekly' as kind, null::text as date,
      ${businessHours.dayOfWeek} as day_of_week, ${businessHours.openTime} as open_time,
      ${businessHours.closeTime} as close_time, ${businessHours.isClosed} as is_closed
    from ${businessHours} where ${businessHours.shopId} = ${ids}
    union all
    select ${specialHours.shopId}, 'special', ${specialHours.date}::text, null, ${specialHours.openTime},
      ${specialHours.closeTime}, ${specialHours.isClosed}
    from ${specialHours} where ${specialHours.shopId} = ${ids} and ${specialHours.date} >= ${today}${menus}`);
  const rows = (result as unknown as { rows: HoursRow[] }).rows;

  const hours = new Map<number, { weekly: WeeklyHours[]; special: SpecialHours[] }>();
  const nothingToOrder = new Set(unorderable);
  for (const row of rows) {
    const shopId = Number(row.shop_id);
    if (row.kind === 'unorderable') {
      nothingToOrder.add(shopId);
      continue;
    }
    let entry = hours.get(shopId);
    if (!entry) {
      entry = { weekly: [], special: [] };
      hours.set(shopId, entry);
    }
    const times = { openTime: row.open_time, closeTime: row.close_time, isClosed: row.is_closed };
    if (row.kind === 'weekly') entry.weekly.push({ dayOfWeek: Number(row.day_of_week), ...times });
    else entry.special.push({ date: row.date!, ...times });
  }
  for (const shop of shops) {
    const entry = hours.get(shop.id);
    const state = !entry
      ? { openNow: null, nextChangeAt: null }
      : nothingToOrder.has(shop.id)
        ? { openNow: false, nextChangeAt: null }
        : openState(entry.weekly, entry.special, now);
    shop.openNow = state.openNow;
    shop.nextChangeAt = state.nextChangeAt ? state.nextChangeAt.toISOString() : null;
  }
  return shops;
}

/**
 * One shop's openNow and nextChangeAt as of `now`, for a live update after its hours or its menu changed (issue 31;
 * its menu decides too, see withOpenState).
 */
export async function openStateOf(
  db: Database,
  shopId: number,
  now = new Date(),
): Promise<Pick<Shop, 'openNow' | 'nextChangeAt'>> {
  const [state] = await withOpenState(db, [{ id: shopId, openNow: null, nextChangeAt: null }], now);
  return { openNow: state!.openNow, nextChangeAt: state!.nextChangeAt };
}
