CREATE TABLE "attendance" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"day" date NOT NULL,
	"clock_in_at" timestamp with time zone,
	"clock_out_at" timestamp with time zone,
	"status" varchar(16) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "performance_daily" (
	"site_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"day" date NOT NULL,
	"paid_count" integer DEFAULT 0 NOT NULL,
	"paid_amount_fen" bigint DEFAULT 0 NOT NULL,
	"refund_count" integer DEFAULT 0 NOT NULL,
	"refund_amount_fen" bigint DEFAULT 0 NOT NULL,
	"new_customers" integer DEFAULT 0 NOT NULL,
	"follow_ups" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "performance_daily_site_id_day_staff_id_pk" PRIMARY KEY("site_id","day","staff_id")
);
--> statement-breakpoint
CREATE TABLE "performance_standard_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"staff_id" integer,
	"month" varchar(7) NOT NULL,
	"changed_by" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"old_amount_fen" bigint,
	"old_orders" integer,
	"old_new_customers" integer,
	"new_amount_fen" bigint NOT NULL,
	"new_orders" integer NOT NULL,
	"new_new_customers" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "performance_standards" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"staff_id" integer,
	"month" varchar(7) NOT NULL,
	"target_amount_fen" bigint NOT NULL,
	"target_orders" integer NOT NULL,
	"target_new_customers" integer NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "performance_standards_site_staff_month_uq" UNIQUE NULLS NOT DISTINCT("site_id","staff_id","month")
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "credited_staff_id" integer;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_standard_changes" ADD CONSTRAINT "performance_standard_changes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_standard_changes" ADD CONSTRAINT "performance_standard_changes_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_standard_changes" ADD CONSTRAINT "performance_standard_changes_changed_by_staff_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_standards" ADD CONSTRAINT "performance_standards_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_standards" ADD CONSTRAINT "performance_standards_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_standards" ADD CONSTRAINT "performance_standards_updated_by_staff_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_staff_site_day_uq" ON "attendance" USING btree ("staff_id","site_id","day");--> statement-breakpoint
CREATE INDEX "attendance_site_day_idx" ON "attendance" USING btree ("site_id","day");--> statement-breakpoint
CREATE INDEX "performance_daily_site_staff_day_idx" ON "performance_daily" USING btree ("site_id","staff_id","day");--> statement-breakpoint
CREATE INDEX "performance_standard_changes_site_idx" ON "performance_standard_changes" USING btree ("site_id","changed_at","id");--> statement-breakpoint
CREATE INDEX "performance_standards_site_month_idx" ON "performance_standards" USING btree ("site_id","month");--> statement-breakpoint
CREATE INDEX "follow_ups_site_next_idx" ON "follow_ups" USING btree ("site_id","next_contact_at");