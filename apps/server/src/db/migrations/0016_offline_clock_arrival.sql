ALTER TABLE "attendance" ADD COLUMN "clock_in_received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attendance" ADD COLUMN "clock_out_received_at" timestamp with time zone;