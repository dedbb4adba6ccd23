ALTER TABLE "funding_requests" ADD COLUMN "decided_by_staff_id" integer;--> statement-breakpoint
ALTER TABLE "kyc_requests" ADD COLUMN "decided_by_staff_id" integer;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD COLUMN "decided_by_staff_id" integer;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD COLUMN "decision_note" text;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "decided_by_staff_id" integer;--> statement-breakpoint
ALTER TABLE "funding_requests" ADD CONSTRAINT "funding_requests_decided_by_staff_id_staff_id_fk" FOREIGN KEY ("decided_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_requests" ADD CONSTRAINT "kyc_requests_decided_by_staff_id_staff_id_fk" FOREIGN KEY ("decided_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_decided_by_staff_id_staff_id_fk" FOREIGN KEY ("decided_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_decided_by_staff_id_staff_id_fk" FOREIGN KEY ("decided_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_accounts_no_search_idx" ON "bank_accounts" USING btree ("account_no" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "kyc_requests_status_idx" ON "kyc_requests" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "kyc_submissions_status_idx" ON "kyc_submissions" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "users_email_search_idx" ON "users" USING btree ("email" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_name_search_idx" ON "users" USING btree (lower("fullname") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_last_name_search_idx" ON "users" USING btree (lower("last_name") text_pattern_ops);