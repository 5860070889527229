CREATE TABLE "directory_mappings" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" varchar(16) NOT NULL,
	"department_id" varchar(64) NOT NULL,
	"department_name" varchar(64) NOT NULL,
	"site_id" integer,
	"parent_site_id" integer,
	"region" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "directory_sync" (
	"id" integer PRIMARY KEY NOT NULL,
	"provider" varchar(16),
	"daily_sync" boolean DEFAULT false NOT NULL,
	"scheduled_on" varchar(10),
	"last_run_kind" varchar(16),
	"last_run_at" timestamp with time zone,
	"last_run_counts" jsonb,
	"last_error" varchar(256),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "directory_mappings" ADD CONSTRAINT "directory_mappings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_mappings" ADD CONSTRAINT "directory_mappings_parent_site_id_sites_id_fk" FOREIGN KEY ("parent_site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "directory_mappings_department_uq" ON "directory_mappings" USING btree ("provider","department_id");--> statement-breakpoint
CREATE INDEX "directory_mappings_site_idx" ON "directory_mappings" USING btree ("site_id");