CREATE TABLE "follow_up_latest" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"follow_up_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"next_contact_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "follow_up_latest" ADD CONSTRAINT "follow_up_latest_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follow_up_latest_site_next_idx" ON "follow_up_latest" USING btree ("site_id","next_contact_at");--> statement-breakpoint

-- After a statement wrote follow-ups, the latest follow-up of every customer it touched, again
-- from follow_ups (follow_ups_customer_created_idx): upserted where the customer still has one,
-- removed where none is left. Statement triggers with transition tables (perf_changed_rows of
-- 0004), so a bulk insert costs one query, as for performance_daily.
CREATE OR REPLACE FUNCTION follow_up_latest_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
  INSERT INTO follow_up_latest AS l (customer_id, follow_up_id, site_id, staff_id, created_at, next_contact_at)
  SELECT DISTINCT ON (f.customer_id) f.customer_id, f.id, f.site_id, f.staff_id, f.created_at, f.next_contact_at
    FROM follow_ups f
   WHERE f.customer_id IN (SELECT customer_id FROM (%s) changed)
   ORDER BY f.customer_id, f.created_at DESC, f.id DESC
  ON CONFLICT (customer_id) DO UPDATE SET follow_up_id = excluded.follow_up_id, site_id = excluded.site_id, staff_id = excluded.staff_id,
    created_at = excluded.created_at, next_contact_at = excluded.next_contact_at
  WHERE (l.follow_up_id, l.site_id, l.staff_id, l.created_at, l.next_contact_at)
        IS DISTINCT FROM (excluded.follow_up_id, excluded.site_id, excluded.staff_id, excluded.created_at, excluded.next_contact_at)
  $q$, perf_changed_rows(TG_OP, 'customer_id'));
  IF TG_OP <> 'INSERT' THEN
    EXECUTE format($q$
    DELETE FROM follow_up_latest l
     WHERE l.customer_id IN (SELECT customer_id FROM (%s) changed)
       AND NOT EXISTS (SELECT 1 FROM follow_ups f WHERE f.customer_id = l.customer_id)
    $q$, perf_changed_rows(TG_OP, 'customer_id'));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER follow_ups_latest_insert AFTER INSERT ON follow_ups REFERENCING NEW TABLE AS perf_new_rows FOR EACH STATEMENT EXECUTE FUNCTION follow_up_latest_apply();
--> statement-breakpoint
CREATE TRIGGER follow_ups_latest_update AFTER UPDATE ON follow_ups REFERENCING OLD TABLE AS perf_old_rows NEW TABLE AS perf_new_rows FOR EACH STATEMENT EXECUTE FUNCTION follow_up_latest_apply();
--> statement-breakpoint
CREATE TRIGGER follow_ups_latest_delete AFTER DELETE ON follow_ups REFERENCING OLD TABLE AS perf_old_rows FOR EACH STATEMENT EXECUTE FUNCTION follow_up_latest_apply();
--> statement-breakpoint

-- The table from follow_ups, from scratch: after this migration, after a bulk seed, and in the
-- test proving the triggers agree with it. Takes a lock so no write slips in between.
CREATE OR REPLACE FUNCTION follow_up_latest_recompute() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE follow_up_latest IN EXCLUSIVE MODE;
  DELETE FROM follow_up_latest;
  INSERT INTO follow_up_latest (customer_id, follow_up_id, site_id, staff_id, created_at, next_contact_at)
  SELECT DISTINCT ON (customer_id) customer_id, id, site_id, staff_id, created_at, next_contact_at
    FROM follow_ups ORDER BY customer_id, created_at DESC, id DESC;
END $$;
--> statement-breakpoint
SELECT follow_up_latest_recompute();
--> statement-breakpoint
ANALYZE "follow_up_latest";
