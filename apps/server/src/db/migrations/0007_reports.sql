CREATE TABLE "report_reads" (
	"report_id" integer NOT NULL,
	"leader_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_reads_report_id_leader_id_pk" PRIMARY KEY("report_id","leader_id")
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"staff_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"period_start" varchar(10) NOT NULL,
	"period_end" varchar(10) NOT NULL,
	"order_count" integer NOT NULL,
	"order_amount_fen" bigint NOT NULL,
	"new_customers" integer NOT NULL,
	"follow_ups" integer NOT NULL,
	"target_amount_fen" bigint NOT NULL,
	"target_orders" integer NOT NULL,
	"target_new_customers" integer NOT NULL,
	"summary" text NOT NULL,
	"plan" text NOT NULL,
	"problems" text DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_reads" ADD CONSTRAINT "report_reads_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_reads" ADD CONSTRAINT "report_reads_leader_id_staff_id_fk" FOREIGN KEY ("leader_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_one_per_period_uq" ON "reports" USING btree ("kind","staff_id","site_id","period_start");--> statement-breakpoint
CREATE INDEX "reports_site_kind_period_idx" ON "reports" USING btree ("site_id","kind","period_start");