CREATE TABLE "stored_file_contents" (
	"file_id" integer PRIMARY KEY NOT NULL,
	"key_id" text NOT NULL,
	"sealed" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stored_file_contents" ADD CONSTRAINT "stored_file_contents_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;