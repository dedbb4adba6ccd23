CREATE TABLE "operator_audit_chain" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"length" integer NOT NULL,
	"last_hash" text NOT NULL,
	CONSTRAINT "operator_audit_chain_single_row" CHECK ("operator_audit_chain"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "operator_audit_log" ADD COLUMN "customer_id" integer;--> statement-breakpoint
ALTER TABLE "operator_audit_log" ADD COLUMN "subject_kind" text;--> statement-breakpoint
ALTER TABLE "operator_audit_log" ADD COLUMN "subject_id" integer;--> statement-breakpoint
ALTER TABLE "operator_audit_log" ADD COLUMN "chain_position" integer;--> statement-breakpoint
ALTER TABLE "operator_audit_log" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "operator_audit_log" ADD COLUMN "hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "operator_audit_log_chain_key" ON "operator_audit_log" USING btree ("chain_position");--> statement-breakpoint
CREATE INDEX "operator_audit_log_staff_idx" ON "operator_audit_log" USING btree ("staff_id","id");--> statement-breakpoint
CREATE INDEX "operator_audit_log_customer_idx" ON "operator_audit_log" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "operator_audit_log_command_idx" ON "operator_audit_log" USING btree ("command","id");--> statement-breakpoint
-- An entry's hash (docs/decisions/075): SHA-256, in hex, of the previous entry's hash followed by
-- the entry's content as one JSON array, in this order: id, chain position, time (UTC, to the
-- microsecond), operator, staff id, command, arguments, outcome, detail, customer id, subject
-- kind, subject id. jsonb writes the arguments' keys in one order whatever order they came in.
-- The trigger below and `audit verify` both use this one definition.
CREATE FUNCTION "operator_audit_log_hash"("entry" "operator_audit_log") RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(entry.prev_hash || jsonb_build_array(
    entry.id,
    entry.chain_position,
    to_char(entry.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    entry.operator,
    entry.staff_id,
    entry.command,
    entry.args,
    entry.outcome,
    entry.detail,
    entry.customer_id,
    entry.subject_kind,
    entry.subject_id
  )::text, 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- Every new entry joins the chain here, whoever writes it. The head's row lock orders the writers
-- of every server on this database, and is held until the writer's transaction ends, so the next
-- one reads the head this one left (or, if it rolled back, the head as it was).
CREATE FUNCTION "operator_audit_log_chain"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  head "operator_audit_chain"%ROWTYPE;
BEGIN
  SELECT * INTO head FROM "operator_audit_chain" WHERE "id" = 1 FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'operator_audit_chain has no head row: the audit log cannot be written';
  END IF;
  NEW.chain_position := head.length + 1;
  NEW.prev_hash := head.last_hash;
  NEW.hash := "operator_audit_log_hash"(NEW);
  UPDATE "operator_audit_chain" SET "length" = NEW.chain_position, "last_hash" = NEW.hash
    WHERE "id" = 1;
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- The head moves only with a new entry (the trigger above, one level down); nothing else may
-- change, remove or empty it.
CREATE FUNCTION "operator_audit_chain_moves_with_the_log"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND pg_trigger_depth() > 1 THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'operator_audit_chain moves only when an entry is added to operator_audit_log';
END
$$;
--> statement-breakpoint
-- The entries written before this migration join the chain in the order of their ids, from a
-- first "previous hash" of 64 zeros. The append-only trigger is off for this one update.
ALTER TABLE "operator_audit_log" DISABLE TRIGGER "operator_audit_log_append_only";
--> statement-breakpoint
DO $$
DECLARE
  entry "operator_audit_log"%ROWTYPE;
  previous text := repeat('0', 64);
  entries integer := 0;
BEGIN
  FOR entry IN SELECT * FROM "operator_audit_log" ORDER BY "id" LOOP
    entries := entries + 1;
    entry.chain_position := entries;
    entry.prev_hash := previous;
    entry.hash := "operator_audit_log_hash"(entry);
    UPDATE "operator_audit_log"
      SET "chain_position" = entry.chain_position, "prev_hash" = entry.prev_hash, "hash" = entry.hash
      WHERE "id" = entry.id;
    previous := entry.hash;
  END LOOP;
  INSERT INTO "operator_audit_chain" ("id", "length", "last_hash") VALUES (1, entries, previous);
END
$$;
--> statement-breakpoint
ALTER TABLE "operator_audit_log" ENABLE TRIGGER "operator_audit_log_append_only";
--> statement-breakpoint
CREATE TRIGGER "operator_audit_log_chain" BEFORE INSERT ON "operator_audit_log"
  FOR EACH ROW EXECUTE FUNCTION "operator_audit_log_chain"();
--> statement-breakpoint
CREATE TRIGGER "operator_audit_chain_moves_with_the_log" BEFORE UPDATE OR DELETE ON "operator_audit_chain"
  FOR EACH ROW EXECUTE FUNCTION "operator_audit_chain_moves_with_the_log"();
--> statement-breakpoint
CREATE TRIGGER "operator_audit_chain_not_emptied" BEFORE TRUNCATE ON "operator_audit_chain"
  FOR EACH STATEMENT EXECUTE FUNCTION "operator_audit_chain_moves_with_the_log"();
