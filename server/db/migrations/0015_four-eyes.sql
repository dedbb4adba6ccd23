CREATE TABLE "approvals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "approvals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"action" text NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"data" jsonb NOT NULL,
	"maker_staff_id" integer NOT NULL,
	"maker_note" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"checker_staff_id" integer,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "four_eyes_settings" (
	"action" text PRIMARY KEY NOT NULL,
	"threshold" bigint NOT NULL,
	"expiry_minutes" integer DEFAULT 1440 NOT NULL,
	CONSTRAINT "four_eyes_settings_threshold" CHECK ("four_eyes_settings"."threshold" >= 0),
	CONSTRAINT "four_eyes_settings_expiry" CHECK ("four_eyes_settings"."expiry_minutes" > 0)
);
--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_maker_staff_id_staff_id_fk" FOREIGN KEY ("maker_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_checker_staff_id_staff_id_fk" FOREIGN KEY ("checker_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approvals_status_idx" ON "approvals" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "approvals_pending_item_key" ON "approvals" USING btree ("item_kind","item_id") WHERE "approvals"."status" = 'pending';--> statement-breakpoint
-- The defaults (docs/decisions/073): above 10,000.00 (1,000,000 minor units) a deposit or a
-- payment confirmed, a fixed deposit confirmed or a transfer settled needs a second member of
-- staff, who has 24 hours (1440 minutes) to approve it.
INSERT INTO "four_eyes_settings" ("action", "threshold", "expiry_minutes") VALUES
	('requests confirm deposit', 1000000, 1440),
	('requests confirm payment', 1000000, 1440),
	('requests confirm fixed_deposit', 1000000, 1440),
	('transfers settle', 1000000, 1440);
