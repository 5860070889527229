DROP INDEX "customers_site_created_idx";--> statement-breakpoint
DROP INDEX "customers_site_amount_idx";--> statement-breakpoint
DROP INDEX "customers_site_last_order_idx";--> statement-breakpoint
DROP INDEX "orders_site_created_idx";--> statement-breakpoint
DROP INDEX "orders_site_staff_created_idx";--> statement-breakpoint
DROP INDEX "orders_site_status_created_idx";--> statement-breakpoint
CREATE INDEX "customers_site_created_idx" ON "customers" USING btree ("site_id","created_at","id");--> statement-breakpoint
CREATE INDEX "customers_site_amount_idx" ON "customers" USING btree ("site_id","total_amount_fen","id");--> statement-breakpoint
CREATE INDEX "customers_site_last_order_idx" ON "customers" USING btree ("site_id","last_order_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_site_created_idx" ON "orders" USING btree ("site_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_site_staff_created_idx" ON "orders" USING btree ("site_id","staff_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_site_status_created_idx" ON "orders" USING btree ("site_id","status","created_at","id");