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
-- A local-day tier for shop_order_hours (issue 11; decision 0004, "Local days"): a window's whole days are one row
-- each, whatever the shop's volume, so a busy shop's answer reads about as many rows as a quiet one's. Kept in the
-- same functions as the hour rows, right after them (lock order: shop_customers, shop_order_hours,
-- shop_order_days, shop_ready_minutes, shop_item_sales, and shop_message_counts at commit).

-- Orders per local hour of a day: n at position `hour` (0-23), 0 elsewhere; and two such arrays added.
CREATE FUNCTION hourly_counts(hour integer, n integer) RETURNS integer[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT array_fill(0, ARRAY[hour]) || n || array_fill(0, ARRAY[23 - hour]) $$;--> statement-breakpoint
CREATE FUNCTION add_hourly_counts(a integer[], b integer[]) RETURNS integer[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT array_agg(x + y ORDER BY i) FROM unnest(a, b) WITH ORDINALITY AS u(x, y, i) $$;--> statement-breakpoint
CREATE AGGREGATE sum_hourly_counts(integer[]) (SFUNC = add_hourly_counts, STYPE = integer[],
  INITCOND = '{0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0}');--> statement-breakpoint

-- Adds changes of hour rows (each a shop_order_hours row of differences, in (shop_id, hour) order, at most one per
-- hour) to shop_order_hours, then to the local days that hold those hours.
CREATE FUNCTION add_order_hours(deltas shop_order_hours[]) RETURNS void
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  IF cardinality(deltas) = 0 THEN RETURN; END IF;
  INSERT INTO shop_order_hours AS h
  SELECT * FROM unnest(deltas)
  ON CONFLICT (shop_id, hour) DO UPDATE SET
    pending = h.pending + excluded.pending, confirmed = h.confirmed + excluded.confirmed,
    preparing = h.preparing + excluded.preparing, ready = h.ready + excluded.ready,
    completed = h.completed + excluded.completed, cancelled = h.cancelled + excluded.cancelled,
    revenue_cents = h.revenue_cents + excluded.revenue_cents,
    customers_latest = h.customers_latest + excluded.customers_latest,
    customers_second_latest = h.customers_second_latest + excluded.customers_second_latest;
  INSERT INTO shop_order_days AS d (shop_id, day, pending, confirmed, preparing, ready, completed, cancelled,
    revenue_cents, customers_latest, customers_second_latest, hourly_orders)
  SELECT c.shop_id, c.local_hour::date, sum(c.pending), sum(c.confirmed), sum(c.preparing), sum(c.ready),
    sum(c.completed), sum(c.cancelled), sum(c.revenue_cents), sum(c.customers_latest),
    sum(c.customers_second_latest),
    sum_hourly_counts(hourly_counts(extract(hour FROM c.local_hour)::int,
      c.pending + c.confirmed + c.preparing + c.ready + c.completed + c.cancelled))
  FROM (SELECT u.*, u.hour AT TIME ZONE 'Africa/Johannesburg' AS local_hour FROM unnest(deltas) u) c
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT (shop_id, day) DO UPDATE SET
    pending = d.pending + excluded.pending, confirmed = d.confirmed + excluded.confirmed,
    preparing = d.preparing + excluded.preparing, ready = d.ready + excluded.ready,
    completed = d.completed + excluded.completed, cancelled = d.cancelled + excluded.cancelled,
    revenue_cents = d.revenue_cents + excluded.revenue_cents,
    customers_latest = d.customers_latest + excluded.customers_latest,
    customers_second_latest = d.customers_second_latest + excluded.customers_second_latest,
    hourly_orders = add_hourly_counts(d.hourly_orders, excluded.hourly_orders);
END
$$;--> statement-breakpoint

-- 0007's general function, its hour upsert now through add_order_hours (the ready minutes unchanged).
CREATE OR REPLACE FUNCTION apply_order_changes(changes order_change[], customers_moved boolean) RETURNS void
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  IF cardinality(changes) = 0 THEN RETURN; END IF;
  PERFORM add_order_hours(ARRAY(
    SELECT ROW(d.shop_id, d.hour, sum(d.pending)::int, sum(d.confirmed)::int, sum(d.preparing)::int,
      sum(d.ready)::int, sum(d.completed)::int, sum(d.cancelled)::int, sum(d.revenue_cents)::int8,
      sum(d.customers_latest)::int, sum(d.customers_second_latest)::int)::shop_order_hours
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
    HAVING ROW(sum(d.pending), sum(d.confirmed), sum(d.preparing), sum(d.ready), sum(d.completed),
      sum(d.cancelled), sum(d.revenue_cents), sum(d.customers_latest), sum(d.customers_second_latest))
      <> ROW(0, 0, 0, 0, 0, 0, 0, 0, 0)
    ORDER BY d.shop_id, d.hour));

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

-- 0008's placed order, its hour upsert now through add_order_hours.
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
  PERFORM add_order_hours(ARRAY(
    SELECT ROW(n.shop_id, d.hour, sum(d.pending)::int, sum(d.confirmed)::int, sum(d.preparing)::int,
      sum(d.ready)::int, sum(d.completed)::int, sum(d.cancelled)::int, sum(d.revenue_cents)::int8,
      sum(d.customers_latest)::int, sum(d.customers_second_latest)::int)::shop_order_hours
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
    HAVING ROW(sum(d.pending), sum(d.confirmed), sum(d.preparing), sum(d.ready), sum(d.completed),
      sum(d.cancelled), sum(d.revenue_cents), sum(d.customers_latest), sum(d.customers_second_latest))
      <> ROW(0, 0, 0, 0, 0, 0, 0, 0, 0)
    ORDER BY d.hour));
  RETURN true;
END
$$;--> statement-breakpoint

-- 0008's status move: the order's day row moves with its hour row (orders per hour stay as they were).
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
  WHERE shop_id = NEW.shop_id AND day = (NEW.created_at AT TIME ZONE 'Africa/Johannesburg')::date;
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

-- Backfill from the hour rows already there.
INSERT INTO shop_order_days (shop_id, day, pending, confirmed, preparing, ready, completed, cancelled, revenue_cents,
  customers_latest, customers_second_latest, hourly_orders)
SELECT shop_id, (hour AT TIME ZONE 'Africa/Johannesburg')::date, sum(pending), sum(confirmed), sum(preparing),
  sum(ready), sum(completed), sum(cancelled), sum(revenue_cents), sum(customers_latest),
  sum(customers_second_latest),
  sum_hourly_counts(hourly_counts(extract(hour FROM hour AT TIME ZONE 'Africa/Johannesburg')::int,
    pending + confirmed + preparing + ready + completed + cancelled))
FROM shop_order_hours
GROUP BY 1, 2;
