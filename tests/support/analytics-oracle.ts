// The oracle of the analytics tests: every figure computed the straightforward way, by scanning the window's orders
// and order lines (and every message people wrote, order cards and status lines left out), as the service did before
// the rollups of migration 0007. Slow for a big shop, obviously right; the rollup-based answer must equal it exactly.
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client.js';
import {
  DAILY_REVENUE_DAYS,
  type ShopAnalytics,
  TOP_ITEMS,
  TOP_OPTIONS,
} from '../../src/shared/api/analytics.js';
import { centsToDecimalText } from '../../src/shared/domain/money.js';
import { SHOP_TIME_ZONE } from '../../src/shared/domain/opening-hours.js';
import type { OrderStatus } from '../../src/shared/domain/order-status.js';

/** Local time of a timestamptz column or value, in SQL (CONVENTIONS rule 14). */
const zone = sql.raw(`'${SHOP_TIME_ZONE}'`);
const local = (instant: SQL) => sql`(${instant} at time zone ${zone})`;

async function rows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: Row[] }).rows;
}

/** A count or a sum as it comes back (bigint may arrive as text): a JavaScript number. */
const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));
const money = (cents: unknown) => centsToDecimalText(num(cents));

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The window of `days` days up to `now`, and the same length before it, as SQL values. Computed here and sent as
 * constants: `now - interval` in SQL is only stable, not immutable, so PostgreSQL would work it out again for every
 * row in each FILTER clause. Days are 24 hours: Johannesburg has no daylight saving.
 */
function windowOf(now: Date, days: number) {
  const instant = (msBefore: number) => sql`${new Date(now.getTime() - msBefore).toISOString()}::timestamptz`;
  return {
    end: instant(0),
    start: instant(days * DAY_MS),
    previousStart: instant(2 * days * DAY_MS),
    weekStart: instant(7 * DAY_MS),
    lastWeekStart: instant(14 * DAY_MS),
  };
}

/**
 * Totals of the window and the period before it in one range read: orders (cancelled included), revenue and
 * average (cancelled left out), growth (spec §9: 0 when the earlier period is zero), last week's revenue (the
 * 7 days before the current 7, inside the range as 2 × days ≥ 14) and the median time to ready.
 */
function totalsQuery(shopId: number, now: Date, days: number) {
  const { end, start, previousStart, weekStart, lastWeekStart } = windowOf(now, days);
  const growth = (current: string, previous: string) =>
    sql.raw(`case when ${previous} = 0 then 0
      else round((${current} - ${previous}) * 100.0 / ${previous}, 1)::float8 end`);
  return sql`
    select orders, previous_orders, revenue, previous_revenue, last_week_revenue,
      ${growth('orders', 'previous_orders')} as orders_growth,
      ${growth('revenue', 'previous_revenue')} as revenue_growth,
      case when paid_orders = 0 then 0 else round(revenue::numeric / paid_orders)::int8 end as avg_order_cents,
      round((median_seconds / 60)::numeric, 1)::float8 as median_minutes
    from (
      select
        count(*) filter (where created_at >= ${start}) as orders,
        count(*) filter (where created_at < ${start}) as previous_orders,
        coalesce(sum(total_cents) filter (where created_at >= ${start} and status <> 'cancelled'), 0) as revenue,
        count(*) filter (where created_at >= ${start} and status <> 'cancelled') as paid_orders,
        coalesce(sum(total_cents) filter (where created_at < ${start} and status <> 'cancelled'), 0)
          as previous_revenue,
        coalesce(sum(total_cents) filter (where created_at >= ${lastWeekStart}
          and created_at < ${weekStart} and status <> 'cancelled'), 0) as last_week_revenue,
        percentile_cont(0.5) within group (order by extract(epoch from ready_at - created_at))
          filter (where created_at >= ${start} and ready_at is not null) as median_seconds
      from orders
      where shop_id = ${shopId} and created_at >= ${previousStart} and created_at <= ${end}
    ) totals`;
}

/** Distinct customers of the window, and those with two or more orders in it. */
function customersQuery(shopId: number, now: Date, days: number) {
  const { end, start } = windowOf(now, days);
  return sql`
    select count(*)::int as customers, count(*) filter (where placed >= 2)::int as repeat_customers
    from (select customer_id, count(*) as placed from orders
      where shop_id = ${shopId} and created_at >= ${start} and created_at <= ${end}
      group by customer_id) per_customer`;
}

/**
 * The window's orders by status, by local weekday and hour (the heat map) and by local hour (peak hours), in one
 * read: grouping() tells the sets apart (3: status; 4: weekday and hour; 6: hour).
 */
function groupsQuery(shopId: number, now: Date, days: number) {
  const { end, start } = windowOf(now, days);
  return sql`
    select status, weekday, hour, grouping(status, weekday, hour)::int as grouping_set, count(*)::int as orders
    from (
      select status, extract(dow from placed)::int as weekday, extract(hour from placed)::int as hour
      from orders, lateral (select ${local(sql`created_at`)} as placed) as local_time
      where shop_id = ${shopId} and created_at >= ${start} and created_at <= ${end}
      offset 0 -- kept as a subquery, so each order's local time is worked out once, not once per grouping key
    ) window_orders
    group by grouping sets ((status), (weekday, hour), (hour))
    order by grouping_set, status, weekday, hour`;
}

/** Revenue of each of the last 7 local days, today included, days without orders as 0. */
function dailyRevenueQuery(shopId: number, now: Date) {
  const end = sql`${now.toISOString()}::timestamptz`;
  const today = sql`${local(end)}::date`;
  const first = sql`(${today} - ${DAILY_REVENUE_DAYS - 1}::int)`;
  return sql`
    select to_char(days.day, 'YYYY-MM-DD') as date, coalesce(revenue.cents, 0) as cents
    from (select (${today} - back)::date as day from generate_series(${DAILY_REVENUE_DAYS - 1}::int, 0, -1) as back) days
    left join (
      select ${local(sql`created_at`)}::date as day, sum(total_cents) as cents
      from orders
      where shop_id = ${shopId} and status <> 'cancelled'
        and created_at >= (${first}::timestamp at time zone ${zone}) and created_at <= ${end}
      group by 1
    ) revenue on revenue.day = days.day
    order by days.day`;
}

/** The 5 items sold most by quantity in the window (order lines; cancelled orders left out). */
function topItemsQuery(shopId: number, now: Date, days: number) {
  const { end, start } = windowOf(now, days);
  return sql`
    select name, sum(quantity)::int as quantity, sum(quantity * price_cents) as cents
    from order_lines
    where shop_id = ${shopId} and created_at >= ${start} and created_at <= ${end} and not is_cancelled
    group by name
    order by sum(quantity) desc, name
    limit ${TOP_ITEMS}`;
}

/**
 * The latest promotion that has begun, and the same number of whole local days before it and since it began (up to
 * today or its last day): shop page views (counted per day), new favourites and orders placed in each span.
 */
function promotionQuery(shopId: number, now: Date) {
  const end = sql`${now.toISOString()}::timestamptz`;
  const today = sql`${local(end)}::date`;
  const midnight = (day: SQL) => sql`((${day})::timestamp at time zone ${zone})`;
  const views = (from: SQL, to: SQL) =>
    sql`(select coalesce(sum(views), 0)::int from shop_views
      where shop_id = ${shopId} and day >= ${from} and day <= ${to})`;
  const count = (table: 'favorites' | 'orders', from: SQL, to: SQL) =>
    sql`(select count(*)::int from ${sql.raw(table)}
      where shop_id = ${shopId} and created_at >= ${midnight(from)} and created_at < ${midnight(sql`${to} + 1`)})`;
  const before = { from: sql`first_day - span_days`, to: sql`first_day - 1` };
  const during = { from: sql`first_day`, to: sql`last_day` };
  return sql`
    with latest as (
      select start_date, end_date, ${local(sql`start_date`)}::date as first_day,
        least(${today}, coalesce(${local(sql`end_date`)}::date, ${today})) as last_day
      from promotions
      where shop_id = ${shopId} and status in ('active', 'expired') and start_date <= ${end}
      order by start_date desc
      limit 1
    ), spans as (select *, greatest(last_day - first_day + 1, 1) as span_days from latest)
    select start_date, end_date, span_days,
      ${views(before.from, before.to)} as views_before, ${views(during.from, during.to)} as views_during,
      ${count('favorites', before.from, before.to)} as favourites_before,
      ${count('favorites', during.from, during.to)} as favourites_during,
      ${count('orders', before.from, before.to)} as orders_before,
      ${count('orders', during.from, during.to)} as orders_during
    from spans`;
}

type TotalsRow = {
  orders: unknown;
  previous_orders: unknown;
  previous_revenue: unknown;
  revenue: unknown;
  last_week_revenue: unknown;
  orders_growth: unknown;
  revenue_growth: unknown;
  avg_order_cents: unknown;
  median_minutes: unknown;
};
type GroupRow = {
  status: OrderStatus | null;
  weekday: number | null;
  hour: number | null;
  grouping_set: number;
  orders: number;
};
type PromotionRow = {
  start_date: Date | string;
  end_date: Date | string | null;
  span_days: unknown;
  views_before: unknown;
  views_during: unknown;
  favourites_before: unknown;
  favourites_during: unknown;
  orders_before: unknown;
  orders_during: unknown;
};

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The most chosen options, counted in JavaScript from every line of the window's orders that are not cancelled
 * (the orders' status, not the lines' flag), each over the cups of lines whose item offered its group.
 */
async function topOptionsOf(db: Database, shopId: number, now: Date, days: number) {
  const { end, start } = windowOf(now, days);
  const lines = await rows<{
    quantity: number;
    options: { group: string; name: string }[];
    groups: string[] | null;
  }>(
    db,
    sql`select l.quantity, l.options, l.option_groups as groups from order_lines l join orders o on o.id = l.order_id
      where o.shop_id = ${shopId} and o.status <> 'cancelled' and o.created_at >= ${start} and o.created_at <= ${end}`,
  );
  const counts = new Map<string, { group: string; name: string; count: number }>();
  const cups = new Map<string, number>();
  for (const line of lines) {
    for (const group of line.groups ?? []) cups.set(group, (cups.get(group) ?? 0) + line.quantity);
    for (const option of line.options) {
      const key = JSON.stringify([option.group, option.name]);
      const entry = counts.get(key) ?? { group: option.group, name: option.name, count: 0 };
      entry.count += line.quantity;
      counts.set(key, entry);
    }
  }
  return [...counts.values()]
    .sort((a, b) => b.count - a.count || a.group.localeCompare(b.group) || a.name.localeCompare(b.name))
    .slice(0, TOP_OPTIONS)
    .map((entry) => ({
      ...entry,
      share: Math.round((entry.count / (cups.get(entry.group) ?? entry.count)) * 10_000) / 10_000,
    }));
}

/** The Analytics Dashboard's figures of a shop, by scanning its window's orders and lines. */
export async function oracleAnalytics(
  db: Database,
  shopId: number,
  days: number,
  now = new Date(),
): Promise<ShopAnalytics> {
  // One statement, one round trip: the shop row proves ownership, and each part is a subquery of it (run once,
  // and not at all when the shop is not this owner's). Parts come back as JSON, numbers as numbers.
  const [answer] = await rows<{
    rating: string;
    menu_items: number;
    total_messages: number;
    totals: TotalsRow;
    customers: { customers: number; repeat_customers: number };
    groups: GroupRow[] | null;
    daily: { date: string; cents: unknown }[];
    top: { name: string; quantity: number; cents: unknown }[] | null;
    promotion: PromotionRow | null;
  }>(
    db,
    sql`select s.rating::text as rating,
        (select count(*)::int from menu_items m where m.shop_id = s.id) as menu_items,
        (select count(*)::int from messages m where m.shop_id = s.id and m.message_type = 'text') as total_messages,
        (select row_to_json(part) from (${totalsQuery(shopId, now, days)}) part) as totals,
        (select row_to_json(part) from (${customersQuery(shopId, now, days)}) part) as customers,
        (select json_agg(part order by part.grouping_set, part.status, part.weekday, part.hour)
          from (${groupsQuery(shopId, now, days)}) part) as groups,
        (select json_agg(part order by part.date) from (${dailyRevenueQuery(shopId, now)}) part) as daily,
        (select json_agg(part order by part.quantity desc, part.name)
          from (${topItemsQuery(shopId, now, days)}) part) as top,
        (select row_to_json(part) from (${promotionQuery(shopId, now)}) part) as promotion
      from coffee_shops s where s.id = ${shopId}`,
  );
  if (!answer) throw new Error(`no shop ${shopId}`);
  const shop = answer;
  const { totals, customers, daily, promotion } = answer;
  const groups = answer.groups ?? [];
  const top = answer.top ?? [];
  return {
    periodDays: days,
    totalRevenue: money(totals?.revenue),
    revenueGrowth: num(totals?.revenue_growth),
    totalOrders: num(totals?.orders),
    ordersGrowth: num(totals?.orders_growth),
    previousOrders: num(totals?.previous_orders),
    previousRevenue: money(totals?.previous_revenue),
    uniqueCustomers: num(customers?.customers),
    avgOrderValue: money(totals?.avg_order_cents),
    dailyRevenue: daily.map((day) => ({ date: day.date, revenue: money(day.cents) })),
    statusBreakdown: groups
      .filter((row) => row.grouping_set === 3)
      .map((row) => ({ status: row.status!, count: row.orders })),
    peakHours: groups
      .filter((row) => row.grouping_set === 6)
      .map((row) => ({ hour: row.hour!, orders: row.orders })),
    topItems: top.map((item) => ({ name: item.name, quantity: item.quantity, revenue: money(item.cents) })),
    topOptions: await topOptionsOf(db, shopId, now, days),
    totalMessages: shop.total_messages,
    menuItems: shop.menu_items,
    lastWeekRevenue: money(totals?.last_week_revenue),
    rating: Number(shop.rating).toFixed(1),
    repeatCustomers: num(customers?.repeat_customers),
    medianMinutesToReady:
      totals?.median_minutes === null || totals?.median_minutes === undefined
        ? null
        : num(totals.median_minutes),
    heatmap: groups
      .filter((row) => row.grouping_set === 4)
      .map((row) => ({ weekday: row.weekday!, hour: row.hour!, orders: row.orders })),
    promotion: promotion
      ? {
          startedAt: iso(promotion.start_date),
          endsAt: promotion.end_date === null ? null : iso(promotion.end_date),
          spanDays: num(promotion.span_days),
          before: {
            views: num(promotion.views_before),
            favourites: num(promotion.favourites_before),
            orders: num(promotion.orders_before),
          },
          during: {
            views: num(promotion.views_during),
            favourites: num(promotion.favourites_during),
            orders: num(promotion.orders_during),
          },
        }
      : null,
    // The analytics suites' shops have no stamp card; tests/api/loyalty.test.ts checks the card's figures.
    loyalty: null,
  };
}
