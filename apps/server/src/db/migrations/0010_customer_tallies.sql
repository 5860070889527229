CREATE TABLE "customer_tallies" (
	"site_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"level" varchar(1) NOT NULL,
	"has_orders" boolean NOT NULL,
	"customers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "customer_tallies_site_id_owner_id_level_has_orders_pk" PRIMARY KEY("site_id","owner_id","level","has_orders")
);
--> statement-breakpoint

-- A statement's changed customers, signed (perf_changed_rows of 0004), summed into the tallies.
-- Updates that move no customer between tallies (most: order figures of a customer who already
-- had orders) sum to zero and write nothing.
CREATE OR REPLACE FUNCTION customer_tallies_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
  INSERT INTO customer_tallies AS t (site_id, owner_id, level, has_orders, customers)
  SELECT site_id, coalesce(owner_id, 0), level, order_count > 0, sum(sign)
    FROM (%s) changed
    GROUP BY 1, 2, 3, 4 HAVING sum(sign) <> 0
    ORDER BY 1, 2, 3, 4
  ON CONFLICT (site_id, owner_id, level, has_orders) DO UPDATE SET customers = t.customers + excluded.customers
  $q$, perf_changed_rows(TG_OP, 'site_id, owner_id, level, order_count'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customers_tallies_insert AFTER INSERT ON customers REFERENCING NEW TABLE AS perf_new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_tallies_apply();
--> statement-breakpoint
CREATE TRIGGER customers_tallies_update AFTER UPDATE ON customers REFERENCING OLD TABLE AS perf_old_rows NEW TABLE AS perf_new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_tallies_apply();
--> statement-breakpoint
CREATE TRIGGER customers_tallies_delete AFTER DELETE ON customers REFERENCING OLD TABLE AS perf_old_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_tallies_apply();
--> statement-breakpoint

-- The tallies from the customers, from scratch: after this migration and in the test proving the
-- triggers agree with it. Takes a lock so no write slips in between.
CREATE OR REPLACE FUNCTION customer_tallies_recompute() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE customer_tallies IN EXCLUSIVE MODE;
  DELETE FROM customer_tallies;
  INSERT INTO customer_tallies (site_id, owner_id, level, has_orders, customers)
  SELECT site_id, coalesce(owner_id, 0), level, order_count > 0, count(*) FROM customers GROUP BY 1, 2, 3, 4;
END $$;
--> statement-breakpoint
SELECT customer_tallies_recompute();
