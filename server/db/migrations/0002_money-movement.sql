CREATE TABLE "fixed_deposits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fixed_deposits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"plan_name" text NOT NULL,
	"amount" bigint NOT NULL,
	"rate_basis_points" integer NOT NULL,
	"term_days" integer NOT NULL,
	"interest" bigint NOT NULL,
	"ledger_account_code" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"matures_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"payout_posting_id" integer,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "idempotent_submissions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "idempotent_submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"call" text NOT NULL,
	"fingerprint" text NOT NULL,
	"answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_audit_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "operator_audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"operator" text NOT NULL,
	"command" text NOT NULL,
	"args" jsonb NOT NULL,
	"outcome" text NOT NULL,
	"detail" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_payees" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "saved_payees_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"payee_key" text NOT NULL,
	"bank" text NOT NULL,
	"swift" text NOT NULL,
	"routing" text NOT NULL,
	"country" text NOT NULL,
	"act_no" text NOT NULL,
	"act_hold_name" text NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "step_up_limits" (
	"plan_name" text PRIMARY KEY NOT NULL,
	"limit" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfer_authorizations" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"payee_key" text NOT NULL,
	"step_up_required" boolean NOT NULL,
	"code_id" integer,
	"authorized_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"authorization_id" text NOT NULL,
	"posting_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"charge" bigint NOT NULL,
	"transaction_id" integer NOT NULL,
	"charge_transaction_id" integer,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"reversal_posting_id" integer,
	"payee_key" text NOT NULL,
	"bank" text NOT NULL,
	"act_hold_name" text NOT NULL,
	"act_no" text NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfers_amounts" CHECK ("transfers"."amount" > 0 AND "transfers"."charge" >= 0 AND "transfers"."charge" < "transfers"."amount")
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_customer_not_negative";--> statement-breakpoint
DROP INDEX "ledger_accounts_user_key";--> statement-breakpoint
ALTER TABLE "bank_settings" ADD COLUMN "step_up_limit" bigint DEFAULT 100000 NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_settings" ADD COLUMN "step_up_new_payee" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "funding_requests" ADD COLUMN "decision_note" text;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "total_credit" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "total_debit" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "term_days" integer;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "rate_basis_points" integer;--> statement-breakpoint
ALTER TABLE "postings" ADD COLUMN "reverses" integer;--> statement-breakpoint
ALTER TABLE "fixed_deposits" ADD CONSTRAINT "fixed_deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixed_deposits" ADD CONSTRAINT "fixed_deposits_request_id_funding_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."funding_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixed_deposits" ADD CONSTRAINT "fixed_deposits_payout_posting_id_postings_id_fk" FOREIGN KEY ("payout_posting_id") REFERENCES "public"."postings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotent_submissions" ADD CONSTRAINT "idempotent_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_payees" ADD CONSTRAINT "saved_payees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_authorizations" ADD CONSTRAINT "transfer_authorizations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_authorizations" ADD CONSTRAINT "transfer_authorizations_code_id_one_time_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."one_time_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_authorization_id_transfer_authorizations_id_fk" FOREIGN KEY ("authorization_id") REFERENCES "public"."transfer_authorizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_posting_id_postings_id_fk" FOREIGN KEY ("posting_id") REFERENCES "public"."postings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_charge_transaction_id_transactions_id_fk" FOREIGN KEY ("charge_transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_reversal_posting_id_postings_id_fk" FOREIGN KEY ("reversal_posting_id") REFERENCES "public"."postings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fixed_deposits_request_key" ON "fixed_deposits" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "fixed_deposits_due_idx" ON "fixed_deposits" USING btree ("status","matures_at");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotent_submissions_key" ON "idempotent_submissions" USING btree ("user_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_payees_user_payee_key" ON "saved_payees" USING btree ("user_id","payee_key");--> statement-breakpoint
CREATE INDEX "transfer_authorizations_user_idx" ON "transfer_authorizations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_authorization_key" ON "transfers" USING btree ("authorization_id");--> statement-breakpoint
CREATE INDEX "transfers_status_idx" ON "transfers" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "transfers_user_payee_idx" ON "transfers" USING btree ("user_id","payee_key");--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_reverses_postings_id_fk" FOREIGN KEY ("reverses") REFERENCES "public"."postings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "funding_requests_status_idx" ON "funding_requests" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_user_key" ON "ledger_accounts" USING btree ("user_id") WHERE "ledger_accounts"."kind" = 'customer';--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_not_negative" CHECK ("ledger_accounts"."kind" = 'bank' OR "ledger_accounts"."balance" >= 0);