CREATE TABLE "unknown_email_lockouts" (
	"email" text PRIMARY KEY NOT NULL,
	"failed_login_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_failed_login_at" timestamp with time zone,
	"login_checks_in_flight" integer DEFAULT 0 NOT NULL,
	"login_checks_started_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "pending_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_failed_login_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "login_checks_in_flight" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "login_checks_started_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "unknown_email_lockouts_last_failed_idx" ON "unknown_email_lockouts" USING btree ("last_failed_login_at");