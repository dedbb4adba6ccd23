CREATE TABLE "holds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "holds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ledger_account_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"posting_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "holds_amount_positive" CHECK ("holds"."amount" > 0),
	CONSTRAINT "holds_posted_has_posting" CHECK (("holds"."state" = 'posted') = ("holds"."posting_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_not_negative";--> statement-breakpoint
ALTER TABLE "transfers" ALTER COLUMN "posting_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "held" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "hold_id" integer;--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_ledger_account_id_ledger_accounts_id_fk" FOREIGN KEY ("ledger_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_posting_id_postings_id_fk" FOREIGN KEY ("posting_id") REFERENCES "public"."postings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_hold_id_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_available_not_negative" CHECK ("ledger_accounts"."kind" = 'bank' OR ("ledger_accounts"."held" >= 0 AND "ledger_accounts"."balance" - "ledger_accounts"."held" >= 0));--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_held_or_posted" CHECK ("transfers"."hold_id" IS NOT NULL OR "transfers"."posting_id" IS NOT NULL);--> statement-breakpoint
-- Transfers in progress move to holds (docs/decisions/067): their debit, posted at once before
-- holds, is reversed by a posting of its own (the ledger keeps both), and the same amount is
-- held on the account. The customer's available balance does not change; the booked balance
-- goes back up until the bank settles the transfer.
DO $$
DECLARE
  moving record;
  reversal integer;
  new_hold integer;
  account integer;
BEGIN
  FOR moving IN
    SELECT id, user_id, posting_id, amount FROM transfers
    WHERE status = 'in_progress' AND hold_id IS NULL AND posting_id IS NOT NULL
    ORDER BY id
  LOOP
    SELECT id INTO account FROM ledger_accounts WHERE code = 'customer:' || moving.user_id;
    INSERT INTO postings (kind, memo, reverses)
    VALUES ('transfer-reversal', 'Transfer ' || moving.id || ' moves to a hold',
      moving.posting_id)
    RETURNING id INTO reversal;
    INSERT INTO ledger_entries (posting_id, ledger_account_id, currency, amount)
    SELECT reversal, ledger_account_id, currency, -amount FROM ledger_entries
    WHERE posting_id = moving.posting_id ORDER BY id;
    UPDATE ledger_accounts
    SET balance = balance + moving.amount, total_debit = total_debit - moving.amount,
      held = held + moving.amount
    WHERE id = account;
    INSERT INTO holds (ledger_account_id, amount) VALUES (account, moving.amount)
    RETURNING id INTO new_hold;
    UPDATE transfers SET hold_id = new_hold, posting_id = NULL WHERE id = moving.id;
    UPDATE transactions SET posting_id = NULL
    WHERE id = (SELECT transaction_id FROM transfers WHERE id = moving.id);
  END LOOP;
END $$;
--> statement-breakpoint
-- The service charge of a transfer of `amount` minor units, at the bank's setting (basis
-- points; 1000 when unset), rounded half up, in integer steps that never overflow a bigint: the
-- confirm screen's `basisPointsOf` gives the same (test/server/service-charge.test.ts).
CREATE FUNCTION transfer_service_charge_v1(amount bigint) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT (amount / 10000) * bps + (amount % 10000 * bps + 5000) / 10000
  FROM (SELECT coalesce((SELECT service_charge_basis_points FROM bank_settings), 1000)::bigint AS bps) setting
$$;
--> statement-breakpoint
-- The ledger's one way to move money (docs/decisions/067): a posting of signed entries, one per
-- (account code, amount) pair, that must sum to zero, in one currency, between known accounts.
-- Customer and holding accounts keep a cached booked balance and their totals (a reversal takes
-- back the totals of the posting it undoes); the bank's own accounts keep none. A debit of a
-- customer or holding account must be covered by its available balance (booked minus held),
-- and is refused while the account is blocked. `settles_hold` posts a pending hold: the posting
-- must debit the hold's account by exactly the held amount, and the hold is released with it.
-- Answers 'posted' with the posting's id, or 'insufficient' / 'blocked' with none (nothing
-- written; the caller's transaction stays usable). Malformed postings raise 22023.
CREATE FUNCTION ledger_post_v1(
  kind text, memo text, idempotency_key text, reverses integer,
  account_codes text[], amounts bigint[], settles_hold integer
) RETURNS TABLE (outcome text, posting_id integer)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  total numeric;
  missing text;
  currencies integer;
  pending_hold holds%ROWTYPE;
  debit record;
  released bigint;
  posting integer;
BEGIN
  IF coalesce(cardinality(account_codes), 0) < 2
    OR cardinality(account_codes) <> coalesce(cardinality(amounts), 0) THEN
    RAISE EXCEPTION 'a posting needs at least two entries, an amount for each account'
      USING ERRCODE = '22023';
  END IF;
  IF EXISTS (SELECT FROM unnest(amounts) amount WHERE amount IS NULL OR amount = 0) THEN
    RAISE EXCEPTION 'every entry must be a non-zero integer amount' USING ERRCODE = '22023';
  END IF;
  SELECT sum(amount) INTO total FROM unnest(amounts) amount;
  IF total <> 0 THEN
    RAISE EXCEPTION 'posting entries sum to %, not 0', total USING ERRCODE = '22023';
  END IF;
  SELECT string_agg(code, ', ' ORDER BY code) INTO missing
  FROM (SELECT DISTINCT code FROM unnest(account_codes) code) codes
  WHERE NOT EXISTS (SELECT FROM ledger_accounts a WHERE a.code = codes.code);
  IF missing IS NOT NULL THEN
    RAISE EXCEPTION 'no ledger account among %', missing USING ERRCODE = '22023';
  END IF;

  -- Balances change below: lock them in one order (by code), so postings never deadlock.
  PERFORM FROM ledger_accounts a WHERE a.code = ANY (account_codes) AND a.kind <> 'bank'
  ORDER BY a.code FOR UPDATE;
  SELECT count(DISTINCT a.currency) INTO currencies FROM ledger_accounts a
  WHERE a.code = ANY (account_codes);
  IF currencies <> 1 THEN
    RAISE EXCEPTION 'a posting moves one currency; % are in several',
      (SELECT string_agg(DISTINCT code, ', ' ORDER BY code) FROM unnest(account_codes) code)
      USING ERRCODE = '22023';
  END IF;

  IF settles_hold IS NOT NULL THEN
    SELECT * INTO pending_hold FROM holds h WHERE h.id = settles_hold FOR UPDATE;
    IF NOT FOUND OR pending_hold.state <> 'pending' THEN
      RAISE EXCEPTION 'hold % is not pending', settles_hold USING ERRCODE = '22023';
    END IF;
    IF (SELECT sum(l.amount) FROM unnest(account_codes, amounts) l(code, amount)
        JOIN ledger_accounts a ON a.code = l.code WHERE a.id = pending_hold.ledger_account_id)
      IS DISTINCT FROM -pending_hold.amount THEN
      RAISE EXCEPTION 'the posting of hold % must debit its account by %', pending_hold.id,
        pending_hold.amount
        USING ERRCODE = '22023';
    END IF;
  END IF;

  FOR debit IN
    SELECT a.id, a.balance, a.held, a.debits_blocked, sum(l.amount) AS change
    FROM unnest(account_codes, amounts) l(code, amount)
    JOIN ledger_accounts a ON a.code = l.code
    WHERE a.kind <> 'bank'
    GROUP BY a.id
    HAVING sum(l.amount) < 0
  LOOP
    IF debit.debits_blocked THEN
      RETURN QUERY SELECT 'blocked'::text, NULL::integer;
      RETURN;
    END IF;
    released := CASE WHEN debit.id = pending_hold.ledger_account_id THEN pending_hold.amount ELSE 0 END;
    IF debit.balance - (debit.held - released) + debit.change < 0 THEN
      RETURN QUERY SELECT 'insufficient'::text, NULL::integer;
      RETURN;
    END IF;
  END LOOP;

  INSERT INTO postings (kind, memo, idempotency_key, reverses)
  VALUES (ledger_post_v1.kind, ledger_post_v1.memo, ledger_post_v1.idempotency_key,
    ledger_post_v1.reverses)
  RETURNING id INTO posting;
  INSERT INTO ledger_entries (posting_id, ledger_account_id, currency, amount)
  SELECT posting, a.id, a.currency, l.amount
  FROM unnest(account_codes, amounts) WITH ORDINALITY l(code, amount, ord)
  JOIN ledger_accounts a ON a.code = l.code
  ORDER BY l.ord;
  UPDATE ledger_accounts a
  SET balance = a.balance + c.change,
    total_credit = a.total_credit
      + CASE WHEN ledger_post_v1.reverses IS NULL THEN c.credits ELSE -c.debits END,
    total_debit = a.total_debit
      + CASE WHEN ledger_post_v1.reverses IS NULL THEN c.debits ELSE -c.credits END,
    held = a.held
      - CASE WHEN a.id = pending_hold.ledger_account_id THEN pending_hold.amount ELSE 0 END
  FROM (
    SELECT l.code, sum(l.amount) AS change,
      sum(greatest(l.amount, 0)) AS credits, sum(greatest(-l.amount, 0)) AS debits
    FROM unnest(account_codes, amounts) l(code, amount)
    GROUP BY l.code
  ) c
  WHERE a.code = c.code AND a.kind <> 'bank';
  IF settles_hold IS NOT NULL THEN
    UPDATE holds SET state = 'posted', posting_id = posting WHERE id = settles_hold;
  END IF;
  RETURN QUERY SELECT 'posted'::text, posting;
END $$;
--> statement-breakpoint
-- Reserves `amount` of a customer's available balance: 'held' with the hold's id, or
-- 'insufficient' / 'blocked' with none (nothing written).
CREATE FUNCTION ledger_hold_v1(account_code text, amount bigint)
RETURNS TABLE (outcome text, hold_id integer)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  account record;
  new_hold integer;
BEGIN
  IF amount IS NULL OR amount <= 0 THEN
    RAISE EXCEPTION 'a hold must be a positive integer amount' USING ERRCODE = '22023';
  END IF;
  SELECT a.id, a.balance, a.held, a.debits_blocked INTO account FROM ledger_accounts a
  WHERE a.code = account_code AND a.kind <> 'bank' FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no customer ledger account %', account_code USING ERRCODE = '22023';
  END IF;
  IF account.debits_blocked THEN
    RETURN QUERY SELECT 'blocked'::text, NULL::integer;
    RETURN;
  END IF;
  IF account.balance - account.held < amount THEN
    RETURN QUERY SELECT 'insufficient'::text, NULL::integer;
    RETURN;
  END IF;
  UPDATE ledger_accounts SET held = held + ledger_hold_v1.amount WHERE id = account.id;
  INSERT INTO holds (ledger_account_id, amount) VALUES (account.id, ledger_hold_v1.amount) RETURNING id INTO new_hold;
  RETURN QUERY SELECT 'held'::text, new_hold;
END $$;
--> statement-breakpoint
-- Releases a pending hold: nothing moves, the amount is available again.
CREATE FUNCTION ledger_void_v1(hold_id integer) RETURNS void
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  pending_hold holds%ROWTYPE;
BEGIN
  SELECT * INTO pending_hold FROM holds h WHERE h.id = ledger_void_v1.hold_id FOR UPDATE;
  IF NOT FOUND OR pending_hold.state <> 'pending' THEN
    RAISE EXCEPTION 'hold % is not pending', ledger_void_v1.hold_id USING ERRCODE = '22023';
  END IF;
  UPDATE ledger_accounts SET held = held - pending_hold.amount
  WHERE id = pending_hold.ledger_account_id;
  UPDATE holds SET state = 'voided' WHERE id = pending_hold.id;
END $$;
--> statement-breakpoint
-- `newtrs` in one call (docs/decisions/067): under the customer's idempotency key, consumes the
-- authorisation for exactly this amount, currency and payee, holds the amount on the account if
-- its available balance covers it, and writes the customer's rows. Lock order: authorisation,
-- key, account. Outcomes:
--   'other-currency'  the account is in another currency (its code in `currency`); nothing done
--   'not-authorized'  no usable authorisation for this transfer; the key stays free
--   'kept'            the key was claimed before: `answer` and `fingerprint` are the earlier ones
--   'held' | 'insufficient' | 'blocked'  claimed with `answer` (from `answers`, by outcome)
CREATE FUNCTION transfer_submit_v1(
  customer_id integer, account_code text, submission_key text, call_name text,
  request_fingerprint text, authorization_id text, submitted_at timestamptz, sent bigint,
  sent_currency text, approved_binding text, payee_identity text, payee_bank text, payee_swift text,
  payee_routing text, payee_country text, payee_act_no text, payee_name text, payee_note text,
  receipt_id text, line_name text, notice text, save_payee boolean, answers jsonb
) RETURNS TABLE (outcome text, account_currency text, answer jsonb, answer_fingerprint text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  found_currency text;
  usable text;
  claim integer;
  kept record;
  held record;
  service_charge bigint;
  line_id integer;
  chosen jsonb;
BEGIN
  SELECT a.currency INTO found_currency FROM ledger_accounts a WHERE a.code = account_code;
  IF found_currency IS DISTINCT FROM sent_currency THEN
    RETURN QUERY SELECT 'other-currency'::text, found_currency, NULL::jsonb, NULL::text;
    RETURN;
  END IF;

  SELECT t.id INTO usable FROM transfer_authorizations t
  WHERE t.id = authorization_id AND t.user_id = customer_id
    AND t.authorized_at IS NOT NULL AND t.used_at IS NULL AND t.expires_at > submitted_at
    AND t.amount = sent AND t.binding = approved_binding
  FOR UPDATE;
  IF usable IS NULL THEN
    SELECT s.answer, s.fingerprint INTO kept FROM idempotent_submissions s
    WHERE s.user_id = customer_id AND s.key = submission_key;
    IF FOUND THEN
      RETURN QUERY SELECT 'kept'::text, found_currency, kept.answer, kept.fingerprint;
    ELSE
      RETURN QUERY SELECT 'not-authorized'::text, found_currency, NULL::jsonb, NULL::text;
    END IF;
    RETURN;
  END IF;

  -- A key claimed meanwhile (or being claimed: this waits for it) is a replay or other fields.
  INSERT INTO idempotent_submissions (user_id, key, call, fingerprint)
  VALUES (customer_id, submission_key, call_name, request_fingerprint)
  ON CONFLICT DO NOTHING
  RETURNING id INTO claim;
  IF claim IS NULL THEN
    SELECT s.answer, s.fingerprint INTO kept FROM idempotent_submissions s
    WHERE s.user_id = customer_id AND s.key = submission_key;
    RETURN QUERY SELECT 'kept'::text, found_currency, kept.answer, kept.fingerprint;
    RETURN;
  END IF;

  UPDATE transfer_authorizations SET used_at = submitted_at WHERE id = usable;
  SELECT * INTO held FROM ledger_hold_v1(account_code, sent);
  IF held.outcome = 'held' THEN
    service_charge := transfer_service_charge_v1(sent);
    INSERT INTO transactions (user_id, ref2, name, transaction_type, type, amount, charge,
      currency, status, bank, act_hold_name, act_no, country, swift, routing, note, created_at)
    VALUES (customer_id, receipt_id, line_name, 'debit', 'Bank Transfer', sent, service_charge,
      found_currency, 'in_progress', payee_bank, payee_name, payee_act_no, payee_country,
      payee_swift, payee_routing, payee_note, submitted_at)
    RETURNING id INTO line_id;
    INSERT INTO transfers (user_id, authorization_id, hold_id, amount, charge, currency,
      transaction_id, payee_key, bank, act_hold_name, act_no, created_at)
    VALUES (customer_id, usable, held.hold_id, sent, service_charge, found_currency, line_id,
      payee_identity, payee_bank, payee_name, payee_act_no, submitted_at);
    INSERT INTO notifications (user_id, title, body, created_at)
    VALUES (customer_id, 'Transfer in progress', notice, submitted_at);
    IF save_payee THEN
      INSERT INTO saved_payees (user_id, payee_key, bank, swift, routing, country, act_no,
        act_hold_name, currency)
      VALUES (customer_id, payee_identity, payee_bank, payee_swift, payee_routing, payee_country,
        payee_act_no, payee_name, found_currency)
      ON CONFLICT (user_id, payee_key) DO UPDATE SET bank = excluded.bank,
        swift = excluded.swift, routing = excluded.routing, country = excluded.country,
        act_no = excluded.act_no, act_hold_name = excluded.act_hold_name,
        currency = excluded.currency;
    END IF;
  END IF;
  chosen := answers -> held.outcome;
  UPDATE idempotent_submissions SET answer = chosen WHERE id = claim;
  RETURN QUERY SELECT held.outcome, found_currency, chosen, request_fingerprint;
END $$;
