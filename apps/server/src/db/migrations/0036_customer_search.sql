-- The keyword search's counts (issue 29): a customer list's exact total for a keyword counted the
-- matching customers themselves, one heap page each (超市 at a site of 80,000 customers at 100×:
-- 6,014 pages, and three ILIKEs lower-casing every row's name, contact and phone again). This
-- table keeps what the count needs of each customer, lower-cased once: ~100 bytes a row, so the
-- same matches lie on a sixth of the pages and the exact check is a substring search. The keys of
-- its GIN index are those of customers.search_keys (migration 0017), from the same text.
CREATE TABLE "customer_search" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"owner_id" integer,
	"level" varchar(1) NOT NULL,
	"name_lower" text NOT NULL,
	"contact_lower" text NOT NULL,
	"phone_lower" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_search" ADD CONSTRAINT "customer_search_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint

-- The customers already there, in site and owner order: one owner's customers on few pages.
INSERT INTO customer_search (customer_id, site_id, owner_id, level, name_lower, contact_lower, phone_lower)
SELECT id, site_id, owner_id, level, lower(name), lower(contact_name), lower(phone)
  FROM customers
 ORDER BY site_id, owner_id, id;
--> statement-breakpoint
-- Built over the rows rather than filled row by row (a GIN index's pending list, read by every search until a vacuum).
CREATE INDEX "customer_search_keys_idx" ON "customer_search" USING gin (search_bigrams("site_id", "name_lower" || E'\n' || "contact_lower" || E'\n' || "phone_lower"));
--> statement-breakpoint
ANALYZE "customer_search";
--> statement-breakpoint



-- Kept by statement triggers on customers, in the writing transaction: a new customer's row, and
-- a changed customer's when its site, owner, level, name, contact or phone changed (an order's
-- figures leave it alone). A deleted customer's row goes with it (the foreign key's cascade).
-- lower() is ILIKE's own folding (it lower-cases both sides), so a substring of these columns
-- matches exactly what `ILIKE '%keyword%'` on the customer's columns matches.
CREATE OR REPLACE FUNCTION customer_search_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO customer_search (customer_id, site_id, owner_id, level, name_lower, contact_lower, phone_lower)
  SELECT n.id, n.site_id, n.owner_id, n.level, lower(n.name), lower(n.contact_name), lower(n.phone)
    FROM search_new_rows n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customers_search_insert AFTER INSERT ON customers REFERENCING NEW TABLE AS search_new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_search_insert();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION customer_search_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE customer_search s
     SET site_id = n.site_id, owner_id = n.owner_id, level = n.level,
         name_lower = lower(n.name), contact_lower = lower(n.contact_name), phone_lower = lower(n.phone)
    FROM search_new_rows n
    JOIN search_old_rows o ON o.id = n.id
   WHERE s.customer_id = n.id
     AND (n.site_id, n.owner_id, n.level, n.name, n.contact_name, n.phone)
         IS DISTINCT FROM (o.site_id, o.owner_id, o.level, o.name, o.contact_name, o.phone);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customers_search_update AFTER UPDATE ON customers REFERENCING OLD TABLE AS search_old_rows NEW TABLE AS search_new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_search_update();
--> statement-breakpoint
