CREATE TABLE "account_unfreezes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_unfreezes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"frozen_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "corrections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "corrections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"direction" text NOT NULL,
	"amount" bigint NOT NULL,
	"reference" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"posting_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "corrections_amount_positive" CHECK ("corrections"."amount" > 0),
	CONSTRAINT "corrections_applied_has_posting" CHECK (("corrections"."status" = 'applied') = ("corrections"."posting_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "account_notices" ADD COLUMN "frozen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_notices" ADD COLUMN "freeze_reason" text;--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "terms" jsonb;--> statement-breakpoint
ALTER TABLE "funding_requests" ADD COLUMN "corrected_amount" bigint;--> statement-breakpoint
ALTER TABLE "funding_requests" ADD COLUMN "correction_reason" text;--> statement-breakpoint
ALTER TABLE "account_unfreezes" ADD CONSTRAINT "account_unfreezes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corrections" ADD CONSTRAINT "corrections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corrections" ADD CONSTRAINT "corrections_posting_id_postings_id_fk" FOREIGN KEY ("posting_id") REFERENCES "public"."postings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_unfreezes_user_idx" ON "account_unfreezes" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "corrections_user_idx" ON "corrections" USING btree ("user_id","id");--> statement-breakpoint
ALTER TABLE "funding_requests" ADD CONSTRAINT "funding_requests_correction" CHECK (("funding_requests"."corrected_amount" IS NULL OR "funding_requests"."corrected_amount" > 0) AND ("funding_requests"."corrected_amount" IS NULL) = ("funding_requests"."correction_reason" IS NULL));