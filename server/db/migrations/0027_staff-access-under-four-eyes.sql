ALTER TABLE "staff_role_proposals" ADD COLUMN "change" text DEFAULT 'roles' NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "step_up_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_role_proposals" ADD CONSTRAINT "staff_role_proposals_change_known" CHECK ("staff_role_proposals"."change" IN ('add', 'roles', 'disable', 'reset_sign_in'));