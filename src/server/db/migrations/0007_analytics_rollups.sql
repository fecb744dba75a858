CREATE TABLE "shop_customers" (
	"shop_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"latest_at" timestamp with time zone,
	"second_latest_at" timestamp with time zone,
	CONSTRAINT "shop_customers_shop_id_customer_id_pk" PRIMARY KEY("shop_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "shop_item_sales" (
	"shop_id" integer NOT NULL,
	"hours" smallint NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"name" text NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "shop_item_sales_shop_id_hours_bucket_name_pk" PRIMARY KEY("shop_id","hours","bucket","name")
);
--> statement-breakpoint
CREATE TABLE "shop_message_counts" (
	"shop_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "shop_message_counts_shop_id_customer_id_pk" PRIMARY KEY("shop_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "shop_order_hours" (
	"shop_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"confirmed" integer DEFAULT 0 NOT NULL,
	"preparing" integer DEFAULT 0 NOT NULL,
	"ready" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	"customers_latest" integer DEFAULT 0 NOT NULL,
	"customers_second_latest" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "shop_order_hours_shop_id_hour_pk" PRIMARY KEY("shop_id","hour")
);
--> statement-breakpoint
CREATE TABLE "shop_ready_minutes" (
	"shop_id" integer NOT NULL,
	"hours" smallint NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"minute" integer NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "shop_ready_minutes_shop_id_hours_bucket_minute_pk" PRIMARY KEY("shop_id","hours","bucket","minute")
);
--> statement-breakpoint
DROP INDEX "favorites_shop";--> statement-breakpoint
ALTER TABLE "shop_customers" ADD CONSTRAINT "shop_customers_shop_id_coffee_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."coffee_shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_item_sales" ADD CONSTRAINT "shop_item_sales_shop_id_coffee_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."coffee_shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_message_counts" ADD CONSTRAINT "shop_message_counts_shop_id_coffee_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."coffee_shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_order_hours" ADD CONSTRAINT "shop_order_hours_shop_id_coffee_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."coffee_shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_ready_minutes" ADD CONSTRAINT "shop_ready_minutes_shop_id_coffee_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."coffee_shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_customers_latest" ON "shop_customers" USING btree ("shop_id","latest_at");--> statement-breakpoint
CREATE INDEX "shop_customers_second_latest" ON "shop_customers" USING btree ("shop_id","second_latest_at");--> statement-breakpoint
CREATE INDEX "favorites_shop_created" ON "favorites" USING btree ("shop_id","created_at");--> statement-breakpoint
-- Analytics rollups (issue 11; docs/decisions/0004-analytics-rollups.md), kept by the database itself: statement
-- triggers on orders and order_lines sum each statement's rows (a bulk insert of a million orders is one aggregate,
-- a placed order one small upsert), a deferred trigger counts messages. Every write path keeps them right: the
-- order service, the demo seed, test factories, bulk loads.
--
-- The helper functions plan their statements once per connection (plan_cache_mode = force_generic_plan): left to
-- choose, PostgreSQL planned them anew on every call, for a placed order more than half the triggers' time.
--
-- Lock order, the same in every writer so none can deadlock another: shop_customers rows, then shop_order_hours,
-- then shop_ready_minutes, then shop_item_sales (each multi-row upsert in key order), and shop_message_counts last,
-- at commit.

-- The UTC hour (hours = 1) or UTC day (hours = 24) an instant falls in, whatever the session's time zone.
CREATE FUNCTION utc_bucket(instant timestamptz, hours integer) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT date_bin(make_interval(hours => hours), instant, timestamptz '2000-01-01 00:00:00+00') $$;--> statement-breakpoint
-- Whole minutes from placement to ready: the histogram's buckets, and a key of orders_shop_ready_minute.
CREATE FUNCTION minutes_to_ready(created_at timestamptz, ready_at timestamptz) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT floor(extract(epoch FROM ready_at - created_at) / 60)::integer $$;--> statement-breakpoint
-- The median time to ready is found to the minute from shop_ready_minutes; its exact value is then read from the
-- window's orders of that one minute, here.
CREATE INDEX "orders_shop_ready_minute" ON "orders" USING btree ("shop_id", minutes_to_ready("created_at", "ready_at"), "created_at")
  INCLUDE ("ready_at") WHERE "ready_at" IS NOT NULL;--> statement-breakpoint

-- An order coming (sign 1) or going (sign -1), with what the rollups count of it. A status move is the old row
-- going and the new one coming.
CREATE TYPE order_change AS (sign integer, shop_id integer, customer_id integer, created_at timestamptz,
  status order_status, total_cents integer, ready_at timestamptz);--> statement-breakpoint
CREATE FUNCTION order_change_of(sign integer, o orders) RETURNS order_change
  LANGUAGE sql IMMUTABLE
  AS $$ SELECT (sign, o.shop_id, o.customer_id, o.created_at, o.status, o.total_cents, o.ready_at)::order_change $$;--> statement-breakpoint

-- Keeps each customer's latest two orders at a shop (shop_customers) and returns how that moved the customers
-- counted in shop_order_hours: -1 where a latest (or second-latest) order was, +1 where it is now.
CREATE FUNCTION shop_customer_moves(changes order_change[])
RETURNS TABLE (shop_id integer, hour timestamptz, customers_latest integer, customers_second_latest integer)
LANGUAGE plpgsql ROWS 4 SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
DECLARE
  net order_change[];
BEGIN
  -- Orders that came (sign > 0) or went (sign < 0) per shop, customer and instant; a status move nets to nothing.
  net := ARRAY(SELECT (sum(c.sign)::int, c.shop_id, c.customer_id, c.created_at, NULL, NULL, NULL)::order_change
    FROM unnest(changes) c GROUP BY c.shop_id, c.customer_id, c.created_at HAVING sum(c.sign) <> 0);
  IF cardinality(net) = 0 THEN RETURN; END IF;
  -- A row for each customer new to the shop, then every row concerned locked in key order. The next statement
  -- starts after the locks are held, so it sees whatever a concurrent writer of the same rows committed.
  INSERT INTO shop_customers (shop_id, customer_id)
    SELECT DISTINCT n.shop_id, n.customer_id FROM unnest(net) n WHERE n.sign > 0 ORDER BY 1, 2
    ON CONFLICT DO NOTHING;
  PERFORM 1 FROM shop_customers sc
    WHERE (sc.shop_id, sc.customer_id) IN (SELECT n.shop_id, n.customer_id FROM unnest(net) n)
    ORDER BY sc.shop_id, sc.customer_id FOR UPDATE;
  RETURN QUERY
  WITH pairs AS (
    -- Instants repeated as many times as orders came then: two orders in the same microsecond are two orders.
    SELECT n.shop_id, n.customer_id, bool_and(n.sign > 0) AS only_arrivals,
      (array_agg(n.created_at ORDER BY n.created_at DESC))[1:2] AS newest
    FROM unnest(net) n, generate_series(1, abs(n.sign)) AS copies
    GROUP BY n.shop_id, n.customer_id
  ), latest_two AS (
    SELECT sc.shop_id, sc.customer_id, sc.latest_at AS was_latest, sc.second_latest_at AS was_second,
      CASE WHEN p.only_arrivals
        -- Orders only came: the latest two of those kept and those that came.
        THEN ARRAY(SELECT t FROM unnest(ARRAY[sc.latest_at, sc.second_latest_at] || p.newest) AS t
          WHERE t IS NOT NULL ORDER BY t DESC LIMIT 2)
        -- An order went: read the customer's latest two at this shop again (index orders_customer).
        ELSE ARRAY(SELECT o.created_at FROM orders o WHERE o.customer_id = sc.customer_id AND o.shop_id = sc.shop_id
          ORDER BY o.created_at DESC LIMIT 2)
      END AS now_two
    FROM shop_customers sc JOIN pairs p ON p.shop_id = sc.shop_id AND p.customer_id = sc.customer_id
  ), saved AS (
    UPDATE shop_customers sc SET latest_at = l.now_two[1], second_latest_at = l.now_two[2]
    FROM latest_two l WHERE sc.shop_id = l.shop_id AND sc.customer_id = l.customer_id
  )
  SELECT l.shop_id, utc_bucket(l.was_latest, 1), -1, 0 FROM latest_two l WHERE l.was_latest IS NOT NULL
  UNION ALL SELECT l.shop_id, utc_bucket(l.now_two[1], 1), 1, 0 FROM latest_two l WHERE l.now_two[1] IS NOT NULL
  UNION ALL SELECT l.shop_id, utc_bucket(l.was_second, 1), 0, -1 FROM latest_two l WHERE l.was_second IS NOT NULL
  UNION ALL SELECT l.shop_id, utc_bucket(l.now_two[2], 1), 0, 1 FROM latest_two l WHERE l.now_two[2] IS NOT NULL;
  -- Customers with no order left at the shop.
  DELETE FROM shop_customers sc WHERE sc.latest_at IS NULL
    AND (sc.shop_id, sc.customer_id) IN (SELECT n.shop_id, n.customer_id FROM unnest(net) n);
END
$$;--> statement-breakpoint

-- Adds orders that came and takes out orders that went: shop_order_hours (statuses, revenue, customers) and
-- shop_ready_minutes. Rows of a shop being deleted are left alone (its rollups go with it by foreign key).
-- customers_moved is false for changes that keep every order's shop, customer and time (a status move): then
-- shop_customers is not touched at all (the check is a tenth of a millisecond per move).
CREATE FUNCTION apply_order_changes(changes order_change[], customers_moved boolean) RETURNS void
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  IF cardinality(changes) = 0 THEN RETURN; END IF;
  INSERT INTO shop_order_hours AS h (shop_id, hour, pending, confirmed, preparing, ready, completed, cancelled,
    revenue_cents, customers_latest, customers_second_latest)
  SELECT d.shop_id, d.hour, sum(d.pending), sum(d.confirmed), sum(d.preparing), sum(d.ready), sum(d.completed),
    sum(d.cancelled), sum(d.revenue_cents), sum(d.customers_latest), sum(d.customers_second_latest)
  FROM (
    SELECT c.shop_id, utc_bucket(c.created_at, 1) AS hour,
      c.sign * (c.status = 'pending')::int AS pending, c.sign * (c.status = 'confirmed')::int AS confirmed,
      c.sign * (c.status = 'preparing')::int AS preparing, c.sign * (c.status = 'ready')::int AS ready,
      c.sign * (c.status = 'completed')::int AS completed, c.sign * (c.status = 'cancelled')::int AS cancelled,
      c.sign * CASE WHEN c.status = 'cancelled' THEN 0 ELSE c.total_cents END::int8 AS revenue_cents,
      0 AS customers_latest, 0 AS customers_second_latest
    FROM unnest(changes) c
    UNION ALL
    -- Runs first in effect: it locks shop_customers rows before this statement locks any hour row.
    SELECT m.shop_id, m.hour, 0, 0, 0, 0, 0, 0, 0, m.customers_latest, m.customers_second_latest
    FROM shop_customer_moves(changes) m WHERE customers_moved
  ) d
  WHERE EXISTS (SELECT FROM coffee_shops s WHERE s.id = d.shop_id)
  GROUP BY d.shop_id, d.hour
  HAVING ROW(sum(d.pending), sum(d.confirmed), sum(d.preparing), sum(d.ready), sum(d.completed), sum(d.cancelled),
    sum(d.revenue_cents), sum(d.customers_latest), sum(d.customers_second_latest)) <> ROW(0, 0, 0, 0, 0, 0, 0, 0, 0)
  ORDER BY d.shop_id, d.hour
  ON CONFLICT (shop_id, hour) DO UPDATE SET
    pending = h.pending + excluded.pending, confirmed = h.confirmed + excluded.confirmed,
    preparing = h.preparing + excluded.preparing, ready = h.ready + excluded.ready,
    completed = h.completed + excluded.completed, cancelled = h.cancelled + excluded.cancelled,
    revenue_cents = h.revenue_cents + excluded.revenue_cents,
    customers_latest = h.customers_latest + excluded.customers_latest,
    customers_second_latest = h.customers_second_latest + excluded.customers_second_latest;

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

-- An order line coming (sign 1) or going (sign -1), with what shop_item_sales counts of it. A cancellation is the
-- line going (it was not cancelled) and coming back cancelled, which counts nothing.
CREATE TYPE line_change AS (sign integer, shop_id integer, created_at timestamptz, name text, quantity integer,
  price_cents integer, is_cancelled boolean);--> statement-breakpoint
CREATE FUNCTION line_change_of(sign integer, l order_lines) RETURNS line_change
  LANGUAGE sql IMMUTABLE
  AS $$ SELECT (sign, l.shop_id, l.created_at, l.name, l.quantity, l.price_cents, l.is_cancelled)::line_change $$;--> statement-breakpoint
-- Adds the items of lines not cancelled to their hour row and their day row (PL/pgSQL, not SQL: a SQL function
-- is planned per call).
CREATE FUNCTION apply_line_changes(changes line_change[]) RETURNS void
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  -- A move that cancels nothing still runs its (empty) update of order_lines, and statement triggers fire anyway.
  IF cardinality(changes) = 0 THEN RETURN; END IF;
  INSERT INTO shop_item_sales AS s (shop_id, hours, bucket, name, quantity, revenue_cents)
  SELECT c.shop_id, span.hours, utc_bucket(c.created_at, span.hours), c.name, sum(c.sign * c.quantity),
    sum(c.sign * c.quantity * c.price_cents::int8)
  FROM unnest(changes) c CROSS JOIN (VALUES (1::smallint), (24::smallint)) AS span(hours)
  WHERE NOT c.is_cancelled AND EXISTS (SELECT FROM coffee_shops shop WHERE shop.id = c.shop_id)
  GROUP BY 1, 2, 3, 4
  HAVING ROW(sum(c.sign * c.quantity), sum(c.sign * c.quantity * c.price_cents::int8)) <> ROW(0, 0)
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (shop_id, hours, bucket, name) DO UPDATE SET
    quantity = s.quantity + excluded.quantity, revenue_cents = s.revenue_cents + excluded.revenue_cents;
END
$$;--> statement-breakpoint

-- The statement triggers on orders: what a statement's rows changed, as order_change values.
CREATE FUNCTION rollup_orders() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM apply_order_changes(ARRAY(SELECT order_change_of(1, n) FROM new_rows n), true);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM apply_order_changes(ARRAY(SELECT order_change_of(-1, o) FROM old_rows o), true);
  ELSE
    -- Only rows whose counted columns changed (a status move, ready_at): the old one out, the new one in.
    PERFORM apply_order_changes(
      ARRAY(
        SELECT change FROM old_rows o JOIN new_rows n ON n.id = o.id,
          LATERAL (VALUES (order_change_of(-1, o)), (order_change_of(1, n))) AS both_sides(change)
        WHERE (o.shop_id, o.customer_id, o.created_at, o.status, o.total_cents, o.ready_at)
          IS DISTINCT FROM (n.shop_id, n.customer_id, n.created_at, n.status, n.total_cents, n.ready_at)),
      EXISTS (SELECT FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.shop_id, o.customer_id, o.created_at) IS DISTINCT FROM (n.shop_id, n.customer_id, n.created_at)));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint

-- The statement triggers on order_lines, likewise as line_change values.
CREATE FUNCTION rollup_order_lines() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM apply_line_changes(ARRAY(SELECT line_change_of(1, n) FROM new_rows n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM apply_line_changes(ARRAY(SELECT line_change_of(-1, o) FROM old_rows o));
  ELSE
    -- Only lines whose counted columns changed (is_cancelled, when the order is cancelled).
    PERFORM apply_line_changes(ARRAY(
      SELECT change FROM old_rows o JOIN new_rows n ON n.id = o.id,
        LATERAL (VALUES (line_change_of(-1, o)), (line_change_of(1, n))) AS both_sides(change)
      WHERE (o.shop_id, o.created_at, o.name, o.quantity, o.price_cents, o.is_cancelled)
        IS DISTINCT FROM (n.shop_id, n.created_at, n.name, n.quantity, n.price_cents, n.is_cancelled)));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint

-- Messages per conversation. Deferred to commit, so the counter row is the last lock a transaction takes (placing
-- or moving an order writes a chat message too) and is held only while it commits.
CREATE FUNCTION count_shop_messages() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO shop_message_counts AS m (shop_id, customer_id, messages)
    SELECT NEW.shop_id, NEW.customer_id, 1 WHERE EXISTS (SELECT FROM coffee_shops s WHERE s.id = NEW.shop_id)
    ON CONFLICT (shop_id, customer_id) DO UPDATE SET messages = m.messages + 1;
  ELSE
    UPDATE shop_message_counts SET messages = messages - 1
    WHERE shop_id = OLD.shop_id AND customer_id = OLD.customer_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint

-- Backfill from the rows already there (demo data, existing databases), with the triggers' own functions, before
-- the triggers exist.
SELECT apply_order_changes(ARRAY(SELECT order_change_of(1, o) FROM orders o), true);--> statement-breakpoint
SELECT apply_line_changes(ARRAY(SELECT line_change_of(1, l) FROM order_lines l));--> statement-breakpoint
INSERT INTO shop_message_counts (shop_id, customer_id, messages)
  SELECT shop_id, customer_id, count(*) FROM messages GROUP BY 1, 2;--> statement-breakpoint

CREATE TRIGGER orders_rollup_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION rollup_orders();--> statement-breakpoint
CREATE TRIGGER orders_rollup_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION rollup_orders();--> statement-breakpoint
CREATE TRIGGER orders_rollup_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION rollup_orders();--> statement-breakpoint
CREATE TRIGGER order_lines_rollup_insert AFTER INSERT ON order_lines REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION rollup_order_lines();--> statement-breakpoint
CREATE TRIGGER order_lines_rollup_update AFTER UPDATE ON order_lines REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION rollup_order_lines();--> statement-breakpoint
CREATE TRIGGER order_lines_rollup_delete AFTER DELETE ON order_lines REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION rollup_order_lines();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER messages_count AFTER INSERT OR DELETE ON messages
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION count_shop_messages();
