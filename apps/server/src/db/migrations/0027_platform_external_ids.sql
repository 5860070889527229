ALTER TABLE "sites" ADD COLUMN "external_id" varchar(64);--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "external_id" varchar(64);--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "external_id" varchar(64);--> statement-breakpoint
CREATE UNIQUE INDEX "sites_external_id_uq" ON "sites" USING btree ("external_id") WHERE "sites"."external_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_external_id_uq" ON "staff" USING btree ("external_id") WHERE "staff"."external_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_external_id_uq" ON "customers" USING btree ("external_id") WHERE "customers"."external_id" IS NOT NULL;