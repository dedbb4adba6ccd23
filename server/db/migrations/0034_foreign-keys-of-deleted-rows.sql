CREATE INDEX "fixed_deposits_user_idx" ON "fixed_deposits" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "holds_ledger_account_idx" ON "holds" USING btree ("ledger_account_id");--> statement-breakpoint
CREATE INDEX "ledger_accounts_user_idx" ON "ledger_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "passkey_challenges_session_idx" ON "passkey_challenges" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "sign_in_alerts_user_idx" ON "sign_in_alerts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "stored_files_user_idx" ON "stored_files" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "transfer_runs_transfer_idx" ON "transfer_runs" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "transfers_transaction_idx" ON "transfers" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "transfers_refund_transaction_idx" ON "transfers" USING btree ("refund_transaction_id");