ALTER TABLE "transactions" ADD COLUMN "charge" bigint;--> statement-breakpoint
-- A transfer is one line: what left the balance, its charge inside. Earlier transfers had a
-- second "Service charge" line; it is folded into the transfer's line and removed.
UPDATE "transactions" t SET "amount" = f."amount", "charge" = f."charge"
FROM "transfers" f WHERE f."transaction_id" = t."id";--> statement-breakpoint
ALTER TABLE "transfers" DROP CONSTRAINT "transfers_charge_transaction_id_transactions_id_fk";--> statement-breakpoint
DELETE FROM "transactions" WHERE "id" IN (
  SELECT "charge_transaction_id" FROM "transfers" WHERE "charge_transaction_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "transfers" DROP COLUMN "charge_transaction_id";--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "refund_transaction_id" integer;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_refund_transaction_id_transactions_id_fk" FOREIGN KEY ("refund_transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;
