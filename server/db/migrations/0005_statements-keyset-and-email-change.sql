DROP INDEX "transactions_user_idx";--> statement-breakpoint
CREATE INDEX "transactions_user_keyset_idx" ON "transactions" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "transactions_posting_idx" ON "transactions" USING btree ("posting_id");