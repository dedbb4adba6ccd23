ALTER TABLE "kyc_submissions" ADD COLUMN "date_of_birth" date;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD COLUMN "document_number" text;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD COLUMN "document_country" text;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD COLUMN "document_expiry" date;