CREATE TABLE "shop_order_days" (
	"shop_id" integer NOT NULL,
	"day" date NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"confirmed" integer DEFAULT 0 NOT NULL,
	"preparing" integer DEFAULT 0 NOT NULL,
	"ready" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	"customers_latest" integer DEFAULT 0 NOT NULL,
	"customers_second_latest" integer DEFAULT 0 NOT NULL,
	"hourly_orders" integer[] DEFAULT array_fill(0, array[24]) NOT NULL,
	CONSTRAINT "shop_order_days_shop_id_day_pk" PRIMARY KEY("shop_id","day")
);
--> statement-breakpoint
ALTER TABLE "shop_order_days" ADD CONSTRAINT "shop_order_days_shop_id_coffee_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."coffee_shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A day tier for shop_order_hours (issue 11: the big shop's 30-day answer within 20 % of a small shop's). A window's
-- whole local days are one row each here, whatever the shop's volume; the hours of shop_order_hours are read only
-- on the few days that hold a bound of the window. Kept by the same functions that keep shop_order_hours, in the
-- same statements' wake: hour rows first, then day rows, each in key order (the lock order of 0007 becomes
-- shop_customers, shop_order_hours, shop_order_days, shop_ready_minutes, shop_item_sales, shop_message_counts).
-- Docs: docs/decisions/0005-analytics-day-rollup.md.

-- The Africa/Johannesburg calendar day and hour of an instant (CONVENTIONS rule 14), whatever the session's zone.
CREATE FUNCTION local_day(instant timestamptz) RETURNS date
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT (instant AT TIME ZONE 'Africa/Johannesburg')::date $$;--> statement-breakpoint
CREATE FUNCTION local_hour(instant timestamptz) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT extract(hour FROM instant AT TIME ZONE 'Africa/Johannesburg')::integer $$;--> statement-breakpoint
-- 24 zeros but `value` at local hour `hour` (0–23): one hour's orders as a day's hourly_orders.
CREATE FUNCTION hour_array(hour integer, value integer) RETURNS integer[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT array_fill(0, ARRAY[hour]) || value || array_fill(0, ARRAY[23 - hour]) $$;--> statement-breakpoint
-- Element by element sum of two hourly_orders (bulk writes only; a placed order adds to one element in place).
CREATE FUNCTION add_hour_arrays(a integer[], b integer[]) RETURNS integer[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT array_agg(coalesce(x, 0) + coalesce(y, 0) ORDER BY i) FROM unnest(a, b) WITH ORDINALITY AS u(x, y, i) $$;--> statement-breakpoint
CREATE AGGREGATE sum_hour_arrays(integer[]) (SFUNC = add_hour_arrays, STYPE = integer[], INITCOND = '{0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0}');--> statement-breakpoint

-- What a statement changed in shop_order_hours, one row per shop and hour: applied to the hour rows, then summed
-- into the day rows.
CREATE TYPE order_hour_delta AS (shop_id integer, hour timestamptz, pending integer, confirmed integer,
  preparing integer, ready integer, completed integer, cancelled integer, revenue_cents bigint,
  customers_latest integer, customers_second_latest integer);--> statement-breakpoint

-- Adds hour deltas to the day rows (bulk writes, and changes of an order's shop, customer or time).
CREATE FUNCTION apply_order_day_deltas(deltas order_hour_delta[]) RETURNS void
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  IF cardinality(deltas) = 0 THEN RETURN; END IF;
  INSERT INTO shop_order_days AS s (shop_id, day, pending, confirmed, preparing, ready, completed, cancelled,
    revenue_cents, customers_latest, customers_second_latest, hourly_orders)
  SELECT d.shop_id, local_day(d.hour), sum(d.pending), sum(d.confirmed), sum(d.preparing), sum(d.ready),
    sum(d.completed), sum(d.cancelled), sum(d.revenue_cents), sum(d.customers_latest), sum(d.customers_second_latest),
    sum_hour_arrays(hour_array(local_hour(d.hour),
      d.pending + d.confirmed + d.preparing + d.ready + d.completed + d.cancelled))
  FROM unnest(deltas) d
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT (shop_id, day) DO UPDATE SET
    pending = s.pending + excluded.pending, confirmed = s.confirmed + excluded.confirmed,
    preparing = s.preparing + excluded.preparing, ready = s.ready + excluded.ready,
    completed = s.completed + excluded.completed, cancelled = s.cancelled + excluded.cancelled,
    revenue_cents = s.revenue_cents + excluded.revenue_cents,
    customers_latest = s.customers_latest + excluded.customers_latest,
    customers_second_latest = s.customers_second_latest + excluded.customers_second_latest,
    hourly_orders = add_hour_arrays(s.hourly_orders, excluded.hourly_orders);
END
$$;--> statement-breakpoint

-- 0007's general function, now collecting its hour deltas once and applying them to hours, then days.
CREATE OR REPLACE FUNCTION apply_order_changes(changes order_change[], customers_moved boolean) RETURNS void
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  deltas order_hour_delta[];
BEGIN
  IF cardinality(changes) = 0 THEN RETURN; END IF;
  deltas := ARRAY(
    SELECT (d.shop_id, d.hour, sum(d.pending), sum(d.confirmed), sum(d.preparing), sum(d.ready), sum(d.completed),
      sum(d.cancelled), sum(d.revenue_cents), sum(d.customers_latest), sum(d.customers_second_latest))::order_hour_delta
    FROM (
      SELECT c.shop_id, utc_bucket(c.created_at, 1) AS hour,
        c.sign * (c.status = 'pending')::int AS pending, c.sign * (c.status = 'confirmed')::int AS confirmed,
        c.sign * (c.status = 'preparing')::int AS preparing, c.sign * (c.status = 'ready')::int AS ready,
        c.sign * (c.status = 'completed')::int AS completed, c.sign * (c.status = 'cancelled')::int AS cancelled,
        c.sign * CASE WHEN c.status = 'cancelled' THEN 0 ELSE c.total_cents END::int8 AS revenue_cents,
        0 AS customers_latest, 0 AS customers_second_latest
      FROM unnest(changes) c
      UNION ALL
      -- Runs first in effect: it locks shop_customers rows before any hour row is locked.
      SELECT m.shop_id, m.hour, 0, 0, 0, 0, 0, 0, 0, m.customers_latest, m.customers_second_latest
      FROM shop_customer_moves(changes) m WHERE customers_moved
    ) d
    WHERE EXISTS (SELECT FROM coffee_shops s WHERE s.id = d.shop_id)
    GROUP BY d.shop_id, d.hour
    HAVING ROW(sum(d.pending), sum(d.confirmed), sum(d.preparing), sum(d.ready), sum(d.completed), sum(d.cancelled),
      sum(d.revenue_cents), sum(d.customers_latest), sum(d.customers_second_latest)) <> ROW(0, 0, 0, 0, 0, 0, 0, 0, 0)
    ORDER BY d.shop_id, d.hour);
  INSERT INTO shop_order_hours AS h (shop_id, hour, pending, confirmed, preparing, ready, completed, cancelled,
    revenue_cents, customers_latest, customers_second_latest)
  SELECT d.* FROM unnest(deltas) d ORDER BY d.shop_id, d.hour
  ON CONFLICT (shop_id, hour) DO UPDATE SET
    pending = h.pending + excluded.pending, confirmed = h.confirmed + excluded.confirmed,
    preparing = h.preparing + excluded.preparing, ready = h.ready + excluded.ready,
    completed = h.completed + excluded.completed, cancelled = h.cancelled + excluded.cancelled,
    revenue_cents = h.revenue_cents + excluded.revenue_cents,
    customers_latest = h.customers_latest + excluded.customers_latest,
    customers_second_latest = h.customers_second_latest + excluded.customers_second_latest;
  PERFORM apply_order_day_deltas(deltas);

  -- Most moves touch no order that is or was ready.
  IF NOT EXISTS (SELECT FROM unnest(changes) c WHERE c.ready_at IS NOT NULL) THEN RETURN; END IF;
  INSERT INTO shop_ready_minutes AS r (shop_id, hours, bucket, minute, orders)
  SELECT c.shop_id, span.hours, utc_bucket(c.created_at, span.hours), minutes_to_ready(c.created_at, c.ready_at),
    sum(c.sign)
  FROM unnest(changes) c CROSS JOIN (VALUES (1::smallint), (24::smallint)) AS span(hours)
  WHERE c.ready_at IS NOT NULL AND EXISTS (SELECT FROM coffee_shops s WHERE s.id = c.shop_id)
  GROUP BY 1, 2, 3, 4
  HAVING sum(c.sign) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (shop_id, hours, bucket, minute) DO UPDATE SET orders = r.orders + excluded.orders;
END
$$;--> statement-breakpoint

-- 0008's status move, now moving the day row's counters too (a move changes no hour's order count, so
-- hourly_orders stays as it is).
CREATE OR REPLACE FUNCTION rollup_order_move() RETURNS trigger
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  IF (OLD.shop_id, OLD.customer_id, OLD.created_at) IS DISTINCT FROM (NEW.shop_id, NEW.customer_id, NEW.created_at)
  THEN
    PERFORM apply_order_changes(ARRAY[order_change_of(-1, OLD), order_change_of(1, NEW)], true);
    RETURN NULL;
  END IF;
  UPDATE shop_order_hours SET
    pending = pending - (OLD.status = 'pending')::int + (NEW.status = 'pending')::int,
    confirmed = confirmed - (OLD.status = 'confirmed')::int + (NEW.status = 'confirmed')::int,
    preparing = preparing - (OLD.status = 'preparing')::int + (NEW.status = 'preparing')::int,
    ready = ready - (OLD.status = 'ready')::int + (NEW.status = 'ready')::int,
    completed = completed - (OLD.status = 'completed')::int + (NEW.status = 'completed')::int,
    cancelled = cancelled - (OLD.status = 'cancelled')::int + (NEW.status = 'cancelled')::int,
    revenue_cents = revenue_cents
      - CASE WHEN OLD.status = 'cancelled' THEN 0 ELSE OLD.total_cents END
      + CASE WHEN NEW.status = 'cancelled' THEN 0 ELSE NEW.total_cents END
  WHERE shop_id = NEW.shop_id AND hour = utc_bucket(NEW.created_at, 1);
  UPDATE shop_order_days SET
    pending = pending - (OLD.status = 'pending')::int + (NEW.status = 'pending')::int,
    confirmed = confirmed - (OLD.status = 'confirmed')::int + (NEW.status = 'confirmed')::int,
    preparing = preparing - (OLD.status = 'preparing')::int + (NEW.status = 'preparing')::int,
    ready = ready - (OLD.status = 'ready')::int + (NEW.status = 'ready')::int,
    completed = completed - (OLD.status = 'completed')::int + (NEW.status = 'completed')::int,
    cancelled = cancelled - (OLD.status = 'cancelled')::int + (NEW.status = 'cancelled')::int,
    revenue_cents = revenue_cents
      - CASE WHEN OLD.status = 'cancelled' THEN 0 ELSE OLD.total_cents END
      + CASE WHEN NEW.status = 'cancelled' THEN 0 ELSE NEW.total_cents END
  WHERE shop_id = NEW.shop_id AND day = local_day(NEW.created_at);
  IF OLD.ready_at IS DISTINCT FROM NEW.ready_at THEN
    INSERT INTO shop_ready_minutes AS r (shop_id, hours, bucket, minute, orders)
    SELECT NEW.shop_id, span.hours, utc_bucket(NEW.created_at, span.hours), m.minute, sum(m.sign)
    FROM (VALUES (minutes_to_ready(OLD.created_at, OLD.ready_at), -1),
                 (minutes_to_ready(NEW.created_at, NEW.ready_at), 1)) AS m(minute, sign)
      CROSS JOIN (VALUES (1::smallint), (24::smallint)) AS span(hours)
    WHERE m.minute IS NOT NULL
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (shop_id, hours, bucket, minute) DO UPDATE SET orders = r.orders + excluded.orders;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint

-- 0008's placed order, now adding to the day rows as well: the order's day (its counters and its local hour's
-- count), and the days of the orders that stopped being the customer's latest or second-latest.
CREATE OR REPLACE FUNCTION rollup_placed_order(n orders) RETURNS boolean
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  was shop_customers;
BEGIN
  IF n.ready_at IS NOT NULL THEN RETURN false; END IF;
  INSERT INTO shop_customers (shop_id, customer_id) VALUES (n.shop_id, n.customer_id) ON CONFLICT DO NOTHING;
  SELECT * INTO was FROM shop_customers WHERE shop_id = n.shop_id AND customer_id = n.customer_id FOR UPDATE;
  IF was.latest_at > n.created_at THEN RETURN false; END IF;
  UPDATE shop_customers SET latest_at = n.created_at, second_latest_at = was.latest_at
  WHERE shop_id = n.shop_id AND customer_id = n.customer_id;
  INSERT INTO shop_order_hours AS h (shop_id, hour, pending, confirmed, preparing, ready, completed, cancelled,
    revenue_cents, customers_latest, customers_second_latest)
  SELECT n.shop_id, d.hour, sum(d.pending), sum(d.confirmed), sum(d.preparing), sum(d.ready), sum(d.completed),
    sum(d.cancelled), sum(d.revenue_cents), sum(d.customers_latest), sum(d.customers_second_latest)
  FROM (VALUES
    -- The new order, now the customer's latest.
    (utc_bucket(n.created_at, 1), (n.status = 'pending')::int, (n.status = 'confirmed')::int,
      (n.status = 'preparing')::int, (n.status = 'ready')::int, (n.status = 'completed')::int,
      (n.status = 'cancelled')::int, CASE WHEN n.status = 'cancelled' THEN 0 ELSE n.total_cents END::int8, 1, 0),
    -- The latest until now, now second-latest.
    (utc_bucket(was.latest_at, 1), 0, 0, 0, 0, 0, 0, 0::int8, -1, 1),
    -- The second-latest until now, no longer counted.
    (utc_bucket(was.second_latest_at, 1), 0, 0, 0, 0, 0, 0, 0::int8, 0, -1)
  ) AS d(hour, pending, confirmed, preparing, ready, completed, cancelled, revenue_cents, customers_latest,
    customers_second_latest)
  WHERE d.hour IS NOT NULL
  GROUP BY d.hour
  HAVING ROW(sum(d.pending), sum(d.confirmed), sum(d.preparing), sum(d.ready), sum(d.completed), sum(d.cancelled),
    sum(d.revenue_cents), sum(d.customers_latest), sum(d.customers_second_latest)) <> ROW(0, 0, 0, 0, 0, 0, 0, 0, 0)
  ORDER BY d.hour
  ON CONFLICT (shop_id, hour) DO UPDATE SET
    pending = h.pending + excluded.pending, confirmed = h.confirmed + excluded.confirmed,
    preparing = h.preparing + excluded.preparing, ready = h.ready + excluded.ready,
    completed = h.completed + excluded.completed, cancelled = h.cancelled + excluded.cancelled,
    revenue_cents = h.revenue_cents + excluded.revenue_cents,
    customers_latest = h.customers_latest + excluded.customers_latest,
    customers_second_latest = h.customers_second_latest + excluded.customers_second_latest;
  -- The same by local day. Only the new order's row adds an order, at the new order's hour; the other rows add 0
  -- there, so one element index serves every row.
  INSERT INTO shop_order_days AS s (shop_id, day, pending, confirmed, preparing, ready, completed, cancelled,
    revenue_cents, customers_latest, customers_second_latest, hourly_orders)
  SELECT n.shop_id, d.day, sum(d.pending), sum(d.confirmed), sum(d.preparing), sum(d.ready), sum(d.completed),
    sum(d.cancelled), sum(d.revenue_cents), sum(d.customers_latest), sum(d.customers_second_latest),
    hour_array(local_hour(n.created_at), sum(d.orders)::int)
  FROM (VALUES
    (local_day(n.created_at), (n.status = 'pending')::int, (n.status = 'confirmed')::int,
      (n.status = 'preparing')::int, (n.status = 'ready')::int, (n.status = 'completed')::int,
      (n.status = 'cancelled')::int, CASE WHEN n.status = 'cancelled' THEN 0 ELSE n.total_cents END::int8, 1, 0, 1),
    (local_day(was.latest_at), 0, 0, 0, 0, 0, 0, 0::int8, -1, 1, 0),
    (local_day(was.second_latest_at), 0, 0, 0, 0, 0, 0, 0::int8, 0, -1, 0)
  ) AS d(day, pending, confirmed, preparing, ready, completed, cancelled, revenue_cents, customers_latest,
    customers_second_latest, orders)
  WHERE d.day IS NOT NULL
  GROUP BY d.day
  HAVING ROW(sum(d.orders), sum(d.customers_latest), sum(d.customers_second_latest)) <> ROW(0, 0, 0)
  ORDER BY d.day
  ON CONFLICT (shop_id, day) DO UPDATE SET
    pending = s.pending + excluded.pending, confirmed = s.confirmed + excluded.confirmed,
    preparing = s.preparing + excluded.preparing, ready = s.ready + excluded.ready,
    completed = s.completed + excluded.completed, cancelled = s.cancelled + excluded.cancelled,
    revenue_cents = s.revenue_cents + excluded.revenue_cents,
    customers_latest = s.customers_latest + excluded.customers_latest,
    customers_second_latest = s.customers_second_latest + excluded.customers_second_latest,
    hourly_orders[local_hour(n.created_at) + 1] = s.hourly_orders[local_hour(n.created_at) + 1]
      + excluded.hourly_orders[local_hour(n.created_at) + 1];
  RETURN true;
END
$$;--> statement-breakpoint

-- Backfill from the hour rows (exact already), before any new order can add to a day row.
INSERT INTO shop_order_days (shop_id, day, pending, confirmed, preparing, ready, completed, cancelled, revenue_cents,
  customers_latest, customers_second_latest, hourly_orders)
SELECT shop_id, local_day(hour), sum(pending), sum(confirmed), sum(preparing), sum(ready), sum(completed),
  sum(cancelled), sum(revenue_cents), sum(customers_latest), sum(customers_second_latest),
  sum_hour_arrays(hour_array(local_hour(hour), pending + confirmed + preparing + ready + completed + cancelled))
FROM shop_order_hours
GROUP BY 1, 2;
