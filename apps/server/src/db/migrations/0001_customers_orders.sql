CREATE TABLE "customer_bindings" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"bound_by" integer,
	"kind" varchar(16) NOT NULL,
	"bound_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unbound_at" timestamp with time zone,
	"unbound_by" integer
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"contact_name" varchar(32) NOT NULL,
	"phone" varchar(20) NOT NULL,
	"address" varchar(200) DEFAULT '' NOT NULL,
	"level" varchar(1) DEFAULT 'C' NOT NULL,
	"source" varchar(32) DEFAULT '' NOT NULL,
	"owner_id" integer,
	"remark" text DEFAULT '' NOT NULL,
	"qr_token" varchar(64) NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"total_amount_fen" bigint DEFAULT 0 NOT NULL,
	"last_order_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follow_ups" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"type" varchar(8) NOT NULL,
	"content" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"next_contact_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_fen" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" varchar(40) NOT NULL,
	"site_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"staff_id" integer,
	"amount_fen" bigint NOT NULL,
	"status" varchar(16) NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_bindings" ADD CONSTRAINT "customer_bindings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_bindings" ADD CONSTRAINT "customer_bindings_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_bindings" ADD CONSTRAINT "customer_bindings_bound_by_staff_id_fk" FOREIGN KEY ("bound_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_bindings" ADD CONSTRAINT "customer_bindings_unbound_by_staff_id_fk" FOREIGN KEY ("unbound_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_owner_id_staff_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_bindings_customer_idx" ON "customer_bindings" USING btree ("customer_id","bound_at");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_qr_token_uq" ON "customers" USING btree ("qr_token");--> statement-breakpoint
CREATE INDEX "customers_site_created_idx" ON "customers" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "customers_site_owner_idx" ON "customers" USING btree ("site_id","owner_id");--> statement-breakpoint
CREATE INDEX "customers_site_amount_idx" ON "customers" USING btree ("site_id","total_amount_fen");--> statement-breakpoint
CREATE INDEX "customers_site_last_order_idx" ON "customers" USING btree ("site_id","last_order_at");--> statement-breakpoint
CREATE INDEX "customers_phone_idx" ON "customers" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "follow_ups_customer_created_idx" ON "follow_ups" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "follow_ups_site_staff_created_idx" ON "follow_ups" USING btree ("site_id","staff_id","created_at");--> statement-breakpoint
CREATE INDEX "follow_ups_staff_next_idx" ON "follow_ups" USING btree ("staff_id","next_contact_at");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_no_uq" ON "orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "orders_site_created_idx" ON "orders" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_site_staff_created_idx" ON "orders" USING btree ("site_id","staff_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_site_status_created_idx" ON "orders" USING btree ("site_id","status","created_at");--> statement-breakpoint
CREATE INDEX "orders_customer_created_idx" ON "orders" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_site_paid_idx" ON "orders" USING btree ("site_id","paid_at");