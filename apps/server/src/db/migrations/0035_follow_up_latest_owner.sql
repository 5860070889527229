ALTER TABLE "follow_up_latest" ADD COLUMN "owner_id" integer;--> statement-breakpoint

-- follow_up_latest.owner_id = the customer's owner (customers.owner_id; null: in the 公海), so that
-- a salesperson's due customers (今日待办, home's 今日待联系, the badge on 我的) are one range of
-- follow_up_latest_site_owner_next_idx instead of a look at every due customer's owner.
--
-- The owner depends on the customer alone, so two places keep it. A new row of follow_up_latest (a
-- customer's first follow-up, or one moved to it) reads it from customers; a row already there
-- keeps it through every follow-up write (the upsert leaves owner_id alone). And a statement that
-- changes customers' owners (assignment, transfer, 离职 handover, 公海 return, 领取, platform sync,
-- any UPDATE) rewrites their rows here.
--
-- Concurrent writes: a follow-up written for a customer holds a key-share lock on it (the foreign
-- key's check) until its transaction ends, before its row here is read or written. A statement
-- that changed owners takes FOR UPDATE locks on those customers (the owner-changing paths already
-- hold them) before it rewrites their rows here, so either the follow-up's transaction ended first
-- and its row is seen, or the owner's change committed first and the follow-up reads the new owner.

CREATE OR REPLACE FUNCTION follow_up_latest_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
  INSERT INTO follow_up_latest AS l (customer_id, follow_up_id, site_id, staff_id, created_at, next_contact_at, owner_id)
  SELECT latest.*, c.owner_id
    FROM (SELECT DISTINCT ON (f.customer_id) f.customer_id, f.id, f.site_id, f.staff_id, f.created_at, f.next_contact_at
            FROM follow_ups f
           WHERE f.customer_id IN (SELECT customer_id FROM (%s) changed)
           ORDER BY f.customer_id, f.created_at DESC, f.id DESC) latest
    JOIN customers c ON c.id = latest.customer_id
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

CREATE OR REPLACE FUNCTION follow_up_latest_owner_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The customers whose owner this statement changed, locked (see above), in id order.
  PERFORM 1 FROM customers c
   WHERE c.id IN (SELECT n.id FROM perf_new_rows n JOIN perf_old_rows o ON o.id = n.id WHERE n.owner_id IS DISTINCT FROM o.owner_id)
   ORDER BY c.id
     FOR UPDATE OF c;
  IF FOUND THEN
    UPDATE follow_up_latest l SET owner_id = c.owner_id
      FROM customers c
     WHERE c.id IN (SELECT n.id FROM perf_new_rows n JOIN perf_old_rows o ON o.id = n.id WHERE n.owner_id IS DISTINCT FROM o.owner_id)
       AND l.customer_id = c.id
       AND l.owner_id IS DISTINCT FROM c.owner_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customers_latest_owner AFTER UPDATE ON customers REFERENCING OLD TABLE AS perf_old_rows NEW TABLE AS perf_new_rows FOR EACH STATEMENT EXECUTE FUNCTION follow_up_latest_owner_apply();
--> statement-breakpoint

-- From scratch (after a bulk seed, and in the tests proving the triggers agree with it), owner included.
CREATE OR REPLACE FUNCTION follow_up_latest_recompute() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE follow_up_latest IN EXCLUSIVE MODE;
  DELETE FROM follow_up_latest;
  INSERT INTO follow_up_latest (customer_id, follow_up_id, site_id, staff_id, created_at, next_contact_at, owner_id)
  SELECT latest.*, c.owner_id
    FROM (SELECT DISTINCT ON (customer_id) customer_id, id, site_id, staff_id, created_at, next_contact_at
            FROM follow_ups ORDER BY customer_id, created_at DESC, id DESC) latest
    JOIN customers c ON c.id = latest.customer_id;
END $$;
--> statement-breakpoint

-- The rows already there: their customers' owners.
LOCK TABLE follow_up_latest IN EXCLUSIVE MODE;
--> statement-breakpoint
UPDATE follow_up_latest l SET owner_id = c.owner_id FROM customers c WHERE c.id = l.customer_id AND c.owner_id IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "follow_up_latest_site_owner_next_idx" ON "follow_up_latest" USING btree ("site_id","owner_id","next_contact_at","follow_up_id","staff_id");
--> statement-breakpoint
ANALYZE "follow_up_latest";
