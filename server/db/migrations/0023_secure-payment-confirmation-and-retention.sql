ALTER TABLE "customer_passkeys" ADD COLUMN "payment_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "passkey_challenges" ADD COLUMN "payment" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "security_events_at_idx" ON "security_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "sign_in_alerts_expires_idx" ON "sign_in_alerts" USING btree ("expires_at");