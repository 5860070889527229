CREATE TABLE "order_tallies" (
	"site_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"status" varchar(16) NOT NULL,
	"day" date NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"amount_fen" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_tallies_site_id_staff_id_status_day_pk" PRIMARY KEY("site_id","staff_id","status","day")
);
--> statement-breakpoint
CREATE INDEX "order_tallies_site_day_idx" ON "order_tallies" USING btree ("site_id","day");--> statement-breakpoint

-- A statement's changed orders, signed (perf_changed_rows of 0004), summed into the tallies. An
-- update that changes none of the tallied columns sums to zero and writes nothing.
CREATE OR REPLACE FUNCTION order_tallies_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
  INSERT INTO order_tallies AS t (site_id, staff_id, status, day, orders, amount_fen)
  SELECT site_id, coalesce(staff_id, 0), status, perf_china_day(created_at), sum(sign), sum(sign * amount_fen)
    FROM (%s) changed
    GROUP BY 1, 2, 3, 4 HAVING sum(sign) <> 0 OR sum(sign * amount_fen) <> 0
    ORDER BY 1, 2, 3, 4
  ON CONFLICT (site_id, staff_id, status, day) DO UPDATE SET orders = t.orders + excluded.orders, amount_fen = t.amount_fen + excluded.amount_fen
  $q$, perf_changed_rows(TG_OP, 'site_id, staff_id, status, amount_fen, created_at'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_tallies_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS perf_new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_tallies_apply();
--> statement-breakpoint
CREATE TRIGGER orders_tallies_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS perf_old_rows NEW TABLE AS perf_new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_tallies_apply();
--> statement-breakpoint
CREATE TRIGGER orders_tallies_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS perf_old_rows FOR EACH STATEMENT EXECUTE FUNCTION order_tallies_apply();
--> statement-breakpoint

-- The tallies from the orders, from scratch: after this migration, after a bulk seed, and in the
-- test proving the triggers agree with it. Takes a lock so no write slips in between.
CREATE OR REPLACE FUNCTION order_tallies_recompute() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE order_tallies IN EXCLUSIVE MODE;
  DELETE FROM order_tallies;
  INSERT INTO order_tallies (site_id, staff_id, status, day, orders, amount_fen)
  SELECT site_id, coalesce(staff_id, 0), status, perf_china_day(created_at), count(*), sum(amount_fen) FROM orders GROUP BY 1, 2, 3, 4;
END $$;
--> statement-breakpoint
SELECT order_tallies_recompute();
