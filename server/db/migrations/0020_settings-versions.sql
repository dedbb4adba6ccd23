CREATE TABLE "settings_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "settings_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"area" text NOT NULL,
	"version" integer,
	"based_on" integer,
	"content" jsonb NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"proposed_by_staff_id" integer,
	"approved_by_staff_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "settings_versions_numbered_when_applied" CHECK (("settings_versions"."status" = 'applied') = ("settings_versions"."version" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "settings_versions" ADD CONSTRAINT "settings_versions_proposed_by_staff_id_staff_id_fk" FOREIGN KEY ("proposed_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings_versions" ADD CONSTRAINT "settings_versions_approved_by_staff_id_staff_id_fk" FOREIGN KEY ("approved_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "settings_versions_area_version_key" ON "settings_versions" USING btree ("area","version");--> statement-breakpoint
CREATE INDEX "settings_versions_area_idx" ON "settings_versions" USING btree ("area","id");