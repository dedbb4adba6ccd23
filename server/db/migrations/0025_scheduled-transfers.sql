CREATE TABLE "transfer_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transfer_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"series_id" integer NOT NULL,
	"run_on" date NOT NULL,
	"status" text NOT NULL,
	"transfer_id" integer,
	"reason" text,
	"done_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfer_series" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transfer_series_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"authorization_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"binding" text NOT NULL,
	"payee_key" text NOT NULL,
	"bank" text NOT NULL,
	"swift" text NOT NULL,
	"routing" text NOT NULL,
	"country" text NOT NULL,
	"act_no" text NOT NULL,
	"act_hold_name" text NOT NULL,
	"note" text NOT NULL,
	"cadence" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"run_count" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"next_run_on" date,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfer_series_amount" CHECK ("transfer_series"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "transfer_runs" ADD CONSTRAINT "transfer_runs_series_id_transfer_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."transfer_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_runs" ADD CONSTRAINT "transfer_runs_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_series" ADD CONSTRAINT "transfer_series_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_series" ADD CONSTRAINT "transfer_series_authorization_id_transfer_authorizations_id_fk" FOREIGN KEY ("authorization_id") REFERENCES "public"."transfer_authorizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_runs_series_day_key" ON "transfer_runs" USING btree ("series_id","run_on");--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_series_authorization_key" ON "transfer_series" USING btree ("authorization_id");--> statement-breakpoint
CREATE INDEX "transfer_series_due_idx" ON "transfer_series" USING btree ("status","next_run_on");--> statement-breakpoint
CREATE INDEX "transfer_series_user_idx" ON "transfer_series" USING btree ("user_id","id");