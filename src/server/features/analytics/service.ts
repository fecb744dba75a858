// Analytics of one shop, every figure computed by the database (spec §2 Analytics dialog, §9), and its view counter.
// Figures are summed from rollups the database keeps by trigger (migrations 0007-0009): orders per shop and UTC hour
// and per local day (with orders per local hour), items and times to ready per UTC hour and day, each customer's
// latest two orders, messages per conversation. A window's whole days and hours come from those; the minutes at its
// ends, which a rollup bucket would overshoot, from the orders themselves. So every figure is exact, and its cost
// follows the window's length in days rather than the orders in it, save the rows at its ends
// (docs/decisions/0004-analytics-rollups.md).
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  DAILY_REVENUE_DAYS,
  ORDERS_CSV_COLUMNS,
  type ShopAnalytics,
  TOP_ITEMS,
  TOP_OPTIONS,
} from '../../../shared/api/analytics.js';
import { centsToDecimalText } from '../../../shared/domain/money.js';
import { localClock, localMidnight, SHOP_TIME_ZONE } from '../../../shared/domain/opening-hours.js';
import { type OrderStatus, orderStatuses } from '../../../shared/domain/order-status.js';
import type { Database } from '../../db/client.js';
import { executeOnGenericPlan } from '../../db/prepared.js';
import { HttpError } from '../../http-error.js';
import { hit } from '../../limits/shared-counter.js';

/** Local time of a timestamptz column or value, in SQL (CONVENTIONS rule 14). */
const zone = sql.raw(`'${SHOP_TIME_ZONE}'`);
const local = (instant: SQL) => sql`(${instant} at time zone ${zone})`;
/** The instant a local date (an SQL date) begins. */
const midnight = (day: SQL) => sql`((${day})::timestamp at time zone ${zone})`;

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
/** A list as an SQL array constant of the given type (one text parameter, the same on both drivers). */
const arrayOf = (items: (string | number)[], type: string) =>
  sql`${`{${items.join(',')}}`}::${sql.raw(type)}[]`;
/** Instants as an SQL array constant. */
const instants = (list: Date[]) =>
  arrayOf(
    list.map((at) => at.toISOString()),
    'timestamptz',
  );
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

/** The local dates of instants, each once, in order: 'YYYY-MM-DD' texts as an SQL date[] constant. */
function localDays(list: Date[]) {
  const days = [...new Set(list.map((at) => localClock(at).date))].sort();
  return { first: days[0]!, last: days.at(-1)!, all: arrayOf(days, 'date') };
}

/**
 * The window's orders, two periods long (the window and the one before it, for growth), read at the coarsest
 * grain that stays exact: one row per whole local day that holds no bound of the window (shop_order_days, with its
 * orders per local hour in `hourly`), one row per whole UTC hour of the days that do (shop_order_hours), and, for
 * the hours around the bounds themselves, one row for each side of the bound summed from the orders (and from
 * shop_customers). `t` is the day's or hour's start, or for a side of a bound the hour's start or the bound; each
 * row counts its orders per status, revenue (cancelled left out), and the customers whose latest and second-latest
 * orders fall there. Every row lies entirely on one side of every bound, so filtering on `t` is exact for every kind
 * of row, and a busy shop reads about as many rows as a quiet one, save the hours of at most five days (and the
 * orders of at most five hours, summed before they leave this part).
 */
function windowRows(shopId: number, window: ReturnType<typeof windowOf>) {
  const { previousStart, lastWeekStart, weekStart, start, end } = window;
  const edgeStarts = hoursAroundBounds(window);
  const edgeHours = instants(edgeStarts);
  const minutesPast = end.getTime() - floorTo(end, HOUR_MS).getTime();
  const boundDays = localDays([previousStart, lastWeekStart, weekStart, start, end]);
  // The counted columns of the rollups: orders, one per status in the order of the status machine, revenue,
  // customers; the same in every branch of the union.
  const counted = sql.raw(
    `${orderStatuses.join(' + ')} as orders, ${orderStatuses.join(', ')}, revenue_cents, customers_latest, customers_second_latest`,
  );
  const statusCounts = orderStatuses.map((status) =>
    sql.raw(`count(*) filter (where o.status = '${status}')`),
  );
  const noOrders = sql.raw(
    Array(orderStatuses.length + 2)
      .fill('0')
      .join(', '),
  ); // orders, statuses, revenue
  // The hours around the bounds, each with its bound (they share its minutes): what is in such an hour is summed
  // into two rows, one for each side of the bound, at the hour's start and at the bound.
  const edgeBounds = instants(edgeStarts.map((hour) => new Date(hour.getTime() + minutesPast)));
  const edges = sql`unnest(${edgeHours}, ${edgeBounds}) as edge(hour, bound)`;
  const side = (at: string) => sql.raw(`case when ${at} < edge.bound then edge.hour else edge.bound end`);
  // Each join to the edge hours or bound days is a lateral subquery kept apart (offset 0): an index range per hour
  // or day, whatever the plan guesses of their number (a generic plan cannot see the arrays).
  const customersAt = (column: 'latest_at' | 'second_latest_at', counts: SQL) => sql`
    select ${side('c.at')}, ${noOrders}, ${counts}, null::int[]
    from ${edges}
    cross join lateral (select c.${sql.raw(column)} as at from shop_customers c where c.shop_id = ${shopId}
      and c.${sql.raw(column)} >= edge.hour and c.${sql.raw(column)} < edge.hour + interval '1 hour'
      offset 0) c
    group by 1`;
  return sql`
    select ${midnight(sql`day`)} as t, ${counted}, hourly_orders as hourly
    from shop_order_days
    where shop_id = ${shopId} and day > ${boundDays.first}::date and day < ${boundDays.last}::date
      and day <> all(${boundDays.all})
    union all
    select h.hour, ${counted}, null
    from unnest(${boundDays.all}) as bound(day)
    cross join lateral (select * from shop_order_hours h where h.shop_id = ${shopId}
      and h.hour >= ${midnight(sql`bound.day`)} and h.hour < ${midnight(sql`(bound.day + 1)`)}
      and h.hour >= ${instant(floorTo(previousStart, HOUR_MS))} and h.hour <= ${instant(floorTo(end, HOUR_MS))}
      and h.hour <> all(${edgeHours})
      offset 0) h
    union all
    select ${side('o.created_at')}, count(*), ${sql.join(statusCounts, sql`, `)},
      coalesce(sum(o.total_cents) filter (where o.status <> 'cancelled'), 0), 0, 0, null
    from ${edges}
    cross join lateral (select o.created_at, o.status, o.total_cents from orders o where o.shop_id = ${shopId}
      and o.created_at >= edge.hour and o.created_at < edge.hour + interval '1 hour'
      and o.created_at >= ${instant(previousStart)} and o.created_at <= ${instant(end)}
      offset 0) o
    group by 1
    union all ${customersAt('latest_at', sql`count(*), 0`)}
    union all ${customersAt('second_latest_at', sql`0, count(*)`)}`;
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
    select orders, revenue, last_week_revenue, previous_orders, previous_revenue, ${sql.join(
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

/**
 * What the heat map (the window's orders by local weekday and hour; peak hours are its sums per hour) is summed
 * from, in Node (168 cells: cheaper than grouping several hundred rows in the database): each day row's weekday and
 * its orders per hour (`hourly`), and each other row's cell (weekday × 24 + hour, of its local time) and orders.
 */
function heatOf(window: ReturnType<typeof windowOf>) {
  const isDay = sql.raw('hourly is not null');
  return sql`
    select array_agg(weekday) filter (where ${isDay}) as day_weekdays,
      array_agg(hourly) filter (where ${isDay}) as day_hours,
      array_agg(weekday * 24 + hour) filter (where not ${isDay}) as cells,
      array_agg(orders) filter (where not ${isDay}) as orders
    from (
      select date_part('dow', placed)::int as weekday, date_part('hour', placed)::int as hour, orders, hourly
      from window_rows, lateral (select ${local(sql`t`)} as placed) as local_time
      where t >= ${instant(window.start)} and (${isDay} or orders > 0)
      offset 0 -- kept as a subquery, so each row's local time is worked out once, not once per use
    ) window_orders`;
}

/** Revenue of each of the last 7 local days, today included, days without orders as 0. */
function dailyRevenueOf(window: ReturnType<typeof windowOf>) {
  const today = sql`${local(instant(window.end))}::date`;
  // The first day's start as a constant: a generic plan would work the date arithmetic out again for every row.
  const first = localMidnight(window.end, DAILY_REVENUE_DAYS - 1);
  return sql`
    select to_char(days.day, 'YYYY-MM-DD') as date, coalesce(revenue.cents, 0) as cents
    from (select (${today} - back)::date as day from generate_series(${DAILY_REVENUE_DAYS - 1}::int, 0, -1) as back) days
    left join (
      select ${local(sql`t`)}::date as day, sum(revenue_cents) as cents
      from window_rows
      where t >= ${instant(first)}
      group by 1
    ) revenue on revenue.day = days.day`;
}

/**
 * Everything read from the window's days and hours in one statement: totals, statuses, customers, the heat map
 * (and so peak hours), and the last 7 days' revenue. The rows are read once (a materialized CTE) and summed
 * several ways.
 */
export function windowFiguresQuery(shopId: number, now: Date, days: number) {
  const window = windowOf(now, days);
  return sql`
    with window_rows as materialized (${windowRows(shopId, window)})
    select totals.*,
      heat.day_weekdays as heat_day_weekdays, heat.day_hours as heat_day_hours,
      heat.cells as heat_cells, heat.orders as heat_orders,
      (select json_agg(part order by part.date) from (${dailyRevenueOf(window)}) part) as daily
    from (${totalsOf(shopId, window)}) totals, (${heatOf(window)}) heat`;
}

/**
 * A part of a window, counted with a sign: a rollup's rows of one grain (1: UTC hours, 24: UTC days) whose bucket
 * starts in [from, to), or the summarised rows themselves with `created_at` between `from` and `to` (each bound
 * included or not).
 */
type Tile =
  | { kind: 'rollup'; hours: 1 | 24; from: Date; to: Date; sign: 1 | -1 }
  | { kind: 'rows'; from: Date; fromIncluded: boolean; to: Date; toIncluded: boolean; sign: 1 | -1 };

/** Whole UTC hours [from, to) as rollup rows; nothing when empty. */
const hourTiles = (from: Date, to: Date, sign: 1 | -1): Tile[] =>
  from < to ? [{ kind: 'rollup', hours: 1, from, to, sign }] : [];
const hoursBetween = (from: Date, to: Date) => Math.max(0, (to.getTime() - from.getTime()) / HOUR_MS);

/**
 * A window [start, end] cut into what each source answers exactly: whole UTC days (day rows), whole UTC hours
 * (hour rows) and the minutes around the bounds (the rows themselves). The partial day at each end is read from
 * its shorter side: the hours from the bound to the day's edge, or the whole day less the hours on the other side
 * of the bound. So a busy shop reads at most about 24 hour rows per item or minute, 12 on average, beside its day
 * rows; the rows at a bound are either the minutes before it in its hour or those after.
 */
function tilesOf(start: Date, end: Date): Tile[] {
  const startDay = floorTo(start, DAY_MS);
  const endDay = floorTo(end, DAY_MS);
  const tiles: Tile[] = [];
  const rows = (from: Date, fromIncluded: boolean, to: Date, toIncluded: boolean, sign: 1 | -1): Tile[] =>
    from < to || (from.getTime() === to.getTime() && fromIncluded && toIncluded)
      ? [{ kind: 'rows', from, fromIncluded, to, toIncluded, sign }]
      : [];
  if (startDay.getTime() === endDay.getTime()) {
    // Within one UTC day: its hours and the minutes at both ends, read forward.
    const firstHour = ceilTo(start, HOUR_MS);
    const lastHour = floorTo(end, HOUR_MS);
    if (firstHour > lastHour) return rows(start, true, end, true, 1);
    return [
      ...rows(start, true, firstHour, false, 1),
      ...hourTiles(firstHour, lastHour, 1),
      ...rows(lastHour, true, end, true, 1),
    ];
  }
  // Whole days between the partial ones.
  const firstWholeDay =
    start.getTime() === startDay.getTime() ? startDay : new Date(startDay.getTime() + DAY_MS);
  if (firstWholeDay < endDay)
    tiles.push({ kind: 'rollup', hours: 24, from: firstWholeDay, to: endDay, sign: 1 });
  // The start's day from the start on: [start, next midnight).
  if (start > startDay) {
    const nextDay = new Date(startDay.getTime() + DAY_MS);
    const hourBefore = floorTo(start, HOUR_MS);
    const hourAfter = ceilTo(start, HOUR_MS);
    if (hoursBetween(startDay, hourBefore) + 1 < hoursBetween(hourAfter, nextDay))
      tiles.push(
        { kind: 'rollup', hours: 24, from: startDay, to: nextDay, sign: 1 },
        ...hourTiles(startDay, hourBefore, -1),
        ...rows(hourBefore, true, start, false, -1),
      );
    else tiles.push(...rows(start, true, hourAfter, false, 1), ...hourTiles(hourAfter, nextDay, 1));
  }
  // The end's day up to the end: [midnight, end].
  const nextDay = new Date(endDay.getTime() + DAY_MS);
  const hourOfEnd = floorTo(end, HOUR_MS);
  const hourAfterEnd = new Date(hourOfEnd.getTime() + HOUR_MS);
  if (hoursBetween(hourAfterEnd, nextDay) + 1 < hoursBetween(endDay, hourOfEnd))
    tiles.push(
      { kind: 'rollup', hours: 24, from: endDay, to: nextDay, sign: 1 },
      ...hourTiles(hourAfterEnd, nextDay, -1),
      ...rows(end, false, hourAfterEnd, false, -1),
    );
  else tiles.push(...hourTiles(endDay, hourOfEnd, 1), ...rows(hourOfEnd, true, end, true, 1));
  return tiles;
}

/** An instant as timestamptz text, `micros` microseconds later (Date has milliseconds: the text carries the rest). */
const isoPlusMicros = (at: Date, micros: 0 | 1) => at.toISOString().replace('Z', micros ? '001Z' : 'Z');
/**
 * Every tile of a window in two branches, whatever their number (fewer parts for PostgreSQL to plan): the rollup's
 * rows (`columns`, of `r`, a table kept per hour and per day: shop_item_sales, shop_ready_minutes) joined to the
 * rollup tiles, and `fromRows(from, to)` (rows with created_at in [from, to)) for each rows tile; each row with its
 * tile's `sign` as a last column. A rows tile's bounds become half-open by a microsecond, the timestamps' grain.
 */
function tiled(
  table: string,
  columns: string,
  shopId: number,
  tiles: Tile[],
  fromRows: (from: SQL, to: SQL) => SQL,
) {
  const rollups = tiles.filter((tile) => tile.kind === 'rollup');
  const rows = tiles.filter((tile) => tile.kind === 'rows');
  return sql`
    select ${sql.raw(columns)}, tile.sign
    from unnest(${arrayOf(
      rollups.map((tile) => tile.hours),
      'int2',
    )}, ${arrayOf(
      rollups.map((tile) => tile.from.toISOString()),
      'timestamptz',
    )}, ${arrayOf(
      rollups.map((tile) => tile.to.toISOString()),
      'timestamptz',
    )}, ${arrayOf(
      rollups.map((tile) => tile.sign),
      'int',
    )}) as tile(hours, from_at, to_at, sign)
    cross join lateral (
      select * from ${sql.raw(table)} r where r.shop_id = ${shopId} and r.hours = tile.hours
        and r.bucket >= tile.from_at and r.bucket < tile.to_at
      offset 0 -- kept apart: an index range per tile, never a hash join over the shop's every row
    ) r
    union all
    select counted.*, tile.sign
    from unnest(${arrayOf(
      rows.map((tile) => isoPlusMicros(tile.from, tile.fromIncluded ? 0 : 1)),
      'timestamptz',
    )}, ${arrayOf(
      rows.map((tile) => isoPlusMicros(tile.to, tile.toIncluded ? 1 : 0)),
      'timestamptz',
    )}, ${arrayOf(
      rows.map((tile) => tile.sign),
      'int',
    )}) as tile(from_at, to_at, sign)
    cross join lateral (${fromRows(sql`tile.from_at`, sql`tile.to_at`)} offset 0) counted`;
}

/** The 5 items sold most by quantity in the window (cancelled orders left out). */
export function topItemsQuery(shopId: number, now: Date, days: number) {
  const { end, start } = windowOf(now, days);
  const tiles = tilesOf(start, end);
  return sql`
    select name, sum(quantity * sign)::int as quantity, sum(revenue_cents * sign) as cents
    from (
      ${tiled(
        'shop_item_sales',
        'r.name, r.quantity::int8 as quantity, r.revenue_cents',
        shopId,
        tiles,
        (from, to) => sql`select name, quantity::int8, quantity * price_cents::int8 from order_lines
          where shop_id = ${shopId} and not is_cancelled and created_at >= ${from} and created_at < ${to}`,
      )}
    ) sold
    group by name
    having sum(quantity * sign) > 0
    order by sum(quantity * sign) desc, name
    limit ${TOP_ITEMS}`;
}

/**
 * The 5 options chosen most in the window (cancelled orders left out), counted in cups, and each one's share of the
 * cups of items that offered its group ('Oat milk · 34 % of milk choices'). Read from the window's lines of items
 * that offered options only (partial index order_lines_shop_options); groups are matched by their names as ordered.
 */
export function topOptionsQuery(shopId: number, now: Date, days: number) {
  const { end, start } = windowOf(now, days);
  return sql`
    with offered_lines as (
      select quantity, options, option_groups from order_lines
      where shop_id = ${shopId} and option_groups is not null and not is_cancelled
        and created_at >= ${instant(start)} and created_at <= ${instant(end)}
    ),
    chosen as (
      select option->>'group' as group_name, option->>'name' as name, sum(quantity)::int as count
      from offered_lines, jsonb_array_elements(options) as option
      group by 1, 2
    ),
    offered as (
      select group_name, sum(quantity)::int as cups
      from offered_lines, unnest(option_groups) as group_name
      group by 1
    )
    select chosen.group_name as "group", chosen.name, chosen.count,
      round(chosen.count::numeric / greatest(offered.cups, chosen.count), 4)::float8 as share
    from chosen left join offered using (group_name)
    order by chosen.count desc, chosen.group_name, chosen.name
    limit ${TOP_OPTIONS}`;
}

/**
 * The median time from placement to ready of the window's orders, exactly as percentile_cont(0.5) would give it over
 * every order: the histogram of whole minutes (shop_ready_minutes, and the orders at the window's ends) says which
 * minute holds the middle order (or the middle two) and its rank there; that value is then read from the window's
 * orders of that minute alone, once per minute (index orders_shop_ready_minute), and the two middle values
 * interpolated.
 */
/**
 * The stamp card's figures in the window (issue 29), read from the orders themselves (orders_shop_created) and the
 * shop's stamps, only for a shop that has set up a card: other shops, the big ones of the bench among them, pay
 * nothing for it. An order counts as a card holder's when its customer earned a stamp here before placing it.
 */
function loyaltyQuery(shopId: number, now: Date, days: number) {
  const { end, start } = windowOf(now, days);
  return sql`select count(*) filter (where o.reward_cents is not null)::int as rewards_redeemed,
      count(*)::int as orders,
      count(*) filter (where holders.first_stamp < o.created_at)::int as card_holder_orders
    from orders o
    left join (
      select customer_id, min(created_at) as first_stamp from loyalty_stamps where shop_id = ${shopId}
      group by customer_id
    ) holders on holders.customer_id = o.customer_id
    where o.shop_id = ${shopId} and o.status <> 'cancelled'
      and o.created_at >= ${start} and o.created_at < ${end}
    having exists (select 1 from coffee_shops s where s.id = ${shopId} and s.loyalty_stamps_required is not null)`;
}

export function medianQuery(shopId: number, now: Date, days: number) {
  const { end, start } = windowOf(now, days);
  const tiles = tilesOf(start, end);
  return sql`
    with minutes as (
      select minute, sum(orders * sign) as orders
      from (
        ${tiled(
          'shop_ready_minutes',
          'r.minute, r.orders',
          shopId,
          tiles,
          (from, to) => sql`select minutes_to_ready(created_at, ready_at), 1 from orders
            where shop_id = ${shopId} and ready_at is not null and created_at >= ${from} and created_at < ${to}`,
        )}
      ) counted
      group by minute
      having sum(orders * sign) > 0
    ), ranked as (
      select minute, orders, sum(orders) over (order by minute) - orders as below, sum(orders) over () as total
      from minutes
    ), middle as (
      select distinct (total - 1) / 2.0 as position from ranked
    ), sides as (
      -- The middle order (twice when the count is odd) or the middle two: each one's minute and rank within it.
      select middle.position, side.which, ranked.minute, (side.rank - ranked.below)::int as rank_in_minute
      from middle
      cross join lateral (values ('low', floor(middle.position)), ('high', ceil(middle.position))) as side(which, rank)
      join ranked on side.rank >= ranked.below and side.rank < ranked.below + ranked.orders
    ), read as materialized (
      -- Each such minute's orders read once (both middle values are most often in the same minute).
      select needed.minute, needed.first, array(
        select date_part('epoch', o.ready_at - o.created_at) from orders o
        where o.shop_id = ${shopId} and o.ready_at is not null
          and minutes_to_ready(o.created_at, o.ready_at) = needed.minute
          and o.created_at >= ${instant(start)} and o.created_at <= ${instant(end)}
        order by 1
        offset needed.first limit needed.last - needed.first + 1
      ) as seconds
      from (select minute, min(rank_in_minute) as first, max(rank_in_minute) as last from sides group by minute) needed
    ), picked as (
      select sides.position, sides.which, read.seconds[sides.rank_in_minute - read.first + 1] as seconds
      from sides join read using (minute)
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
 * today or its last day): shop page views (counted per day), new favourites and orders placed in each span (whole
 * local days, so orders come from shop_order_days).
 */
export function promotionQuery(shopId: number, now: Date) {
  const end = instant(now);
  const today = sql`${local(end)}::date`;
  const views = (from: SQL, to: SQL) =>
    sql`(select coalesce(sum(views), 0)::int from shop_views
      where shop_id = ${shopId} and day >= ${from} and day <= ${to})`;
  const favourites = (from: SQL, to: SQL) =>
    sql`(select count(*)::int from favorites
      where shop_id = ${shopId} and created_at >= ${midnight(from)} and created_at < ${midnight(sql`${to} + 1`)})`;
  const orders = (from: SQL, to: SQL) =>
    sql`(select coalesce(sum(${sql.raw(orderStatuses.join(' + '))}), 0)::int
      from shop_order_days where shop_id = ${shopId} and day >= ${from} and day <= ${to})`;
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
  previous_orders: unknown;
  previous_revenue: unknown;
  avg_order_cents: unknown;
  customers: unknown;
  repeat_customers: unknown;
  has_later_orders: boolean;
  heat_day_weekdays: number[] | null;
  heat_day_hours: number[][] | null;
  heat_cells: number[] | null;
  heat_orders: number[] | null;
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

/**
 * The heat map (its non-empty cells, weekday × 24 + hour in order) summed from the days' hourly arrays and the other
 * rows' cells (see heatOf), and the peak hours summed from it.
 */
function heatAndPeaks(figures: WindowFigures) {
  const cells = new Array<number>(7 * 24).fill(0);
  const dayHours = figures.heat_day_hours ?? [];
  (figures.heat_day_weekdays ?? []).forEach((weekday, day) => {
    dayHours[day]!.forEach((orders, hour) => {
      cells[weekday * 24 + hour]! += orders;
    });
  });
  const orders = figures.heat_orders ?? [];
  (figures.heat_cells ?? []).forEach((cell, index) => {
    cells[cell]! += orders[index]!;
  });
  const heatmap = cells.flatMap((count, cell) =>
    count > 0 ? [{ weekday: Math.floor(cell / 24), hour: cell % 24, orders: count }] : [],
  );
  const perHour = new Array<number>(24).fill(0);
  for (const { hour, orders: count } of heatmap) perHour[hour]! += count;
  const peakHours = perHour.flatMap((count, hour) => (count > 0 ? [{ hour, orders: count }] : []));
  return { heatmap, peakHours };
}

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
  top_options: { group: string; name: string; count: number; share: number }[] | null;
  median: { median_minutes: number } | null;
  promotion: PromotionRow | null;
  loyalty: { rewards_redeemed: number; orders: number; card_holder_orders: number } | null;
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
      (select json_agg(part order by part.count desc, part.group, part.name)
        from (${topOptionsQuery(shopId, now, days)}) part) as top_options,
      (select row_to_json(part) from (${medianQuery(shopId, now, days)}) part) as median,
      (select row_to_json(part) from (${promotionQuery(shopId, now)}) part) as promotion,
      (select row_to_json(part) from (${loyaltyQuery(shopId, now, days)}) part) as loyalty
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
  const [answer] = await executeOnGenericPlan<AnalyticsRow>(
    db,
    analyticsStatement(ownerId, shopId, now, days),
  );
  if (!answer) throw new HttpError(404, 'Coffee shop not found');
  const { figures, median } = answer;
  const { heatmap, peakHours } = heatAndPeaks(figures);
  const customers = await customersOf(db, figures, shopId, now, days);
  return {
    periodDays: days,
    totalRevenue: money(figures.revenue),
    revenueGrowth: num(figures.revenue_growth),
    totalOrders: num(figures.orders),
    ordersGrowth: num(figures.orders_growth),
    previousOrders: num(figures.previous_orders),
    previousRevenue: money(figures.previous_revenue),
    uniqueCustomers: customers.customers,
    avgOrderValue: money(figures.avg_order_cents),
    dailyRevenue: figures.daily.map((day) => ({ date: day.date, revenue: money(day.cents) })),
    statusBreakdown: orderStatuses
      .map((status) => ({ status, count: num(figures[status]) }))
      .filter((entry) => entry.count > 0),
    peakHours,
    topItems: (answer.top ?? []).map((item) => ({
      name: item.name,
      quantity: item.quantity,
      revenue: money(item.cents),
    })),
    topOptions: (answer.top_options ?? []).map((option) => ({
      group: option.group,
      name: option.name,
      count: num(option.count),
      share: num(option.share),
    })),
    totalMessages: answer.total_messages,
    menuItems: answer.menu_items,
    lastWeekRevenue: money(figures.last_week_revenue),
    rating: Number(answer.rating).toFixed(1),
    repeatCustomers: customers.repeatCustomers,
    medianMinutesToReady: median ? num(median.median_minutes) : null,
    heatmap,
    promotion: promotionOf(answer.promotion),
    loyalty: answer.loyalty
      ? {
          rewardsRedeemed: num(answer.loyalty.rewards_redeemed),
          cardHolderShare:
            num(answer.loyalty.orders) === 0
              ? 0
              : num(answer.loyalty.card_holder_orders) / num(answer.loyalty.orders),
        }
      : null,
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
 * '2 x Flat White; 1 x Croissant' from the order's own record, each line's options as 'Flat White: Large · Oat milk'
 * (lines without options left out), total as decimal text.
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
    options: string | null;
    total_cents: number;
    payment_status: string;
    payment_reference: string | null;
  }>(
    db,
    sql`select o.id, to_char(${local(sql`o.created_at`)}, 'YYYY-MM-DD HH24:MI') as created,
        to_char(${local(sql`o.pickup_time`)}, 'YYYY-MM-DD HH24:MI') as pickup, o.status::text as status,
        u.username as customer,
        (select string_agg((line->>'quantity') || ' x ' || (line->>'name'), '; ' order by position)
          from jsonb_array_elements(o.items) with ordinality as lines(line, position)) as items,
        (select string_agg((line->>'name') || ': ' || (select string_agg(option->>'name', ' · ' order by place)
            from jsonb_array_elements(line->'options') with ordinality as chosen(option, place)), '; '
            order by position)
          from jsonb_array_elements(o.items) with ordinality as lines(line, position)
          where jsonb_array_length(coalesce(line->'options', '[]'::jsonb)) > 0) as options,
        o.total_cents, o.payment_status, o.payment_reference
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
        csvField(order.options ?? '', true),
        csvField(centsToDecimalText(order.total_cents)),
        csvField(order.payment_status),
        csvField(order.payment_reference, true),
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** A visitor's views of one shop count once an hour (issue 33: reloading a page must not inflate its views). */
export const SHOP_VIEW_WINDOW_MS = 60 * 60 * 1000;

/**
 * Counts one view of a shop's page for today (Africa/Johannesburg): one row per shop and day, incremented in
 * place, and at most once an hour per visitor (a signed-in user, else a client address) and shop, through the
 * shared counters, so every instance agrees. Not awaited by the page's request and never failing it: a lost view
 * is better than a failed page.
 */
export function recordShopView(db: Database, shopId: number, visitor: string, log: FastifyBaseLogger): void {
  hit(db, `view:${shopId}:${visitor}`, { max: 1, windowMs: SHOP_VIEW_WINDOW_MS })
    .then(async (seen) => {
      if (!seen.allowed) return;
      await db.execute(
        sql`insert into shop_views (shop_id, day, views) values (${shopId}, ${local(sql`now()`)}::date, 1)
          on conflict (shop_id, day) do update set views = shop_views.views + 1`,
      );
    })
    .catch((error: unknown) => log.warn({ err: error, shopId }, 'could not count a shop view'));
}
