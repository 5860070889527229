ALTER TABLE "customer_bindings" ADD COLUMN "last_follow_up_at" timestamp with time zone;--> statement-breakpoint

-- customer_bindings.last_follow_up_at = the latest follow_ups.created_at of the binding's customer
-- by the binding's person (null: none), for every binding, open or closed: the 公海 未跟进 rule's
-- anchor (return-countdown.ts), read per binding instead of per customer from follow_ups.
-- Depends on follow_ups alone, so two triggers keep it whatever writes: a new (or re-pointed)
-- binding reads it, and a statement that wrote follow-ups recomputes it for the (customer,
-- person) pairs it touched, old and new (perf_changed_rows of 0004).

CREATE OR REPLACE FUNCTION binding_follow_up_at_read() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.last_follow_up_at := (SELECT max(f.created_at) FROM follow_ups f WHERE f.customer_id = NEW.customer_id AND f.staff_id = NEW.staff_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER customer_bindings_follow_up_at BEFORE INSERT OR UPDATE OF customer_id, staff_id ON customer_bindings FOR EACH ROW EXECUTE FUNCTION binding_follow_up_at_read();
--> statement-breakpoint

CREATE OR REPLACE FUNCTION binding_follow_up_at_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
  UPDATE customer_bindings b SET last_follow_up_at = latest.at
    FROM (SELECT pair.customer_id, pair.staff_id,
                 (SELECT max(f.created_at) FROM follow_ups f WHERE f.customer_id = pair.customer_id AND f.staff_id = pair.staff_id) AS at
            FROM (SELECT DISTINCT customer_id, staff_id FROM (%s) changed) pair) latest
   WHERE b.customer_id = latest.customer_id AND b.staff_id = latest.staff_id
     AND b.last_follow_up_at IS DISTINCT FROM latest.at
  $q$, perf_changed_rows(TG_OP, 'customer_id, staff_id'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER follow_ups_binding_insert AFTER INSERT ON follow_ups REFERENCING NEW TABLE AS perf_new_rows FOR EACH STATEMENT EXECUTE FUNCTION binding_follow_up_at_apply();
--> statement-breakpoint
CREATE TRIGGER follow_ups_binding_update AFTER UPDATE ON follow_ups REFERENCING OLD TABLE AS perf_old_rows NEW TABLE AS perf_new_rows FOR EACH STATEMENT EXECUTE FUNCTION binding_follow_up_at_apply();
--> statement-breakpoint
CREATE TRIGGER follow_ups_binding_delete AFTER DELETE ON follow_ups REFERENCING OLD TABLE AS perf_old_rows FOR EACH STATEMENT EXECUTE FUNCTION binding_follow_up_at_apply();
--> statement-breakpoint

-- Every binding's from follow_ups, from scratch: after this migration, after a bulk seed, and in
-- the test proving the triggers agree with it. Takes a lock so no write slips in between.
CREATE OR REPLACE FUNCTION binding_follow_up_at_recompute() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE customer_bindings IN EXCLUSIVE MODE;
  UPDATE customer_bindings b SET last_follow_up_at = fresh.at
    FROM (SELECT b2.id, f.at
            FROM customer_bindings b2
            LEFT JOIN (SELECT customer_id, staff_id, max(created_at) AS at FROM follow_ups GROUP BY customer_id, staff_id) f
              ON f.customer_id = b2.customer_id AND f.staff_id = b2.staff_id) fresh
   WHERE b.id = fresh.id AND b.last_follow_up_at IS DISTINCT FROM fresh.at;
END $$;
--> statement-breakpoint
SELECT binding_follow_up_at_recompute();
--> statement-breakpoint
CREATE INDEX "customer_bindings_staff_follow_clock_idx" ON "customer_bindings" USING btree ("staff_id",greatest("bound_at", "last_follow_up_at")) WHERE "customer_bindings"."unbound_at" IS NULL;
--> statement-breakpoint
-- Statistics of the clock's start (a partial index's expression gets none of its own), so that a
-- person's bindings whose clock started before a day are estimated from the data, not guessed.
CREATE STATISTICS "customer_bindings_follow_clock_stats" ON (greatest("bound_at", "last_follow_up_at")) FROM "customer_bindings";
--> statement-breakpoint
ANALYZE "customer_bindings";
