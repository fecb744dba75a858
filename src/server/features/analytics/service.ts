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

/** The counters every row of window_rows carries, in this order: orders, one per status, revenue, customers. */
const COUNTERS = ['orders', ...orderStatuses, 'revenue_cents', 'customers_latest', 'customers_second_latest'];

/**
 * The window's orders, two periods long (the window and the one before it, for growth), as signed rows with an
 * instant `t` that lies on the same side of every bound as all the orders a row counts:
 * - whole local days from shop_order_days, one row a day (t its local midnight; `day` and `hourly_orders` for the
 *   heat map), save the days that hold a bound;
 * - on those days, whole UTC hours from shop_order_hours, save the hours that hold a bound;
 * - each bound's hour as its hour row, placed on one side of the bound (`pivot`), less the orders (and customers'
 *   latest orders) on the other side, which count again at their own time. All bounds but the end are `now` less
 *   whole days, so they share their minutes and the side read is the shorter, at most half an hour; at the end it
 *   is what comes after it (normally nothing), whose own rows the filter `t <= end` then leaves out.
 * So the rows read follow the window's days, not the shop's orders, save at most half an hour of orders per bound.
 */
function windowRows(shopId: number, window: ReturnType<typeof windowOf>) {
  const { previousStart, start, lastWeekStart, weekStart, end } = window;
  const pastBounds = [...new Set([previousStart, lastWeekStart, weekStart, start].map((at) => at.getTime()))]
    .sort((a, b) => a - b)
    .map((ms) => new Date(ms));
  const endHour = floorTo(end, HOUR_MS);
  // The past bounds' shared offset into their hour: the orders before it are read when it is under half an hour.
  const readBefore = previousStart.getTime() - floorTo(previousStart, HOUR_MS).getTime() < HOUR_MS / 2;
  const sides = [
    ...pastBounds.map((bound) => {
      const hour = floorTo(bound, HOUR_MS);
      const next = new Date(hour.getTime() + HOUR_MS);
      return readBefore
        ? { hour, pivot: bound, from: hour, to: bound }
        : { hour, pivot: hour, from: bound, to: next };
    }),
    { hour: endHour, pivot: endHour, from: end, to: new Date(endHour.getTime() + HOUR_MS) },
  ];
  const column = (pick: (side: (typeof sides)[number]) => Date) => instants(sides.map(pick));
  const sidesTable = sql`unnest(${column((side) => side.hour)}, ${column((side) => side.pivot)},
    ${column((side) => side.from)}, ${column((side) => side.to)}) as side(hour, pivot, side_from, side_to)`;
  const boundDays = sql`array(select distinct local_day(b) from unnest(${instants([...pastBounds, end])}) as b)`;
  const ordersOf = sql.raw(orderStatuses.join(' + '));
  const hourCounters = sql`${ordersOf}, ${statuses()}, revenue_cents, customers_latest, customers_second_latest`;
  const zeros = sql.raw(
    Array(orderStatuses.length + 2)
      .fill('0')
      .join(', '),
  );
  const statusOfOrder = sql.join(
    orderStatuses.map((status) => sql.raw(`moved.sign * (o.status = '${status}')::int`)),
    sql`, `,
  );
  const customersOnSide = (at: 'latest_at' | 'second_latest_at', counts: string) => sql`
    select moved.t, null::date, null::int[], ${zeros}, ${sql.raw(counts)}
    from ${sidesTable}
    join shop_customers c on c.shop_id = ${shopId}
      and c.${sql.raw(at)} >= side.side_from and c.${sql.raw(at)} < side.side_to,
      lateral (values (c.${sql.raw(at)}, 1), (side.pivot, -1)) as moved(t, sign)`;
  return sql`
    select *
    from (
      select (day::timestamp at time zone ${zone}) as t, day, hourly_orders, ${hourCounters}
      from shop_order_days
      where shop_id = ${shopId} and day >= local_day(${instant(previousStart)}) and day <= local_day(${instant(end)})
        and day <> all(${boundDays})
      union all
      select by_hour.*
      from unnest(${boundDays}) as bound_day(day), lateral (
        select hour, null::date, null::int[], ${hourCounters}
        from shop_order_hours
        where shop_id = ${shopId} and hour >= (bound_day.day::timestamp at time zone ${zone})
          and hour < ((bound_day.day + 1)::timestamp at time zone ${zone})
          and hour >= ${instant(floorTo(previousStart, HOUR_MS))} and hour <= ${instant(endHour)}
          and hour <> all(${column((side) => side.hour)})
        -- Kept a subquery, so each bound day is one index range: flattened into a join, PostgreSQL may read every hour
        -- of the two periods once and filter them (4,316 rows at 90 days for the big shop, 10 ms).
        offset 0
      ) by_hour
      union all
      select side.pivot, null, null, ${hourCounters}
      from ${sidesTable} join shop_order_hours h on h.shop_id = ${shopId} and h.hour = side.hour
      union all
      select moved.t, null, null, moved.sign, ${statusOfOrder},
        moved.sign * case when o.status = 'cancelled' then 0 else o.total_cents end::int8, 0, 0
      from ${sidesTable}
      join orders o on o.shop_id = ${shopId} and o.created_at >= side.side_from and o.created_at < side.side_to,
        lateral (values (o.created_at, 1), (side.pivot, -1)) as moved(t, sign)
      union all ${customersOnSide('latest_at', 'moved.sign, 0')}
      union all ${customersOnSide('second_latest_at', '0, moved.sign')}
    ) signed (t, day, hourly_orders, ${sql.raw(COUNTERS.join(', '))})
    where t >= ${instant(previousStart)} and t <= ${instant(end)}`;
}

/** The statuses' columns, in the order of the status machine. */
const statuses = () => sql.raw(orderStatuses.join(', '));

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

/** The two groupings of windowFiguresQuery's groups: by weekday and hour (the heat map), and by hour alone. */
const BY_WEEKDAY_AND_HOUR = 0;
const BY_HOUR = 2;

/**
 * The window's orders by local weekday and hour (the heat map) and by local hour (peak hours): whole days from their
 * hourly counts, the rest by the local time of each row.
 */
function groupsOf(window: ReturnType<typeof windowOf>) {
  const inWindow = sql`t >= ${instant(window.start)}`;
  const hourlySums = sql.raw(
    Array.from({ length: 24 }, (_, hour) => `sum(hourly_orders[${hour + 1}])`).join(', '),
  );
  return sql`
    with heat as (
      select weekday, hour, sum(orders)::int as orders
      from (
        select extract(dow from placed)::int as weekday, extract(hour from placed)::int as hour, orders
        from window_rows, lateral (select ${local(sql`t`)} as placed) as local_time
        where ${inWindow} and day is null and orders <> 0
        union all
        -- Whole days summed by weekday first, one row a day: 7 rows of 24 hours to unnest, whatever the volume.
        select by_weekday.weekday, by_hour.position::int - 1, by_hour.orders
        from (
          select extract(dow from day)::int as weekday, array[${hourlySums}] as hourly from window_rows
          where ${inWindow} and day is not null
          group by 1
        ) by_weekday, unnest(by_weekday.hourly) with ordinality as by_hour(orders, position)
        where by_hour.orders <> 0
      ) window_orders
      group by weekday, hour
      having sum(orders) > 0
    )
    select weekday, hour, ${sql.raw(String(BY_WEEKDAY_AND_HOUR))} as grouping_set, orders from heat
    union all
    select null::int, hour, ${sql.raw(String(BY_HOUR))}, sum(orders)::int from heat group by hour`;
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
 * hours (grouping_set BY_WEEKDAY_AND_HOUR or BY_HOUR), and the last 7 days' revenue. The hours are read once
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

/** A piece of a window: rollup rows of whole UTC days or hours, or the rows themselves, added (1) or taken out (-1). */
type Tile =
  | { kind: 'rollup'; hours: 1 | 24; from: Date; to: Date; sign: 1 | -1 }
  | { kind: 'rows'; from: Date; to: Date; toIncluded: boolean; fromExcluded?: boolean; sign: 1 | -1 };

/**
 * A window [start, end] as signed pieces that each source answers exactly, as few rows as possible whatever the
 * shop's volume: its whole UTC days as day rows; the last day as its day row less the rows placed after `end`
 * (normally none); the part of the first day inside the window either as its hours and the minutes before the
 * first of them, or as the day row less the hours and minutes before `start`, whichever reads fewer hours.
 */
function tilesOf(start: Date, end: Date): Tile[] {
  const firstDay = ceilTo(start, DAY_MS);
  const lastDay = floorTo(end, DAY_MS);
  if (firstDay > lastDay) {
    // Within one UTC day (never for 7, 30 or 90 days): its whole hours, and the minutes at both ends.
    const firstHour = ceilTo(start, HOUR_MS);
    const lastHour = floorTo(end, HOUR_MS);
    if (firstHour > lastHour) return [{ kind: 'rows', from: start, to: end, toIncluded: true, sign: 1 }];
    return [
      { kind: 'rollup', hours: 1, from: firstHour, to: lastHour, sign: 1 },
      { kind: 'rows', from: start, to: firstHour, toIncluded: false, sign: 1 },
      { kind: 'rows', from: lastHour, to: end, toIncluded: true, sign: 1 },
    ];
  }
  const tiles: Tile[] = [
    { kind: 'rollup', hours: 24, from: firstDay, to: new Date(lastDay.getTime() + DAY_MS), sign: 1 },
    // After the end: only when the database holds orders placed later than `now` (tests inject `now`).
    {
      kind: 'rows',
      from: end,
      to: new Date(lastDay.getTime() + DAY_MS),
      fromExcluded: true,
      toIncluded: false,
      sign: -1,
    },
  ];
  const startDay = floorTo(start, DAY_MS);
  const startHour = floorTo(start, HOUR_MS);
  const firstHour = ceilTo(start, HOUR_MS);
  if (startDay.getTime() === start.getTime()) return tiles;
  const hoursBefore = (startHour.getTime() - startDay.getTime()) / HOUR_MS;
  const hoursAfter = (firstDay.getTime() - firstHour.getTime()) / HOUR_MS;
  if (hoursBefore < hoursAfter)
    tiles.push(
      { kind: 'rollup', hours: 24, from: startDay, to: firstDay, sign: 1 },
      { kind: 'rollup', hours: 1, from: startDay, to: startHour, sign: -1 },
      { kind: 'rows', from: startHour, to: start, toIncluded: false, sign: -1 },
    );
  else
    tiles.push(
      { kind: 'rollup', hours: 1, from: firstHour, to: firstDay, sign: 1 },
      { kind: 'rows', from: start, to: firstHour, toIncluded: false, sign: 1 },
    );
  return tiles;
}

/**
 * The signed rows of a window: a rollup kept per UTC hour and day (shop_item_sales, shop_ready_minutes), selecting
 * `columns(sign)`, and the source rows for the rest (`rows(where, sign)`).
 */
function tiled(
  tiles: Tile[],
  rollup: { table: string; shopId: number; columns: (sign: SQL) => SQL },
  rows: (where: SQL, sign: SQL) => SQL,
) {
  const parts = tiles
    .filter((tile) => tile.from < tile.to || (tile.kind === 'rows' && tile.toIncluded))
    .map((tile) => {
      const sign = sql.raw(String(tile.sign));
      if (tile.kind === 'rollup')
        return sql`select ${rollup.columns(sign)} from ${sql.raw(rollup.table)}
          where shop_id = ${rollup.shopId} and hours = ${tile.hours}
            and bucket >= ${instant(tile.from)} and bucket < ${instant(tile.to)}`;
      const from = tile.fromExcluded
        ? sql`created_at > ${instant(tile.from)}`
        : sql`created_at >= ${instant(tile.from)}`;
      const to = tile.toIncluded
        ? sql`created_at <= ${instant(tile.to)}`
        : sql`created_at < ${instant(tile.to)}`;
      return rows(sql`${from} and ${to}`, sign);
    });
  return sql.join(parts, sql` union all `);
}

/** The 5 items sold most by quantity in the window (cancelled orders left out). */
export function topItemsQuery(shopId: number, now: Date, days: number) {
  const { end, start } = windowOf(now, days);
  const sold = tiled(
    tilesOf(start, end),
    {
      table: 'shop_item_sales',
      shopId,
      columns: (sign) =>
        sql`name, ${sign} * quantity::int8 as quantity, ${sign} * revenue_cents as revenue_cents`,
    },
    (where, sign) => sql`select name, ${sign} * quantity::int8, ${sign} * quantity * price_cents::int8
      from order_lines where shop_id = ${shopId} and not is_cancelled and ${where}`,
  );
  return sql`
    select name, sum(quantity)::int as quantity, sum(revenue_cents) as cents
    from (${sold}) sold
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
  const counted = tiled(
    tilesOf(start, end),
    { table: 'shop_ready_minutes', shopId, columns: (sign) => sql`minute, ${sign} * orders as orders` },
    (where, sign) => sql`select minutes_to_ready(created_at, ready_at), ${sign} from orders
      where shop_id = ${shopId} and ready_at is not null and ${where}`,
  );
  return sql`
    with minutes as (
      select minute, sum(orders) as orders
      from (${counted}) counted
      group by minute
      having sum(orders) > 0
    ), ranked as (
      select minute, orders, sum(orders) over (order by minute) - orders as below, sum(orders) over () as total
      from minutes
    ), middle as (
      select distinct (total - 1) / 2.0 as position from ranked
    ), located as (
      -- The middle order's (or the middle two's) minute and rank within it.
      select middle.position, side.which, ranked.minute, (side.rank - ranked.below)::int8 as rank_in_minute
      from middle
      cross join lateral (values ('low', floor(middle.position)), ('high', ceil(middle.position))) as side(which, rank)
      join ranked on side.rank >= ranked.below and side.rank < ranked.below + ranked.orders
    ), wanted as (
      -- One read per minute: both middle values when they share it (nearly always), so its orders are read once.
      select minute, min(rank_in_minute) as first, max(rank_in_minute) - min(rank_in_minute) + 1 as count
      from located group by minute
    ), read as (
      select wanted.minute, wanted.first + in_minute.position - 1 as rank_in_minute, in_minute.seconds
      from wanted cross join lateral (
        -- Ordered by the interval itself: the seconds are worked out for the one or two values kept, not for every
        -- order of the minute.
        select extract(epoch from duration)::float8 as seconds, row_number() over (order by duration) as position
        from (
          select o.ready_at - o.created_at as duration from orders o
          where o.shop_id = ${shopId} and o.ready_at is not null
            and minutes_to_ready(o.created_at, o.ready_at) = wanted.minute
            and o.created_at >= ${instant(start)} and o.created_at <= ${instant(end)}
          order by 1
          offset wanted.first limit wanted.count
        ) values_in_minute
      ) in_minute
    ), picked as (
      select located.position, located.which, read.seconds
      from located join read using (minute, rank_in_minute)
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
 * midnights start local days, so orders come whole from shop_order_days.
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
