DROP INDEX "follow_up_latest_site_next_idx";--> statement-breakpoint
CREATE INDEX "follow_up_latest_site_next_idx" ON "follow_up_latest" USING btree ("site_id","next_contact_at","follow_up_id");