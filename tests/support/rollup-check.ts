// Recomputes every analytics rollup (migrations 0007 and 0009) from the rows it summarises, independently of the triggers'
// own functions, and lists where the kept rollups differ: tests call it after placements, moves, cancellations,
// bulk writes and deletions, and expect nothing.
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client.js';

/** The start of the UTC hour or day of a column, written without the migration's utc_bucket. */
const hourOf = (column: string) => `(date_trunc('hour', ${column} at time zone 'UTC') at time zone 'UTC')`;
const dayOf = (column: string) => `(date_trunc('day', ${column} at time zone 'UTC') at time zone 'UTC')`;

/** Each rollup: its rows as kept (rows that sum to nothing left out) and as recomputed, as comparable JSON. */
const rollups: Record<string, { kept: string; recomputed: string }> = {
  shop_order_hours: {
    kept: `select shop_id, hour, pending, confirmed, preparing, ready, completed, cancelled, revenue_cents::int8,
        customers_latest, customers_second_latest
      from shop_order_hours
      where (pending, confirmed, preparing, ready, completed, cancelled, revenue_cents, customers_latest,
        customers_second_latest) <> (0, 0, 0, 0, 0, 0, 0, 0, 0)`,
    recomputed: `with placed as (
        select shop_id, ${hourOf('created_at')} as hour,
          count(*) filter (where status = 'pending')::int as pending,
          count(*) filter (where status = 'confirmed')::int as confirmed,
          count(*) filter (where status = 'preparing')::int as preparing,
          count(*) filter (where status = 'ready')::int as ready,
          count(*) filter (where status = 'completed')::int as completed,
          count(*) filter (where status = 'cancelled')::int as cancelled,
          coalesce(sum(total_cents) filter (where status <> 'cancelled'), 0)::int8 as revenue_cents
        from orders group by 1, 2
      ), ranked as (
        select shop_id, created_at,
          row_number() over (partition by shop_id, customer_id order by created_at desc) as position
        from orders
      ), latest as (
        select shop_id, ${hourOf('created_at')} as hour,
          count(*) filter (where position = 1)::int as customers_latest,
          count(*) filter (where position = 2)::int as customers_second_latest
        from ranked where position <= 2 group by 1, 2
      )
      select shop_id, hour, coalesce(pending, 0), coalesce(confirmed, 0), coalesce(preparing, 0), coalesce(ready, 0),
        coalesce(completed, 0), coalesce(cancelled, 0), coalesce(revenue_cents, 0),
        coalesce(customers_latest, 0), coalesce(customers_second_latest, 0)
      from placed full join latest using (shop_id, hour)`,
  },
  shop_order_days: {
    kept: `select shop_id, day, pending, confirmed, preparing, ready, completed, cancelled, revenue_cents::int8,
        customers_latest, customers_second_latest, hourly_orders
      from shop_order_days
      where (pending, confirmed, preparing, ready, completed, cancelled, revenue_cents, customers_latest,
        customers_second_latest) <> (0, 0, 0, 0, 0, 0, 0, 0, 0)`,
    // Local days and hours written out with a fixed +02:00 (Johannesburg has no daylight saving), not the zone.
    recomputed: `with ranked as (
        select o.*, ((created_at at time zone 'UTC') + interval '2 hours') as local_at,
          ((created_at at time zone 'UTC') + interval '2 hours')::date as local_day,
          row_number() over (partition by shop_id, customer_id order by created_at desc) as position
        from orders o
      ), per_hour as (
        select shop_id, local_at::date as day, extract(hour from local_at)::int as hour, count(*)::int as orders
        from ranked group by 1, 2, 3
      )
      select shop_id, local_day,
        count(*) filter (where status = 'pending')::int,
        count(*) filter (where status = 'confirmed')::int,
        count(*) filter (where status = 'preparing')::int,
        count(*) filter (where status = 'ready')::int,
        count(*) filter (where status = 'completed')::int,
        count(*) filter (where status = 'cancelled')::int,
        coalesce(sum(total_cents) filter (where status <> 'cancelled'), 0)::int8,
        count(*) filter (where position = 1)::int,
        count(*) filter (where position = 2)::int,
        array(select coalesce((select p.orders from per_hour p
            where p.shop_id = r.shop_id and p.day = r.local_day and p.hour = h), 0)
          from generate_series(0, 23) as h order by h)
      from ranked r group by 1, 2`,
  },
  shop_customers: {
    kept: 'select shop_id, customer_id, latest_at, second_latest_at from shop_customers',
    recomputed: `select shop_id, customer_id, (array_agg(created_at order by created_at desc))[1],
        (array_agg(created_at order by created_at desc))[2]
      from orders group by 1, 2`,
  },
  shop_item_sales: {
    kept: `select shop_id, hours, bucket, name, quantity, revenue_cents::int8 from shop_item_sales
      where (quantity, revenue_cents) <> (0, 0)`,
    recomputed: `select shop_id, 1::smallint, ${hourOf('created_at')}, name, sum(quantity)::int,
        sum(quantity * price_cents)::int8
      from order_lines where not is_cancelled group by 1, 2, 3, 4
      union all
      select shop_id, 24::smallint, ${dayOf('created_at')}, name, sum(quantity)::int, sum(quantity * price_cents)::int8
      from order_lines where not is_cancelled group by 1, 2, 3, 4`,
  },
  shop_ready_minutes: {
    kept: 'select shop_id, hours, bucket, minute, orders from shop_ready_minutes where orders <> 0',
    recomputed: `select shop_id, span.hours,
        case span.hours when 1 then ${hourOf('created_at')} else ${dayOf('created_at')} end,
        floor(extract(epoch from ready_at - created_at) / 60)::int, count(*)::int
      from orders, (values (1::smallint), (24::smallint)) as span(hours)
      where ready_at is not null group by 1, 2, 3, 4`,
  },
  shop_message_counts: {
    kept: 'select shop_id, customer_id, messages from shop_message_counts where messages <> 0',
    // People's messages only (migration 0023): order cards and status lines are not counted.
    recomputed: `select shop_id, customer_id, count(*)::int from messages where message_type = 'text' group by 1, 2`,
  },
};

/**
 * For each rollup, the rows kept but not recomputed ('kept') and the rows recomputed but not kept
 * ('recomputed'); an empty object when every rollup is right.
 */
export async function rollupDifferences(db: Database) {
  const differences: Record<string, { kept: unknown[]; recomputed: unknown[] }> = {};
  for (const [table, { kept, recomputed }] of Object.entries(rollups)) {
    const result = (await db.execute(
      sql.raw(`select
        (select coalesce(json_agg(row_to_json(extra)), '[]') from ((${kept}) except all (${recomputed})) extra) as kept,
        (select coalesce(json_agg(row_to_json(missing)), '[]') from ((${recomputed}) except all (${kept})) missing)
          as recomputed`),
    )) as unknown as { rows: { kept: unknown[]; recomputed: unknown[] }[] };
    const [row] = result.rows;
    if (row && (row.kept.length > 0 || row.recomputed.length > 0)) differences[table] = row;
  }
  return differences;
}
