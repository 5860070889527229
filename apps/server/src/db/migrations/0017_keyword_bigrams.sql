-- Keyword search for two characters (超市, 便利): pg_trgm needs three, so `ILIKE '%超市%'` read every
-- customer of the site. A GIN index over each customer's bigrams, prefixed with its site, finds
-- the candidates of one site directly; the ILIKE stays as the exact check, so the results are the
-- same (docs/decisions.md, "Two-character keywords"). Plain SQL: the same on PostgreSQL and PGlite.

-- The distinct two-character pieces of the lower-cased text (as ILIKE lower-cases both sides),
-- each prefixed with the site: search_bigrams(101, 'A超市') = {101:a超, 101:超市}. Empty for
-- texts shorter than two characters.
CREATE OR REPLACE FUNCTION search_bigrams(site integer, body text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT coalesce(array_agg(DISTINCT site::text || ':' || substr(lowered, i, 2)), '{}')
  FROM (SELECT lower(body) AS lowered) AS t, generate_series(1, char_length(lowered) - 1) AS i
$$;
--> statement-breakpoint
-- Stored rather than an index expression: a bitmap scan that rechecks its rows (next to a
-- trigram index) then compares arrays instead of computing them again.
ALTER TABLE "customers" ADD COLUMN "search_keys" text[] GENERATED ALWAYS AS (search_bigrams(site_id, (name::text || E'\n' || contact_name::text || E'\n' || phone::text))) STORED;--> statement-breakpoint
CREATE INDEX "customers_search_keys_idx" ON "customers" USING gin ("search_keys");
--> statement-breakpoint
-- The planner needs the new keys' statistics (most common elements) to choose this index.
ANALYZE "customers";
