ALTER TABLE "staff" ADD COLUMN "dingtalk_user_id" varchar(64);--> statement-breakpoint
CREATE INDEX "staff_wecom_user_idx" ON "staff" USING btree ("wecom_user_id") WHERE "staff"."wecom_user_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "staff_dingtalk_user_idx" ON "staff" USING btree ("dingtalk_user_id") WHERE "staff"."dingtalk_user_id" IS NOT NULL;