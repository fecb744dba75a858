// Analytics of one shop, every figure computed by the database (spec §2 Analytics dialog, §9), and its view counter.
// Figures are summed from rollups the database keeps by trigger (migration 0007): orders per shop and UTC hour, items
// and times to ready per hour and per day, each customer's latest two orders, messages per conversation. A window's
// whole hours and days come from those; the minutes at its ends, which a rollup bucket would overshoot, from the
// orders themselves. So every figure is exact, and its cost follows the window's length in hours and days rather
// than the orders in it, save the few rows at its ends (docs/decisions/0004-analytics-rollups.md).
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  DAILY_REVENUE_DAYS,
  ORDERS_CSV_COLUMNS,
  type ShopAnalytics,
  TOP_ITEMS,
} from '../../../shared/api/analytics.js';
import { centsToDecimalText } from '../../../shared/domain/money.js';
import { SHOP_TIME_ZONE } from '../../../shared/domain/opening-hours.js';
import { type OrderStatus, orderStatuses } from '../../../shared/domain/order-status.js';
import type { Database } from '../../db/client.js';
import { HttpError } from '../../http-error.js';

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

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** An instant as an SQL constant. */
const instant = (at: Date) => sql`${at.toISOString()}::timestamptz`;
/** Instants as an SQL array constant (sent as one text parameter, the same on both drivers). */
const instants = (list: Date[]) => sql`${`{${list.map((at) => at.toISOString()).join(',')}}`}::timestamptz[]`;
/** The start of the UTC hour or day of an instant (as the rollups' utc_bucket), and the next start unless on one. */
const floorTo = (at: Date, unitMs: number) => new Date(Math.floor(at.getTime() / unitMs) * unitMs);
const ceilTo = (at: Date, unitMs: number) => new Date(Math.ceil(at.getTime() / unitMs) * unitMs);

/**
 * The window of `days` days up to `now`, and the same length before it. Computed here and sent as constants:
 * `now - interval` in SQL is only stable, not immutable, so PostgreSQL would work it out again for every row in each
 * FILTER clause. Days are 24 hours: Johannesburg has no daylight saving.
 */
function windowOf(now: Date, days: number) {
  const before = (ms: number) => new Date(now.getTime() - ms);
  return {
    days,
    end: now,
    start: before(days * DAY_MS),
    previousStart: before(2 * days * DAY_MS),
    weekStart: before(7 * DAY_MS),
    lastWeekStart: before(14 * DAY_MS),
  };
}

/**
 * The UTC hours that some bound of the window falls inside (or starts): read from the orders themselves, as the
 * hour's rollup row would count orders on both sides of the bound (or, at the end, orders placed after `now`).
 * Every bound is `now` less whole days, so they share their minutes and there are at most five such hours.
 */
function hoursAroundBounds(window: ReturnType<typeof windowOf>): Date[] {
  const bounds = [window.previousStart, window.lastWeekStart, window.weekStart, window.start, window.end];
  const starts = new Set(bounds.map((bound) => floorTo(bound, HOUR_MS).getTime()));
  return [...starts].sort((a, b) => a - b).map((ms) => new Date(ms));
}

/**
 * The window's orders, two periods long (the window and the one before it, for growth): one row per whole UTC hour
 * from shop_order_hours, and one row per order in the hours around its bounds. `t` is the hour's start or the
 * order's time; each row counts its orders per status, revenue (cancelled left out), and the customers whose latest
 * and second-latest orders fall there (from shop_customers around the bounds). Whole hours lie entirely on one side of
 * every bound, so filtering on `t` is exact for both kinds of row.
 */
function windowRows(shopId: number, window: ReturnType<typeof windowOf>) {
  const { previousStart, end } = window;
  const edges = hoursAroundBounds(window);
  const edgeHours = instants(edges);
  // One column per status, in the order of the status machine, in every branch of the union.
  const statuses = sql.raw(orderStatuses.join(', '));
  const statusOfOrder = orderStatuses.map((status) => sql.raw(`(o.status = '${status}')::int`));
  const noOrders = sql.raw(
    Array(orderStatuses.length + 2)
      .fill('0')
      .join(', '),
  ); // orders, statuses, revenue
  const customersAt = (column: 'latest_at' | 'second_latest_at', counts: SQL) => sql`
    select c.${sql.raw(column)}, ${noOrders}, ${counts}
    from unnest(${edgeHours}) as edge(hour)
    join shop_customers c on c.shop_id = ${shopId}
      and c.${sql.raw(column)} >= edge.hour and c.${sql.raw(column)} < edge.hour + interval '1 hour'`;
  return sql`
    select hour as t, ${sql.raw(orderStatuses.join(' + '))} as orders, ${statuses}, revenue_cents,
      customers_latest, customers_second_latest
    from shop_order_hours
    where shop_id = ${shopId} and hour >= ${instant(floorTo(previousStart, HOUR_MS))}
      and hour <= ${instant(floorTo(end, HOUR_MS))} and hour <> all(${edgeHours})
    union all
    select o.created_at, 1, ${sql.join(statusOfOrder, sql`, `)},
      case when o.status = 'cancelled' then 0 else o.total_cents end, 0, 0
    from unnest(${edgeHours}) as edge(hour)
    join orders o on o.shop_id = ${shopId}
      and o.created_at >= edge.hour and o.created_at < edge.hour + interval '1 hour'
    where o.created_at >= ${instant(previousStart)} and o.created_at <= ${instant(end)}
    union all ${customersAt('latest_at', sql`1, 0`)}
    union all ${customersAt('second_latest_at', sql`0, 1`)}`;
}

/**
 * Distinct customers of the window and those with two or more orders in it, from the orders themselves: asked
 * separately, only when the shop has orders after the window's end (an injected `now` in tests, or a clock behind
 * the database's), where "latest order" would no longer mean "latest order up to now". Not a branch of the main
 * statement: its estimated cost would count there even unrun, and where JIT is on push PostgreSQL to compile the
 * whole statement (the app's own connections turn JIT off: db/client.ts).
 */
export function customersQuery(shopId: number, now: Date, days: number) {
  const { end, start } = windowOf(now, days);
  return sql`
    select count(*)::int as customers, count(*) filter (where placed >= 2)::int as repeat_customers
    from (select customer_id, count(*) as placed from orders
      where shop_id = ${shopId} and created_at >= ${instant(start)} and created_at <= ${instant(end)}
      group by customer_id) per_customer`;
}

/**
 * Totals of the window and the period before it: orders (cancelled included), revenue and average (cancelled left
 * out), growth (spec §9: 0 when the earlier period is zero), last week's revenue (the 7 days before the current 7,
 * inside the range as 2 × days ≥ 14), orders per status, and unique and repeat customers: a customer ordered in a
 * window that ends now when their latest order is in it, twice when their second-latest is.
 */
function totalsOf(shopId: number, window: ReturnType<typeof windowOf>) {
  const { start, end, weekStart, lastWeekStart } = window;
  const inWindow = sql`t >= ${instant(start)}`;
  const sumIn = (column: string, where: SQL) =>
    sql`coalesce(sum(${sql.raw(column)}) filter (where ${where}), 0)`;
  const growth = (current: string, previous: string) =>
    sql.raw(`case when ${previous} = 0 then 0
      else round((${current} - ${previous}) * 100.0 / ${previous}, 1)::float8 end`);
  const laterOrders = sql`exists (select 1 from orders where shop_id = ${shopId} and created_at > ${instant(end)})`;
  return sql`
    select orders, revenue, last_week_revenue, ${sql.join(
      orderStatuses.map((status) => sql.raw(status)),
      sql`, `,
    )},
      ${growth('orders', 'previous_orders')} as orders_growth,
      ${growth('revenue', 'previous_revenue')} as revenue_growth,
      case when paid_orders = 0 then 0 else round(revenue::numeric / paid_orders)::int8 end as avg_order_cents,
      customers, repeat_customers, ${laterOrders} as has_later_orders
    from (
      select
        ${sumIn('orders', inWindow)} as orders,
        ${sumIn('orders', sql`not ${inWindow}`)} as previous_orders,
        ${sumIn('revenue_cents', inWindow)} as revenue,
        ${sumIn('orders - cancelled', inWindow)} as paid_orders,
        ${sumIn('revenue_cents', sql`not ${inWindow}`)} as previous_revenue,
        ${sumIn('revenue_cents', sql`t >= ${instant(lastWeekStart)} and t < ${instant(weekStart)}`)} as last_week_revenue,
        ${sql.join(
          orderStatuses.map((status) => sql`${sumIn(status, inWindow)} as ${sql.raw(status)}`),
          sql`, `,
        )},
        ${sumIn('customers_latest', inWindow)} as customers,
        ${sumIn('customers_second_latest', inWindow)} as repeat_customers
      from window_rows
    ) totals`;
}

/** The window's orders by local weekday and hour (the heat map) and by local hour (peak hours). */
function groupsOf(window: ReturnType<typeof windowOf>) {
  return sql`
    select weekday, hour, grouping(weekday, hour)::int as grouping_set, sum(orders)::int as orders
    from (
      select orders, extract(dow from placed)::int as weekday, extract(hour from placed)::int as hour
      from window_rows, lateral (select ${local(sql`t`)} as placed) as local_time
      where t >= ${instant(window.start)} and orders > 0
      offset 0 -- kept as a subquery, so each row's local time is worked out once, not once per grouping key
    ) window_orders
    group by grouping sets ((weekday, hour), (hour))`;
}

/** Revenue of each of the last 7 local days, today included, days without orders as 0. */
function dailyRevenueOf(window: ReturnType<typeof windowOf>) {
  const today = sql`${local(instant(window.end))}::date`;
  const first = sql`(${today} - ${DAILY_REVENUE_DAYS - 1}::int)`;
  return sql`
    select to_char(days.day, 'YYYY-MM-DD') as date, coalesce(revenue.cents, 0) as cents
    from (select (${today} - back)::date as day from generate_series(${DAILY_REVENUE_DAYS - 1}::int, 0, -1) as back) days
    left join (
      select ${local(sql`t`)}::date as day, sum(revenue_cents) as cents
      from window_rows
      where t >= (${first}::timestamp at time zone ${zone})
      group by 1
    ) revenue on revenue.day = days.day`;
}

/**
 * Everything read from the window's hours in one statement: totals, statuses, customers, the heat map and peak
 * hours (grouping_set 0: weekday and hour; 2: hour), and the last 7 days' revenue. The hours are read once
 * (a materialized CTE) and summed several ways.
 */
export function windowFiguresQuery(shopId: number, now: Date, days: number) {
  const window = windowOf(now, days);
  return sql`
    with window_rows as materialized (${windowRows(shopId, window)})
    select totals.*,
      (select json_agg(part order by part.grouping_set, part.weekday, part.hour) from (${groupsOf(window)}) part)
        as groups,
      (select json_agg(part order by part.date) from (${dailyRevenueOf(window)}) part) as daily
    from (${totalsOf(shopId, window)}) totals`;
}

/**
 * A window [start, end] cut into what each source answers exactly: whole UTC days (day rows), whole UTC hours around
 * them (hour rows), and the minutes before the first whole hour and from the last (the rows themselves).
 */
function tilesOf(start: Date, end: Date) {
  const firstHour = ceilTo(start, HOUR_MS);
  const lastHour = floorTo(end, HOUR_MS);
  const firstDay = ceilTo(firstHour, DAY_MS);
  const lastDay = floorTo(lastHour, DAY_MS);
  if (firstHour > lastHour) return { days: [], hours: [], head: [start, start], tail: [start, end] };
  const hasDays = firstDay < lastDay;
  return {
    days: hasDays ? [[firstDay, lastDay]] : [],
    hours: hasDays
      ? [
          [firstHour, firstDay],
          [lastDay, lastHour],
        ]
      : [[firstHour, lastHour]],
    /** [start, firstHour): half-open. */
    head: [start, firstHour],
    /** [lastHour, end]: the end included, as everywhere in a window. */
    tail: [lastHour, end],
  } as { days: Date[][]; hours: Date[][]; head: [Date, Date]; tail: [Date, Date] };
}

/** The rows of a rollup kept per hour and per day (shop_item_sales, shop_ready_minutes) that tile a window. */
function tiledRollup(table: string, columns: string, shopId: number, tiles: ReturnType<typeof tilesOf>) {
  const ranges = [
    ...tiles.days.map(([from, to]) => ({ hours: 24, from: from!, to: to! })),
    ...tiles.hours.map(([from, to]) => ({ hours: 1, from: from!, to: to! })),
  ].filter((range) => range.from < range.to);
  if (ranges.length === 0) return sql`select ${sql.raw(columns)} from ${sql.raw(table)} where false`;
  return sql.join(
    ranges.map(
      (range) => sql`select ${sql.raw(columns)} from ${sql.raw(table)}
        where shop_id = ${shopId} and hours = ${range.hours}
          and bucket >= ${instant(range.from)} and bucket < ${instant(range.to)}`,
    ),
    sql` union all `,
  );
}

/** `created_at` in the window's ends not covered by whole hours: [start, first hour) and [last hour, end]. */
function atTheEnds(tiles: ReturnType<typeof tilesOf>, column: SQL) {
  const [headFrom, headTo] = tiles.head;
  const [tailFrom, tailTo] = tiles.tail;
  return sql`((${column} >= ${instant(headFrom)} and ${column} < ${instant(headTo)})
    or (${column} >= ${instant(tailFrom)} and ${column} <= ${instant(tailTo)}))`;
}

/** The 5 items sold most by quantity in the window (cancelled orders left out). */
export function topItemsQuery(shopId: number, now: Date, days: number) {
  const { end, start } = windowOf(now, days);
  const tiles = tilesOf(start, end);
  return sql`
    select name, sum(quantity)::int as quantity, sum(revenue_cents) as cents
    from (
      ${tiledRollup('shop_item_sales', 'name, quantity::int8, revenue_cents', shopId, tiles)}
      union all
      select name, quantity, quantity * price_cents::int8 from order_lines
      where shop_id = ${shopId} and not is_cancelled and ${atTheEnds(tiles, sql`created_at`)}
    ) sold
    group by name
    having sum(quantity) > 0
    order by sum(quantity) desc, name
    limit ${TOP_ITEMS}`;
}

/**
 * The median time from placement to ready of the window's orders, exactly as percentile_cont(0.5) would give it over
 * every order: the histogram of whole minutes (shop_ready_minutes, and the orders at the window's ends) says which
 * minute holds the middle order (or the middle two) and its rank there; that one value is then read from the
 * window's orders of that minute alone (index orders_shop_ready_minute), and the two middle values interpolated.
 */
export function medianQuery(shopId: number, now: Date, days: number) {
  const { end, start } = windowOf(now, days);
  const tiles = tilesOf(start, end);
  return sql`
    with minutes as (
      select minute, sum(orders) as orders
      from (
        ${tiledRollup('shop_ready_minutes', 'minute, orders', shopId, tiles)}
        union all
        select minutes_to_ready(created_at, ready_at), 1 from orders
        where shop_id = ${shopId} and ready_at is not null and ${atTheEnds(tiles, sql`created_at`)}
      ) counted
      group by minute
      having sum(orders) > 0
    ), ranked as (
      select minute, orders, sum(orders) over (order by minute) - orders as below, sum(orders) over () as total
      from minutes
    ), middle as (
      select distinct (total - 1) / 2.0 as position from ranked
    ), picked as (
      select middle.position, side.which, (
        select extract(epoch from o.ready_at - o.created_at)::float8 from orders o
        where o.shop_id = ${shopId} and o.ready_at is not null
          and minutes_to_ready(o.created_at, o.ready_at) = ranked.minute
          and o.created_at >= ${instant(start)} and o.created_at <= ${instant(end)}
        order by 1
        offset side.rank - ranked.below limit 1
      ) as seconds
      from middle
      cross join lateral (values ('low', floor(middle.position)), ('high', ceil(middle.position))) as side(which, rank)
      join ranked on side.rank >= ranked.below and side.rank < ranked.below + ranked.orders
    )
    -- percentile_cont's own arithmetic: low + (high - low) × the fraction of the position.
    select round((median_seconds / 60)::numeric, 1)::float8 as median_minutes
    from (
      select low + (high - low) * (position - floor(position))::float8 as median_seconds
      from (
        select position, max(seconds) filter (where which = 'low') as low,
          max(seconds) filter (where which = 'high') as high
        from picked group by position
      ) sides
    ) median`;
}

/**
 * The latest promotion that has begun, and the same number of whole local days before it and since it began (up to
 * today or its last day): shop page views (counted per day), new favourites and orders placed in each span. Local
 * midnights are whole UTC hours, so orders come whole from shop_order_hours.
 */
export function promotionQuery(shopId: number, now: Date) {
  const end = instant(now);
  const today = sql`${local(end)}::date`;
  const midnight = (day: SQL) => sql`((${day})::timestamp at time zone ${zone})`;
  const views = (from: SQL, to: SQL) =>
    sql`(select coalesce(sum(views), 0)::int from shop_views
      where shop_id = ${shopId} and day >= ${from} and day <= ${to})`;
  const favourites = (from: SQL, to: SQL) =>
    sql`(select count(*)::int from favorites
      where shop_id = ${shopId} and created_at >= ${midnight(from)} and created_at < ${midnight(sql`${to} + 1`)})`;
  const orders = (from: SQL, to: SQL) =>
    sql`(select coalesce(sum(${sql.raw(orderStatuses.join(' + '))}), 0)::int
      from shop_order_hours
      where shop_id = ${shopId} and hour >= ${midnight(from)} and hour < ${midnight(sql`${to} + 1`)})`;
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
      ${favourites(before.from, before.to)} as favourites_before,
      ${favourites(during.from, during.to)} as favourites_during,
      ${orders(before.from, before.to)} as orders_before,
      ${orders(during.from, during.to)} as orders_during
    from spans`;
}

type WindowFigures = {
  orders: unknown;
  revenue: unknown;
  last_week_revenue: unknown;
  orders_growth: unknown;
  revenue_growth: unknown;
  avg_order_cents: unknown;
  customers: unknown;
  repeat_customers: unknown;
  has_later_orders: boolean;
  groups: { weekday: number | null; hour: number; grouping_set: number; orders: number }[] | null;
  daily: { date: string; cents: unknown }[];
} & Record<OrderStatus, unknown>;
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

/** The grouping sets of windowFiguresQuery's groups, as grouping(weekday, hour) numbers them. */
const BY_WEEKDAY_AND_HOUR = 0;
const BY_HOUR = 2;

function promotionOf(promotion: PromotionRow | null): ShopAnalytics['promotion'] {
  if (!promotion) return null;
  return {
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
  };
}

type AnalyticsRow = {
  rating: string;
  menu_items: number;
  total_messages: number;
  figures: WindowFigures;
  top: { name: string; quantity: number; cents: unknown }[] | null;
  median: { median_minutes: number } | null;
  promotion: PromotionRow | null;
};

/**
 * The one statement of an answer: the shop row proves ownership, and each part is a subquery of it (run once, and
 * not at all when the shop is not this owner's). Parts come back as JSON, numbers as numbers.
 */
export function analyticsStatement(ownerId: number, shopId: number, now: Date, days: number) {
  return sql`select s.rating::text as rating,
      (select count(*)::int from menu_items m where m.shop_id = s.id) as menu_items,
      (select coalesce(sum(c.messages), 0)::int from shop_message_counts c where c.shop_id = s.id)
        as total_messages,
      (select row_to_json(part) from (${windowFiguresQuery(shopId, now, days)}) part) as figures,
      (select json_agg(part order by part.quantity desc, part.name)
        from (${topItemsQuery(shopId, now, days)}) part) as top,
      (select row_to_json(part) from (${medianQuery(shopId, now, days)}) part) as median,
      (select row_to_json(part) from (${promotionQuery(shopId, now)}) part) as promotion
    from coffee_shops s where s.id = ${shopId} and s.owner_id = ${ownerId}`;
}

/** Unique and repeat customers: from the rollups, or counted from the orders when some are after `now`. */
async function customersOf(db: Database, figures: WindowFigures, shopId: number, now: Date, days: number) {
  if (!figures.has_later_orders)
    return { customers: num(figures.customers), repeatCustomers: num(figures.repeat_customers) };
  const [counted] = await rows<{ customers: number; repeat_customers: number }>(
    db,
    customersQuery(shopId, now, days),
  );
  return { customers: num(counted?.customers), repeatCustomers: num(counted?.repeat_customers) };
}

/** The Analytics Dashboard's figures for the shop's owner; 404 for anyone else's shop. */
export async function getShopAnalytics(
  db: Database,
  ownerId: number,
  shopId: number,
  days: number,
  now = new Date(),
): Promise<ShopAnalytics> {
  const [answer] = await rows<AnalyticsRow>(db, analyticsStatement(ownerId, shopId, now, days));
  if (!answer) throw new HttpError(404, 'Coffee shop not found');
  const { figures, median } = answer;
  const groups = figures.groups ?? [];
  const groupOf = (set: number) => groups.filter((row) => row.grouping_set === set);
  const customers = await customersOf(db, figures, shopId, now, days);
  return {
    periodDays: days,
    totalRevenue: money(figures.revenue),
    revenueGrowth: num(figures.revenue_growth),
    totalOrders: num(figures.orders),
    ordersGrowth: num(figures.orders_growth),
    uniqueCustomers: customers.customers,
    avgOrderValue: money(figures.avg_order_cents),
    dailyRevenue: figures.daily.map((day) => ({ date: day.date, revenue: money(day.cents) })),
    statusBreakdown: orderStatuses
      .map((status) => ({ status, count: num(figures[status]) }))
      .filter((entry) => entry.count > 0),
    peakHours: groupOf(BY_HOUR).map((row) => ({ hour: row.hour, orders: row.orders })),
    topItems: (answer.top ?? []).map((item) => ({
      name: item.name,
      quantity: item.quantity,
      revenue: money(item.cents),
    })),
    totalMessages: answer.total_messages,
    menuItems: answer.menu_items,
    lastWeekRevenue: money(figures.last_week_revenue),
    rating: Number(answer.rating).toFixed(1),
    repeatCustomers: customers.repeatCustomers,
    medianMinutesToReady: median ? num(median.median_minutes) : null,
    heatmap: groupOf(BY_WEEKDAY_AND_HOUR).map((row) => ({
      weekday: row.weekday!,
      hour: row.hour,
      orders: row.orders,
    })),
    promotion: promotionOf(answer.promotion),
  };
}

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled. Text that a
 * spreadsheet would run as a formula (=, +, -, @ first) gets a leading apostrophe: item names and usernames come
 * from other people.
 */
export function csvField(value: string | number | null, isText = false): string {
  if (value === null) return '';
  let text = String(value);
  if (isText && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Proves the owner owns the shop; another owner's shop and a missing one are the same 404 (rule 4). */
async function ownedShop(db: Database, shopId: number, ownerId: number) {
  const [shop] = await rows<{ id: number }>(
    db,
    sql`select id from coffee_shops where id = ${shopId} and owner_id = ${ownerId}`,
  );
  if (!shop) throw new HttpError(404, 'Coffee shop not found');
}

/**
 * The window's orders as CSV, oldest first: times in Africa/Johannesburg ('YYYY-MM-DD HH:MM'), items as
 * '2 x Flat White; 1 x Croissant' from the order's own record, total as decimal text.
 */
export async function ordersCsv(
  db: Database,
  ownerId: number,
  shopId: number,
  days: number,
  now = new Date(),
): Promise<string> {
  await ownedShop(db, shopId, ownerId);
  const { end, start } = windowOf(now, days);
  const orders = await rows<{
    id: number;
    created: string;
    pickup: string | null;
    status: string;
    customer: string;
    items: string | null;
    total_cents: number;
  }>(
    db,
    sql`select o.id, to_char(${local(sql`o.created_at`)}, 'YYYY-MM-DD HH24:MI') as created,
        to_char(${local(sql`o.pickup_time`)}, 'YYYY-MM-DD HH24:MI') as pickup, o.status::text as status,
        u.username as customer,
        (select string_agg((line->>'quantity') || ' x ' || (line->>'name'), '; ' order by position)
          from jsonb_array_elements(o.items) with ordinality as lines(line, position)) as items,
        o.total_cents
      from orders o join users u on u.id = o.customer_id
      where o.shop_id = ${shopId} and o.created_at >= ${instant(start)} and o.created_at <= ${instant(end)}
      order by o.created_at, o.id`,
  );
  const lines = [ORDERS_CSV_COLUMNS.join(',')];
  for (const order of orders) {
    lines.push(
      [
        csvField(order.id),
        csvField(order.created),
        csvField(order.pickup),
        csvField(order.status),
        csvField(order.customer, true),
        csvField(order.items ?? '', true),
        csvField(centsToDecimalText(order.total_cents)),
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Counts one view of a shop's page for today (Africa/Johannesburg): one row per shop and day, incremented in
 * place. Not awaited by the page's request and never failing it: a lost view is better than a failed page.
 */
export function recordShopView(db: Database, shopId: number, log: FastifyBaseLogger): void {
  db.execute(
    sql`insert into shop_views (shop_id, day, views) values (${shopId}, ${local(sql`now()`)}::date, 1)
      on conflict (shop_id, day) do update set views = shop_views.views + 1`,
  ).catch((error: unknown) => log.warn({ err: error, shopId }, 'could not count a shop view'));
}
