CREATE TABLE "host_sign_in_codes" (
	"code_hash" varchar(64) PRIMARY KEY NOT NULL,
	"provider" varchar(16) NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "host_sign_ins" (
	"id" serial PRIMARY KEY NOT NULL,
	"state_hash" varchar(64) NOT NULL,
	"binding_hash" varchar(64) NOT NULL,
	"provider" varchar(16) NOT NULL,
	"mode" varchar(8) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "host_sign_in_codes_used_idx" ON "host_sign_in_codes" USING btree ("used_at");--> statement-breakpoint
CREATE UNIQUE INDEX "host_sign_ins_state_hash_uq" ON "host_sign_ins" USING btree ("state_hash");--> statement-breakpoint
CREATE INDEX "host_sign_ins_expires_idx" ON "host_sign_ins" USING btree ("expires_at");