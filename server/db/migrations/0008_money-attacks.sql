CREATE TABLE "secret_lockouts" (
	"user_id" integer NOT NULL,
	"secret" text NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"last_failed_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"checks_in_flight" integer DEFAULT 0 NOT NULL,
	"checks_started_at" timestamp with time zone,
	CONSTRAINT "secret_lockouts_user_id_secret_pk" PRIMARY KEY("user_id","secret")
);
--> statement-breakpoint
ALTER TABLE "secret_lockouts" ADD CONSTRAINT "secret_lockouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The PIN lockout moves from two columns of users to its row; a running block is kept.
INSERT INTO "secret_lockouts" ("user_id", "secret", "failed_count", "last_failed_at", "locked_until")
SELECT "id", 'pin', "failed_pin_count", CASE WHEN "failed_pin_count" > 0 THEN now() END, "pin_locked_until"
FROM "users" WHERE "failed_pin_count" > 0 OR "pin_locked_until" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failed_pin_count";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "pin_locked_until";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "debits_blocked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- An account under a notice today is blocked from now on.
UPDATE "ledger_accounts" SET "debits_blocked" = true
WHERE "kind" = 'customer' AND "user_id" IN (SELECT "user_id" FROM "account_notices");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_at_most_maximum" CHECK ("ledger_accounts"."balance" <= 1000000000000000);--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_id_currency_key" ON "ledger_accounts" USING btree ("id","currency");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "currency" text;--> statement-breakpoint
UPDATE "ledger_entries" e SET "currency" = a."currency" FROM "ledger_accounts" a WHERE a."id" = e."ledger_account_id";--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "currency" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_ledger_account_id_ledger_accounts_id_fk";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_currency_fk" FOREIGN KEY ("ledger_account_id","currency") REFERENCES "public"."ledger_accounts"("id","currency") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_authorizations" ADD COLUMN "binding" text;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "currency" text;--> statement-breakpoint
UPDATE "transfers" t SET "currency" = a."currency" FROM "ledger_accounts" a
WHERE a."kind" = 'customer' AND a."user_id" = t."user_id";--> statement-breakpoint
UPDATE "transfers" SET "currency" = 'USD' WHERE "currency" IS NULL;--> statement-breakpoint
ALTER TABLE "transfers" ALTER COLUMN "currency" SET NOT NULL;
