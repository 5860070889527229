-- Keyword search by trigrams: pg_trgm ships with PostgreSQL and, as a contrib extension, with
-- PGlite (loaded by db/client.ts), so one migration serves both.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "customers_site_owner_idx";--> statement-breakpoint
DROP INDEX "orders_site_created_idx";--> statement-breakpoint
DROP INDEX "orders_site_staff_created_idx";--> statement-breakpoint
DROP INDEX "orders_site_status_created_idx";--> statement-breakpoint
CREATE INDEX "customers_site_owner_last_order_idx" ON "customers" USING btree ("site_id","owner_id","last_order_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "customers_site_owner_amount_idx" ON "customers" USING btree ("site_id","owner_id","total_amount_fen","id");--> statement-breakpoint
CREATE INDEX "customers_site_owner_created_idx" ON "customers" USING btree ("site_id","owner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "customers_name_trgm_idx" ON "customers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_contact_trgm_idx" ON "customers" USING gin ("contact_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_phone_trgm_idx" ON "customers" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_order_no_trgm_idx" ON "orders" USING gin ("order_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_site_created_idx" ON "orders" USING btree ("site_id","created_at","id","amount_fen","status");--> statement-breakpoint
CREATE INDEX "orders_site_staff_created_idx" ON "orders" USING btree ("site_id","staff_id","created_at","id","amount_fen","status");--> statement-breakpoint
CREATE INDEX "orders_site_status_created_idx" ON "orders" USING btree ("site_id","status","created_at","id","amount_fen");