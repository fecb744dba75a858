-- The rollups of migration 0007 on the orders' hot path (issue 10): a status move and a placed order are one order
-- each, and the statement triggers' general machinery (transition tables turned into arrays of changes, grouped,
-- merged, the customers' latest orders re-derived) cost them about 2 ms of PostgreSQL per order, more than the
-- writes themselves. Here each gets a direct path; bulk writes keep the statement triggers of 0007.
-- Decision 0004 ("Orders' hot path").

-- A status move (or a change of total or ready time) of one order: the counters of the order's hour row, which
-- its insert made, move from the old status to the new one, and its time to ready from the old minute to the
-- new one. A change of shop, customer or time (never made by the app) goes through the general function.
-- A row trigger, so it runs only for rows whose counted columns changed (the WHEN clause: an idempotency key
-- being freed runs nothing). A multi-row UPDATE of counted columns locks hour rows in the order it meets them,
-- so two such statements at once could deadlock (PostgreSQL would refuse one); the app only moves one order per
-- statement.
CREATE FUNCTION rollup_order_move() RETURNS trigger
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
DROP TRIGGER orders_rollup_update ON orders;--> statement-breakpoint
CREATE TRIGGER orders_rollup_move AFTER UPDATE ON orders FOR EACH ROW
  WHEN ((OLD.shop_id, OLD.customer_id, OLD.created_at, OLD.status, OLD.total_cents, OLD.ready_at)
    IS DISTINCT FROM (NEW.shop_id, NEW.customer_id, NEW.created_at, NEW.status, NEW.total_cents, NEW.ready_at))
  EXECUTE FUNCTION rollup_order_move();--> statement-breakpoint

-- A placed order: one new order, not yet ready, no older than the customer's latest at the shop. The customer's
-- row is made if new and locked, its latest two orders shift by one, and the order's hour row and the hours of
-- the orders that stopped being the customer's latest or second-latest are changed in one upsert (in hour order,
-- after shop_customers: the lock order of 0007). Returns false, having changed nothing, for any other insert,
-- which the general function then counts.
CREATE FUNCTION rollup_placed_order(n orders) RETURNS boolean
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
  RETURN true;
END
$$;--> statement-breakpoint

-- The statement triggers on orders, now for inserts and deletes only: a single placed order takes the direct path.
CREATE OR REPLACE FUNCTION rollup_orders() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  placed orders;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF (SELECT count(*) FROM new_rows) = 1 THEN
      SELECT * INTO placed FROM new_rows;
      IF rollup_placed_order(placed) THEN RETURN NULL; END IF;
    END IF;
    PERFORM apply_order_changes(ARRAY(SELECT order_change_of(1, n) FROM new_rows n), true);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM apply_order_changes(ARRAY(SELECT order_change_of(-1, o) FROM old_rows o), true);
  END IF;
  RETURN NULL;
END
$$;
