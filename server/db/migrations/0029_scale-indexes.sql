DROP INDEX "operator_audit_log_staff_idx";--> statement-breakpoint
DROP INDEX "operator_audit_log_customer_idx";--> statement-breakpoint
DROP INDEX "operator_audit_log_command_idx";--> statement-breakpoint
DROP INDEX "transactions_user_keyset_idx";--> statement-breakpoint
CREATE INDEX "approvals_item_idx" ON "approvals" USING btree ("item_kind","item_id");--> statement-breakpoint
CREATE INDEX "funding_requests_proof_file_idx" ON "funding_requests" USING btree ("proof_file_id");--> statement-breakpoint
CREATE INDEX "kyc_requests_user_idx" ON "kyc_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "kyc_requests_document_file_idx" ON "kyc_requests" USING btree ("document_file_id");--> statement-breakpoint
CREATE INDEX "kyc_submissions_picture_file_idx" ON "kyc_submissions" USING btree ("picture_file_id");--> statement-breakpoint
CREATE INDEX "kyc_submissions_front_file_idx" ON "kyc_submissions" USING btree ("front_file_id");--> statement-breakpoint
CREATE INDEX "kyc_submissions_back_file_idx" ON "kyc_submissions" USING btree ("back_file_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_recipient_idx" ON "mail_outbox" USING btree ("recipient","created_at");--> statement-breakpoint
CREATE INDEX "operator_audit_log_at_idx" ON "operator_audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "sessions_device_idx" ON "sessions" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "stored_files_pending_idx" ON "stored_files" USING btree ("pending_since") WHERE "stored_files"."pending_since" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "transfer_authorizations_code_idx" ON "transfer_authorizations" USING btree ("code_id");--> statement-breakpoint
CREATE INDEX "operator_audit_log_staff_idx" ON "operator_audit_log" USING btree ("staff_id","at","id");--> statement-breakpoint
CREATE INDEX "operator_audit_log_customer_idx" ON "operator_audit_log" USING btree ("customer_id","at","id");--> statement-breakpoint
CREATE INDEX "operator_audit_log_command_idx" ON "operator_audit_log" USING btree ("command","at","id");--> statement-breakpoint
CREATE INDEX "transactions_user_keyset_idx" ON "transactions" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"amount");