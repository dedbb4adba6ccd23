-- Statements' search (docs/decisions/087): trigram indexes come with pg_trgm, a trusted extension
-- (PostgreSQL 13+) that PGlite loads too (server/db/pglite.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(name, '') || ' ' || coalesce(act_hold_name, '') || ' ' || coalesce(bank, '') || ' ' || coalesce(act_no, '') || ' ' || coalesce(note, '') || ' ' || ref2)) STORED;--> statement-breakpoint
CREATE INDEX "transactions_search_text_idx" ON "transactions" USING gin ("search_text" gin_trgm_ops);
