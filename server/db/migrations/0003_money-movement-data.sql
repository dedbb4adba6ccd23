-- Bank accounts keep no cached balance any more: their balance is the sum of their entries.
UPDATE "ledger_accounts" SET "balance" = 0 WHERE "kind" = 'bank';
--> statement-breakpoint
-- Customer totals, as the dashboard summed them before: successful credits, debits that did not fail.
UPDATE "ledger_accounts" AS "account" SET
  "total_credit" = coalesce((SELECT sum("amount") FROM "transactions" WHERE "user_id" = "account"."user_id" AND "transaction_type" = 'credit' AND "status" = 'successful'), 0),
  "total_debit" = coalesce((SELECT sum("amount") FROM "transactions" WHERE "user_id" = "account"."user_id" AND "transaction_type" = 'debit' AND "status" <> 'failed'), 0)
WHERE "kind" = 'customer';
--> statement-breakpoint
CREATE FUNCTION "operator_audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'operator_audit_log is append-only';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "operator_audit_log_append_only" BEFORE UPDATE OR DELETE OR TRUNCATE ON "operator_audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "operator_audit_log_append_only"();
