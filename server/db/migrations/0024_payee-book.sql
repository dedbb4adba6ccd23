-- The payee book (docs/decisions/085): the customer's nickname for a payee, and when its account
-- details were last written in the book (a new payee for the step-up until paid since).
ALTER TABLE "saved_payees" ADD COLUMN "nickname" text;--> statement-breakpoint
ALTER TABLE "saved_payees" ADD COLUMN "details_changed_at" timestamp with time zone;