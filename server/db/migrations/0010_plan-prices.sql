ALTER TABLE "plans" ADD COLUMN "price" bigint;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_price_positive" CHECK ("plans"."price" > 0);--> statement-breakpoint
-- Existing plans keep no price (any amount is taken, as before) until an operator sets one
-- (`config plan-price`). The demo's upgrade plans get theirs, with what they change: a higher
-- step-up limit each. Only where the demo data is (its customer), never a real bank's plans. A
-- new database is seeded after its migrations, so the seed (server/seed/demo-data.ts) has to
-- give a new one the same values.
UPDATE "plans" SET "price" = 5000, "description" = 'More room for everyday transfers'
WHERE "kind" = 'upgrade' AND "plan_name" = 'Tier 2' AND "price" IS NULL
  AND EXISTS (SELECT 1 FROM "users" WHERE "email" = 'demo@meridian.example');
--> statement-breakpoint
UPDATE "plans" SET "price" = 15000, "description" = 'For larger payments, such as rent or suppliers'
WHERE "kind" = 'upgrade' AND "plan_name" = 'Tier 3' AND "price" IS NULL
  AND EXISTS (SELECT 1 FROM "users" WHERE "email" = 'demo@meridian.example');
--> statement-breakpoint
INSERT INTO "step_up_limits" ("plan_name", "limit")
SELECT "plan_name", CASE "plan_name" WHEN 'Tier 2' THEN 500000 ELSE 2500000 END
FROM "plans"
WHERE "kind" = 'upgrade' AND "plan_name" IN ('Tier 2', 'Tier 3')
  AND EXISTS (SELECT 1 FROM "users" WHERE "email" = 'demo@meridian.example')
ON CONFLICT ("plan_name") DO NOTHING;
