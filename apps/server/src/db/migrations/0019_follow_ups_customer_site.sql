-- A follow-up is at its customer's site: every writer already set it so (the follow-up route takes
-- the customer's site, the seed too); the database now holds it, so home can count a leader's due
-- customers from follow_up_latest by site alone, without reading each customer (docs/decisions.md).
CREATE UNIQUE INDEX "customers_id_site_uq" ON "customers" USING btree ("id","site_id");--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_customer_site_fk" FOREIGN KEY ("customer_id","site_id") REFERENCES "public"."customers"("id","site_id") ON DELETE cascade ON UPDATE cascade;
