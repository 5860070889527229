CREATE TABLE "idempotency_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"key" varchar(36) NOT NULL,
	"route" varchar(64) NOT NULL,
	"fingerprint" varchar(64) NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "position_source" varchar(16);--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "position_set_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "position_set_by" integer;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD COLUMN "check_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD COLUMN "check_in_latitude" double precision;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD COLUMN "check_in_longitude" double precision;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD COLUMN "check_in_accuracy" real;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD COLUMN "check_in_photo" varchar(200);--> statement-breakpoint
ALTER TABLE "follow_ups" ADD COLUMN "check_in_distance" integer;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD COLUMN "check_in_deviated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance" ADD COLUMN "clock_in_latitude" double precision;--> statement-breakpoint
ALTER TABLE "attendance" ADD COLUMN "clock_in_longitude" double precision;--> statement-breakpoint
ALTER TABLE "attendance" ADD COLUMN "clock_in_accuracy" real;--> statement-breakpoint
ALTER TABLE "attendance" ADD COLUMN "clock_out_latitude" double precision;--> statement-breakpoint
ALTER TABLE "attendance" ADD COLUMN "clock_out_longitude" double precision;--> statement-breakpoint
ALTER TABLE "attendance" ADD COLUMN "clock_out_accuracy" real;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_staff_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_user_key_uq" ON "idempotency_keys" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_position_set_by_staff_id_fk" FOREIGN KEY ("position_set_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follow_ups_site_check_in_idx" ON "follow_ups" USING btree ("site_id","check_in_at");