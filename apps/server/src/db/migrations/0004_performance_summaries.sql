-- Performance summaries (performance_daily) kept current by the database itself, so every write
-- path (the app, ingestion, the CSV/JSON import, seeding, a manual fix in psql) updates them.
-- Statement-level triggers with transition tables add one aggregated delta per statement, so a
-- bulk insert of 100,000 orders costs one GROUP BY, not 100,000 upserts.

-- The China-time (UTC+8, no daylight saving) calendar day of an instant.
CREATE OR REPLACE FUNCTION perf_china_day(ts timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT ((ts AT TIME ZONE 'UTC') + interval '8 hours')::date $$;
--> statement-breakpoint

-- A customer is credited, as a new customer, to whoever owned it when it was created.
CREATE OR REPLACE FUNCTION perf_customer_credit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.credited_staff_id IS NULL THEN
    NEW.credited_staff_id := NEW.owner_id;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER customers_perf_credit BEFORE INSERT ON customers FOR EACH ROW EXECUTE FUNCTION perf_customer_credit();
--> statement-breakpoint
UPDATE customers SET credited_staff_id = owner_id WHERE credited_staff_id IS NULL;
--> statement-breakpoint

-- The rows a statement changed, signed: +1 for the rows after it, -1 for the rows before it. An
-- INSERT trigger only has the new rows and a DELETE trigger only the old ones, so the query is
-- built for the operation (transition tables are visible to EXECUTE).
CREATE OR REPLACE FUNCTION perf_changed_rows(op text, columns text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE op
    WHEN 'INSERT' THEN format('SELECT 1 AS sign, %s FROM perf_new_rows', columns)
    WHEN 'DELETE' THEN format('SELECT -1 AS sign, %s FROM perf_old_rows', columns)
    ELSE format('SELECT 1 AS sign, %1$s FROM perf_new_rows UNION ALL SELECT -1, %1$s FROM perf_old_rows', columns)
  END
$$;
--> statement-breakpoint

-- What an order contributes: +1/+amount on its paid day once paid (paid, shipped, completed,
-- refunded) and, when refunded, a refund on its refunded day (figures subtract refunds).

CREATE OR REPLACE FUNCTION perf_apply_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
  WITH changed AS (%s), deltas AS (
    SELECT site_id, coalesce(staff_id, 0) AS staff_id, perf_china_day(paid_at) AS day,
           sign AS paid_count, sign * amount_fen AS paid_amount, 0 AS refund_count, 0::bigint AS refund_amount
      FROM changed WHERE paid_at IS NOT NULL AND status IN ('paid', 'shipped', 'completed', 'refunded')
    UNION ALL
    SELECT site_id, coalesce(staff_id, 0), perf_china_day(coalesce(refunded_at, paid_at)), 0, 0, sign, sign * amount_fen
      FROM changed WHERE paid_at IS NOT NULL AND status = 'refunded'
  )
  INSERT INTO performance_daily AS p (site_id, staff_id, day, paid_count, paid_amount_fen, refund_count, refund_amount_fen)
  SELECT site_id, staff_id, day, sum(paid_count), sum(paid_amount), sum(refund_count), sum(refund_amount)
    FROM deltas GROUP BY site_id, staff_id, day
    HAVING sum(paid_count) <> 0 OR sum(paid_amount) <> 0 OR sum(refund_count) <> 0 OR sum(refund_amount) <> 0
    ORDER BY site_id, day, staff_id
  ON CONFLICT (site_id, day, staff_id) DO UPDATE SET
    paid_count = p.paid_count + excluded.paid_count,
    paid_amount_fen = p.paid_amount_fen + excluded.paid_amount_fen,
    refund_count = p.refund_count + excluded.refund_count,
    refund_amount_fen = p.refund_amount_fen + excluded.refund_amount_fen
  $q$, perf_changed_rows(TG_OP, 'site_id, staff_id, status, amount_fen, paid_at, refunded_at'));
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION perf_apply_customers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
  INSERT INTO performance_daily AS p (site_id, staff_id, day, new_customers)
  SELECT site_id, coalesce(credited_staff_id, 0), perf_china_day(created_at), sum(sign)
    FROM (%s) changed
    GROUP BY 1, 2, 3 HAVING sum(sign) <> 0
    ORDER BY 1, 3, 2
  ON CONFLICT (site_id, day, staff_id) DO UPDATE SET new_customers = p.new_customers + excluded.new_customers
  $q$, perf_changed_rows(TG_OP, 'site_id, credited_staff_id, created_at'));
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION perf_apply_follow_ups() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
  INSERT INTO performance_daily AS p (site_id, staff_id, day, follow_ups)
  SELECT site_id, staff_id, perf_china_day(created_at), sum(sign)
    FROM (%s) changed
    GROUP BY 1, 2, 3 HAVING sum(sign) <> 0
    ORDER BY 1, 3, 2
  ON CONFLICT (site_id, day, staff_id) DO UPDATE SET follow_ups = p.follow_ups + excluded.follow_ups
  $q$, perf_changed_rows(TG_OP, 'site_id, staff_id, created_at'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_perf_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS perf_new_rows FOR EACH STATEMENT EXECUTE FUNCTION perf_apply_orders();
--> statement-breakpoint
CREATE TRIGGER orders_perf_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS perf_old_rows NEW TABLE AS perf_new_rows FOR EACH STATEMENT EXECUTE FUNCTION perf_apply_orders();
--> statement-breakpoint
CREATE TRIGGER orders_perf_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS perf_old_rows FOR EACH STATEMENT EXECUTE FUNCTION perf_apply_orders();
--> statement-breakpoint
CREATE TRIGGER customers_perf_insert AFTER INSERT ON customers REFERENCING NEW TABLE AS perf_new_rows FOR EACH STATEMENT EXECUTE FUNCTION perf_apply_customers();
--> statement-breakpoint
CREATE TRIGGER customers_perf_update AFTER UPDATE ON customers REFERENCING OLD TABLE AS perf_old_rows NEW TABLE AS perf_new_rows FOR EACH STATEMENT EXECUTE FUNCTION perf_apply_customers();
--> statement-breakpoint
CREATE TRIGGER customers_perf_delete AFTER DELETE ON customers REFERENCING OLD TABLE AS perf_old_rows FOR EACH STATEMENT EXECUTE FUNCTION perf_apply_customers();
--> statement-breakpoint
CREATE TRIGGER follow_ups_perf_insert AFTER INSERT ON follow_ups REFERENCING NEW TABLE AS perf_new_rows FOR EACH STATEMENT EXECUTE FUNCTION perf_apply_follow_ups();
--> statement-breakpoint
CREATE TRIGGER follow_ups_perf_update AFTER UPDATE ON follow_ups REFERENCING OLD TABLE AS perf_old_rows NEW TABLE AS perf_new_rows FOR EACH STATEMENT EXECUTE FUNCTION perf_apply_follow_ups();
--> statement-breakpoint
CREATE TRIGGER follow_ups_perf_delete AFTER DELETE ON follow_ups REFERENCING OLD TABLE AS perf_old_rows FOR EACH STATEMENT EXECUTE FUNCTION perf_apply_follow_ups();
--> statement-breakpoint

-- The summaries from the raw rows, from scratch: after this migration, after a bulk seed, and in
-- the test proving the triggers agree with it. Takes a lock so no write slips in between.
CREATE OR REPLACE FUNCTION perf_recompute() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE performance_daily IN EXCLUSIVE MODE;
  DELETE FROM performance_daily;
  INSERT INTO performance_daily (site_id, staff_id, day, paid_count, paid_amount_fen, refund_count, refund_amount_fen, new_customers, follow_ups)
  SELECT site_id, staff_id, day, sum(paid_count), sum(paid_amount), sum(refund_count), sum(refund_amount), sum(new_customers), sum(follow_ups)
  FROM (
    SELECT site_id, coalesce(staff_id, 0) AS staff_id, perf_china_day(paid_at) AS day, 1 AS paid_count, amount_fen AS paid_amount,
           0 AS refund_count, 0::bigint AS refund_amount, 0 AS new_customers, 0 AS follow_ups
      FROM orders WHERE paid_at IS NOT NULL AND status IN ('paid', 'shipped', 'completed', 'refunded')
    UNION ALL
    SELECT site_id, coalesce(staff_id, 0), perf_china_day(coalesce(refunded_at, paid_at)), 0, 0, 1, amount_fen, 0, 0
      FROM orders WHERE paid_at IS NOT NULL AND status = 'refunded'
    UNION ALL
    SELECT site_id, coalesce(credited_staff_id, 0), perf_china_day(created_at), 0, 0, 0, 0, 1, 0 FROM customers
    UNION ALL
    SELECT site_id, staff_id, perf_china_day(created_at), 0, 0, 0, 0, 0, 1 FROM follow_ups
  ) raw
  GROUP BY site_id, staff_id, day;
END $$;
--> statement-breakpoint
SELECT perf_recompute();
