-- When each report's metrics snapshot was taken; its order list counts what had happened by then.
-- Rows written before this column existed get the migration's time (their snapshots were taken by
-- the demo seed or when written; see docs/decisions.md, "The orders behind a report").
ALTER TABLE "reports" ADD COLUMN "figures_at" timestamp with time zone DEFAULT now() NOT NULL;
