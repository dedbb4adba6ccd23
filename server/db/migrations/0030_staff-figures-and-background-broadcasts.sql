CREATE TABLE "customer_plan_counts" (
	"plan" text PRIMARY KEY NOT NULL,
	"customers" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_figures" (
	"day" date PRIMARY KEY NOT NULL,
	"deposits_count" integer DEFAULT 0 NOT NULL,
	"deposits_sum" numeric(38, 0) DEFAULT '0' NOT NULL,
	"payments_count" integer DEFAULT 0 NOT NULL,
	"payments_sum" numeric(38, 0) DEFAULT '0' NOT NULL,
	"fixed_deposits_count" integer DEFAULT 0 NOT NULL,
	"fixed_deposits_sum" numeric(38, 0) DEFAULT '0' NOT NULL,
	"transfers_settled_count" integer DEFAULT 0 NOT NULL,
	"transfers_settled_sum" numeric(38, 0) DEFAULT '0' NOT NULL,
	"transfers_failed_count" integer DEFAULT 0 NOT NULL,
	"transfers_failed_sum" numeric(38, 0) DEFAULT '0' NOT NULL,
	"fees" numeric(38, 0) DEFAULT '0' NOT NULL,
	"rolled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_turns" (
	"job" text PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reconciliations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reconciliations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"checked_at" timestamp with time zone NOT NULL,
	"took_ms" integer NOT NULL,
	"currency" text NOT NULL,
	"customer_accounts" integer NOT NULL,
	"customer_balance" numeric(38, 0) DEFAULT '0' NOT NULL,
	"customer_held" numeric(38, 0) DEFAULT '0' NOT NULL,
	"fixed_deposit_accounts" integer NOT NULL,
	"fixed_deposit_balance" numeric(38, 0) DEFAULT '0' NOT NULL,
	"bank_accounts" jsonb NOT NULL,
	"difference" numeric(38, 0) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "audience" integer;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "last_user_id" integer;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "sent_through" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "written" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "broadcast_id" integer;--> statement-breakpoint
CREATE INDEX "reconciliations_checked_idx" ON "reconciliations" USING btree ("checked_at");--> statement-breakpoint
CREATE INDEX "broadcasts_sending_idx" ON "broadcasts" USING btree ("id") WHERE "broadcasts"."status" = 'sending';--> statement-breakpoint
CREATE INDEX "funding_requests_confirmed_idx" ON "funding_requests" USING btree ("decided_at") WHERE "funding_requests"."status" = 'confirmed';--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_broadcast_user_key" ON "notifications" USING btree ("broadcast_id","user_id") WHERE "notifications"."broadcast_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "transfers_decided_idx" ON "transfers" USING btree ("decided_at") WHERE "transfers"."decided_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "users_awaiting_review_idx" ON "users" USING btree ("id") WHERE "users"."role" = 'customer' AND "users"."verification_status" = 'Pending Verification';