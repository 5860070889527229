-- Monthly performance summaries (issue 29): 部门销售业绩 for 本年 summed a year of daily rows per
-- person three times over (the period by person, the period, 环比 and 同比 together, and the
-- pacing's spans): a site's whole statement was 2.6–3.3 ms of PostgreSQL at 1×. A month wholly
-- inside a range is now one row per person here, and only the days around those months are read
-- from performance_daily.
CREATE TABLE "performance_monthly" (
	"site_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"month" date NOT NULL,
	"paid_count" integer DEFAULT 0 NOT NULL,
	"paid_amount_fen" bigint DEFAULT 0 NOT NULL,
	"refund_count" integer DEFAULT 0 NOT NULL,
	"refund_amount_fen" bigint DEFAULT 0 NOT NULL,
	"new_customers" integer DEFAULT 0 NOT NULL,
	"follow_ups" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "performance_monthly_site_id_month_staff_id_pk" PRIMARY KEY("site_id","month","staff_id")
);
--> statement-breakpoint
CREATE INDEX "performance_monthly_site_staff_month_idx" ON "performance_monthly" USING btree ("site_id","staff_id","month");--> statement-breakpoint

-- Kept by statement triggers on performance_daily itself, so every path that changes a daily row
-- (the triggers of migration 0004 on orders, customers and follow-ups, perf_recompute, a manual
-- fix) changes its month in the same transaction: one aggregated, signed delta per statement. An
-- INSERT … ON CONFLICT DO UPDATE of the daily triggers fires both the INSERT trigger (the rows it
-- inserted) and the UPDATE trigger (the rows it changed, before and after). Upserted in key order,
-- as the daily rows are, so two writers never wait for each other's months in turn.
CREATE OR REPLACE FUNCTION perf_apply_daily() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
  INSERT INTO performance_monthly AS m (site_id, month, staff_id, paid_count, paid_amount_fen, refund_count, refund_amount_fen, new_customers, follow_ups)
  SELECT site_id, date_trunc('month', day::timestamp)::date, staff_id, sum(sign * paid_count), sum(sign * paid_amount_fen), sum(sign * refund_count),
         sum(sign * refund_amount_fen), sum(sign * new_customers), sum(sign * follow_ups)
    FROM (%s) changed
   GROUP BY 1, 2, 3
  HAVING sum(sign * paid_count) <> 0 OR sum(sign * paid_amount_fen) <> 0 OR sum(sign * refund_count) <> 0
      OR sum(sign * refund_amount_fen) <> 0 OR sum(sign * new_customers) <> 0 OR sum(sign * follow_ups) <> 0
   ORDER BY 1, 2, 3
  ON CONFLICT (site_id, month, staff_id) DO UPDATE SET
    paid_count = m.paid_count + excluded.paid_count,
    paid_amount_fen = m.paid_amount_fen + excluded.paid_amount_fen,
    refund_count = m.refund_count + excluded.refund_count,
    refund_amount_fen = m.refund_amount_fen + excluded.refund_amount_fen,
    new_customers = m.new_customers + excluded.new_customers,
    follow_ups = m.follow_ups + excluded.follow_ups
  $q$, perf_changed_rows(TG_OP, 'site_id, staff_id, day, paid_count, paid_amount_fen, refund_count, refund_amount_fen, new_customers, follow_ups'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER performance_daily_monthly_insert AFTER INSERT ON performance_daily REFERENCING NEW TABLE AS perf_new_rows FOR EACH STATEMENT EXECUTE FUNCTION perf_apply_daily();
--> statement-breakpoint
CREATE TRIGGER performance_daily_monthly_update AFTER UPDATE ON performance_daily REFERENCING OLD TABLE AS perf_old_rows NEW TABLE AS perf_new_rows FOR EACH STATEMENT EXECUTE FUNCTION perf_apply_daily();
--> statement-breakpoint
CREATE TRIGGER performance_daily_monthly_delete AFTER DELETE ON performance_daily REFERENCING OLD TABLE AS perf_old_rows FOR EACH STATEMENT EXECUTE FUNCTION perf_apply_daily();
--> statement-breakpoint

-- The months of the daily rows already there.
INSERT INTO performance_monthly (site_id, month, staff_id, paid_count, paid_amount_fen, refund_count, refund_amount_fen, new_customers, follow_ups)
SELECT site_id, date_trunc('month', day::timestamp)::date, staff_id, sum(paid_count), sum(paid_amount_fen), sum(refund_count), sum(refund_amount_fen), sum(new_customers), sum(follow_ups)
  FROM performance_daily
 GROUP BY 1, 2, 3;
--> statement-breakpoint
ANALYZE "performance_monthly";
