CREATE TABLE "site_pool_rules" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"own_limit" integer,
	"daily_claim_limit" integer,
	"reclaim_block_days" integer,
	"no_follow_up_days" integer,
	"no_order_days" integer,
	"level_days" jsonb,
	"warn_days" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "customer_bindings" ADD COLUMN "unbound_reason" varchar(16);--> statement-breakpoint
ALTER TABLE "customer_bindings" ADD COLUMN "unbound_note" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "name_key" text GENERATED ALWAYS AS (lower(regexp_replace(normalize(name::text, NFKC), '\s', '', 'g'))) STORED;--> statement-breakpoint
ALTER TABLE "site_pool_rules" ADD CONSTRAINT "site_pool_rules_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_pool_rules" ADD CONSTRAINT "site_pool_rules_updated_by_staff_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_bindings_open_idx" ON "customer_bindings" USING btree ("customer_id") WHERE "customer_bindings"."unbound_at" IS NULL;--> statement-breakpoint
CREATE INDEX "customer_bindings_staff_unbound_idx" ON "customer_bindings" USING btree ("staff_id","unbound_at");--> statement-breakpoint
CREATE INDEX "customers_site_phone_idx" ON "customers" USING btree ("site_id","phone");--> statement-breakpoint
CREATE INDEX "customers_site_name_key_idx" ON "customers" USING btree ("site_id","name_key");--> statement-breakpoint
CREATE INDEX "customers_site_pool_idx" ON "customers" USING btree ("site_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "customers"."owner_id" IS NULL;--> statement-breakpoint
-- Bindings closed before issue 27 ended by a transfer when the next one began at that moment, else by a leader's 解绑.
UPDATE "customer_bindings" b SET "unbound_reason" = CASE WHEN EXISTS (
  SELECT 1 FROM "customer_bindings" n WHERE n."customer_id" = b."customer_id" AND n."id" <> b."id" AND n."bound_at" = b."unbound_at"
) THEN 'transfer' ELSE 'unbind' END
WHERE b."unbound_at" IS NOT NULL AND b."unbound_reason" IS NULL;
