/**
 * The scale bench's customers, written in bulk SQL (generate_series, a chunk of customers per
 * transaction), each with the history a customer of some years has: a ledger account funded by
 * confirmed deposits, transfers settled, failed and (for some) in progress with their holds,
 * authorisations, statement lines, notifications and e-mails, two saved payees, sessions, a
 * device, security events, and one audit entry (written last, through the chain's trigger).
 *
 * Every row is what the server's own paths would have left: a deposit is the posting
 * `funding-requests.ts` makes, a settled transfer the posting `transfers.ts` makes (the payee's
 * part out, the charge to fees) with its hold posted, a failed one a voided hold and no posting.
 * Ids come from each table's own sequence, so later inserts by the server carry on from them.
 * Proportions and why: docs/decisions/104-scale-bench.md.
 */
import type pg from 'pg'
import { bankAccountCodes } from '#server/db/ledger'
import { sealBody } from '#server/mail/sealed-body'
import { loadWithoutSecondaryIndexes } from './bulk-load'

/** Every seeded customer's e-mail ends so; nothing else in the bench's databases does. */
export const seedEmailDomain = 'scale-bench.invalid'
export const customerEmail = (n: number) => `c${n}@${seedEmailDomain}`
/** A customer's account number: a bijection of n onto 10 digits (7919 is prime to 9·10⁹). */
export const accountNumberOf = (n: number) =>
  String(1_000_000_000n + ((BigInt(n) * 7919n + 12345n) % 9_000_000_000n))

/** The customer the bench signs in as: n = 1, with a long history (statement pages to turn). */
export const measuredCustomer = 1
export const measuredCustomerTransfers = 400

/** The first of a customer's two saved payees, the one the bench's transfers go to. */
export const firstPayeeOf = (n: number) => ({
  bank: 'First Harbor Bank',
  swiftCode: 'FHBKUS33',
  accountNumber: String(2_000_000_000 + n),
  accountHolderName: `Payee ${n} A`,
  routingNumber: '021000021',
  country: 'US',
})

// biome-ignore format: a list of names
const firstNames = [
  'James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David',
  'Elizabeth', 'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah',
  'Carlos', 'Karen', 'Daniel', 'Lisa', 'Matthew', 'Nancy', 'Anthony', 'Betty', 'Mark', 'Sandra',
  'Amara', 'Chen', 'Priya', 'Olga', 'Kwame', 'Yuki', 'Fatima', 'Lucas', 'Sofia', 'Mateo',
]
// biome-ignore format: a list of names
const lastNames = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez',
  'Martinez', 'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore',
  'Jackson', 'Martin', 'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark',
  'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres',
  'Nguyen', 'Hill', 'Flores', 'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell',
  'Mitchell', 'Carter', 'Roberts', 'Okafor', 'Kowalski', 'Schmidt', 'Rossi', 'Tanaka', 'Singh',
]
/** A common last name among the seeded customers, for the search by last name. */
export const commonLastName = 'Garcia'

export interface SeedPlan {
  customers: number
  /** Customers per transaction. */
  chunk: number
  /** argon2id hashes every seeded customer shares (computing one each would take hours). */
  passcodeHash: string
  pinHash: string
  /** The member of staff whose decisions the history records. */
  reviewerStaffId: number
  reviewerEmail: string
  now: Date
  progress: (line: string) => void
}

/** Transfers of customer n: 2 to 6 (4 on average); the measured customer many more. */
const transfersOf = `CASE WHEN c.n = ${measuredCustomer} THEN ${measuredCustomerTransfers} ELSE 2 + c.n % 5 END`

/** The tables the seeding fills in bulk (ledger_accounts is looked up while it does). */
const bulkTables = [
  'users',
  'bank_accounts',
  'stored_files',
  'postings',
  'ledger_entries',
  'funding_requests',
  'holds',
  'transactions',
  'transfer_authorizations',
  'transfers',
  'saved_payees',
  'notifications',
  'mail_outbox',
  'customer_devices',
  'sessions',
  'security_events',
] as const

export async function seedCustomers(client: pg.Client, plan: SeedPlan) {
  await client.query('SET synchronous_commit = off')
  const sealed = {
    settled: sealBody('Your transfer was settled. The payee has received the money.'),
    failed: sealBody('Your transfer failed. The amount held for it is available again.'),
  }
  await loadWithoutSecondaryIndexes(
    client,
    bulkTables,
    async () => {
      for (let first = 1; first <= plan.customers; first += plan.chunk) {
        const last = Math.min(plan.customers, first + plan.chunk - 1)
        await client.query('BEGIN')
        await seedChunk(client, plan, first, last, sealed)
        await client.query('COMMIT')
        plan.progress(`customers ${last}/${plan.customers}`)
      }
    },
    plan.progress,
  )
}

async function seedChunk(
  client: pg.Client,
  plan: SeedPlan,
  first: number,
  last: number,
  sealed: { settled: string; failed: string },
) {
  const now = plan.now.toISOString()
  await client.query(`CREATE TEMP TABLE chunk (n int PRIMARY KEY, user_id int, account_id int,
    joined timestamptz) ON COMMIT DROP`)
  // Customers joined 30 days to about 3 years ago.
  await client.query(
    `WITH made AS (
      INSERT INTO users (email, username, first_name, last_name, fullname, passcode_hash,
        pin_hash, email_verified_at, verification_status, kyc_submitted_at, phone, country,
        current_plan, created_at)
      SELECT 'c' || n || '@${seedEmailDomain}', 'scale' || n, f, l, f || ' ' || l, $3, $4,
        joined, 'Verified', joined, '+1555' || lpad((n % 10000000)::text, 7, '0'), 'US',
        'Tier 1', joined
      FROM generate_series($1::int, $2::int) n,
        LATERAL (SELECT ($5::text[])[1 + n % cardinality($5::text[])] AS f,
          ($6::text[])[1 + (n / 7) % cardinality($6::text[])] AS l,
          $7::timestamptz - make_interval(days => (30 + (n::bigint * 7919) % 1065)::int) AS joined) p
      RETURNING id, username, created_at)
    INSERT INTO chunk (n, user_id, joined) SELECT substr(username, 6)::int, id, created_at FROM made`,
    [first, last, plan.passcodeHash, plan.pinHash, firstNames, lastNames, now],
  )
  await client.query(
    `INSERT INTO bank_accounts (user_id, account_no, swift_code, routing_no, country, currency,
      created_at)
    SELECT c.user_id, (1000000000 + (c.n::bigint * 7919 + 12345) % 9000000000)::text,
      s.swift_code, s.routing_no, s.country, 'USD', c.joined
    FROM chunk c LEFT JOIN bank_settings s ON s.id = 1`,
  )
  await client.query(
    `WITH opened AS (
      INSERT INTO ledger_accounts (code, kind, user_id, currency, created_at)
      SELECT 'customer:' || user_id, 'customer', user_id, 'USD', joined FROM chunk
      RETURNING id, user_id)
    UPDATE chunk c SET account_id = o.id FROM opened o WHERE o.user_id = c.user_id`,
  )
  await seedMoney(client, plan, now)
  await seedPeople(client, now, sealed)
}

/**
 * Deposits and transfers: `moves` lists them with the ids each table's sequence gives, then one
 * statement per table writes them, and the accounts' cached balance, holds and totals are set
 * from the entries written (the sums `ledger_post_v1` keeps one posting at a time).
 */
async function seedMoney(client: pg.Client, plan: SeedPlan, now: string) {
  const bank = await bankAccountIds(client)
  // Each customer: 2 deposits (the second still pending for 1 in 100), then their transfers,
  // every 8th failed and, for 1 in 40 customers, the last one still in progress. Each deposit
  // alone covers every transfer (at most $500 each), so no balance ever went below zero.
  await client.query(
    `CREATE TEMP TABLE moves ON COMMIT DROP AS
    SELECT c.n, c.user_id, c.account_id, m.seq, m.kind, m.amount,
      CASE WHEN m.kind = 'deposit' THEN NULL ELSE transfer_service_charge_v1(m.amount) END AS charge,
      m.at
    FROM chunk c,
      LATERAL (SELECT ${transfersOf} AS transfers) t,
      LATERAL (
        SELECT seq,
          CASE
            WHEN seq = 2 AND c.n % 100 = 0 THEN 'pending-deposit'
            WHEN seq <= 2 THEN 'deposit'
            WHEN seq = t.transfers + 2 AND c.n % 40 = 0 THEN 'in_progress'
            WHEN (c.n + seq) % 8 = 0 THEN 'failed'
            ELSE 'successful'
          END AS kind,
          CASE WHEN seq <= 2 THEN (t.transfers + 1)::bigint * 50000
            ELSE 1000 + (c.n::bigint * 131 + seq * 977) % 49000 END AS amount,
          CASE WHEN seq <= 2 THEN c.joined + make_interval(hours => seq)
            ELSE c.joined + ($1::timestamptz - c.joined) * ((seq - 2)::float8 / (t.transfers + 1))
          END AS at
        FROM generate_series(1, t.transfers + 2) seq) m`,
    [now],
  )
  await client.query(
    `ALTER TABLE moves ADD COLUMN posting_id int, ADD COLUMN hold_id int, ADD COLUMN line_id int,
      ADD COLUMN transfer_id int, ADD COLUMN file_id int, ADD COLUMN request_id int,
      ADD COLUMN authorization_id text`,
  )
  await client.query(
    `UPDATE moves SET
      posting_id = CASE WHEN kind IN ('deposit', 'successful')
        THEN nextval(pg_get_serial_sequence('postings', 'id')) END,
      line_id = CASE WHEN kind <> 'pending-deposit'
        THEN nextval(pg_get_serial_sequence('transactions', 'id')) END,
      file_id = CASE WHEN kind LIKE '%deposit' THEN nextval(pg_get_serial_sequence('stored_files', 'id')) END,
      request_id = CASE WHEN kind LIKE '%deposit'
        THEN nextval(pg_get_serial_sequence('funding_requests', 'id')) END,
      hold_id = CASE WHEN kind NOT LIKE '%deposit' THEN nextval(pg_get_serial_sequence('holds', 'id')) END,
      transfer_id = CASE WHEN kind NOT LIKE '%deposit'
        THEN nextval(pg_get_serial_sequence('transfers', 'id')) END,
      authorization_id = CASE WHEN kind NOT LIKE '%deposit'
        THEN md5('scale-authorization-' || n || '-' || seq) END`,
  )
  const decided = `at + interval '1 hour'`
  await client.query(
    `INSERT INTO stored_files (id, user_id, purpose, stored_name, mime_type, size, sha256, created_at)
    OVERRIDING SYSTEM VALUE
    SELECT file_id, user_id, 'payment_proof', 'scale-proof-' || file_id || '.png', 'image/png',
      48213, md5('proof' || file_id) || md5('proof' || file_id), at
    FROM moves WHERE file_id IS NOT NULL`,
  )
  await client.query(
    `INSERT INTO postings (id, kind, memo, created_at) OVERRIDING SYSTEM VALUE
    SELECT posting_id, CASE WHEN kind = 'deposit' THEN 'deposit' ELSE 'transfer' END,
      CASE WHEN kind = 'deposit' THEN 'Crypto deposit ' || request_id
        ELSE 'Transfer ' || transfer_id || ' to Payee ' || n || CASE WHEN seq % 2 = 0 THEN ' A' ELSE ' B' END END,
      ${decided}
    FROM moves WHERE posting_id IS NOT NULL`,
  )
  await client.query(
    `INSERT INTO ledger_entries (posting_id, ledger_account_id, currency, amount, created_at)
    SELECT m.posting_id, e.account, 'USD', e.amount, m.at + interval '1 hour'
    FROM moves m,
      LATERAL (VALUES
        (CASE WHEN m.kind = 'deposit' THEN $1::int ELSE m.account_id END,
          CASE WHEN m.kind = 'deposit' THEN -m.amount ELSE -(m.amount - m.charge) END),
        (CASE WHEN m.kind = 'deposit' THEN m.account_id ELSE $2::int END,
          CASE WHEN m.kind = 'deposit' THEN m.amount ELSE m.amount - m.charge END),
        (CASE WHEN m.kind = 'successful' AND m.charge > 0 THEN m.account_id END, -m.charge),
        (CASE WHEN m.kind = 'successful' AND m.charge > 0 THEN $3::int END, m.charge)
      ) e(account, amount)
    WHERE m.posting_id IS NOT NULL AND e.account IS NOT NULL
    ORDER BY m.posting_id`,
    [bank.received, bank.transfersOut, bank.fees],
  )
  await client.query(
    `INSERT INTO funding_requests (id, user_id, kind, coin_type, amount, proof_file_id, status,
      posting_id, decided_at, decided_by_staff_id, tx_hash, created_at) OVERRIDING SYSTEM VALUE
    SELECT request_id, user_id, 'deposit', 'BTC', amount, file_id,
      CASE WHEN kind = 'deposit' THEN 'confirmed' ELSE 'pending' END, posting_id,
      CASE WHEN kind = 'deposit' THEN ${decided} END,
      CASE WHEN kind = 'deposit' THEN $1::int END,
      md5('tx-a' || request_id) || md5('tx-b' || request_id), at
    FROM moves WHERE request_id IS NOT NULL`,
    [plan.reviewerStaffId],
  )
  await client.query(
    `INSERT INTO holds (id, ledger_account_id, amount, state, posting_id, created_at)
    OVERRIDING SYSTEM VALUE
    SELECT hold_id, account_id, amount,
      CASE kind WHEN 'successful' THEN 'posted' WHEN 'failed' THEN 'voided' ELSE 'pending' END,
      posting_id, at
    FROM moves WHERE hold_id IS NOT NULL`,
  )
  const payee = `CASE WHEN seq % 2 = 0 THEN 'A' ELSE 'B' END`
  const payeeColumns = (alias: string) => `
    CASE WHEN ${alias}.seq % 2 = 0 THEN 'First Harbor Bank' ELSE 'Northwind Credit Union' END,
    CASE WHEN ${alias}.seq % 2 = 0 THEN 'FHBKUS33' ELSE 'NWCUUS44' END,
    CASE WHEN ${alias}.seq % 2 = 0 THEN '021000021' ELSE '322271627' END,
    CASE WHEN ${alias}.seq % 2 = 0 THEN (2000000000 + ${alias}.n)::text ELSE (3000000000 + ${alias}.n)::text END,
    'Payee ' || ${alias}.n || ' ' || CASE WHEN ${alias}.seq % 2 = 0 THEN 'A' ELSE 'B' END`
  await client.query(
    `INSERT INTO transactions (id, user_id, posting_id, ref2, name, transaction_type, type, amount,
      charge, status, bank, swift, routing, act_no, act_hold_name, country, note, currency,
      created_at) OVERRIDING SYSTEM VALUE
    SELECT m.line_id, m.user_id, m.posting_id, 'S' || upper(md5('line' || m.line_id)),
      CASE WHEN m.kind = 'deposit' THEN 'Crypto deposit (BTC)' ELSE 'Transfer to Payee ' || m.n || ' ' || ${payee} END,
      CASE WHEN m.kind = 'deposit' THEN 'credit' ELSE 'debit' END,
      CASE WHEN m.kind = 'deposit' THEN 'Crypto Deposit' ELSE 'Bank Transfer' END,
      m.amount, m.charge,
      CASE WHEN m.kind = 'deposit' THEN 'successful' ELSE m.kind END,
      p.bank, p.swift, p.routing, p.act_no, p.holder, p.country,
      -- The customer's note; a failed transfer's line says the reason instead, as failing writes.
      CASE m.kind WHEN 'deposit' THEN NULL WHEN 'failed' THEN 'The payee''s bank returned the transfer'
        ELSE 'Invoice ' || (m.n * 31 + m.seq) % 10000 END,
      'USD', CASE WHEN m.kind = 'deposit' THEN m.at + interval '1 hour' ELSE m.at END
    FROM moves m,
      LATERAL (SELECT * FROM (VALUES (${payeeColumns('m')}, 'US')) v(bank, swift, routing, act_no,
        holder, country) WHERE m.kind <> 'deposit'
        UNION ALL SELECT NULL, NULL, NULL, NULL, NULL, NULL WHERE m.kind = 'deposit') p
    WHERE m.line_id IS NOT NULL`,
  )
  await client.query(
    `INSERT INTO transfer_authorizations (id, user_id, amount, payee_key, binding,
      step_up_required, authorized_at, used_at, expires_at, created_at)
    SELECT authorization_id, user_id, amount,
      CASE WHEN seq % 2 = 0 THEN 'FHBKUS33/' || (2000000000 + n) ELSE 'NWCUUS44/' || (3000000000 + n) END,
      md5('binding' || authorization_id) || md5(authorization_id), false,
      at - interval '1 minute', at, at + interval '10 minutes', at - interval '1 minute'
    FROM moves WHERE authorization_id IS NOT NULL`,
  )
  await client.query(
    `INSERT INTO transfers (id, user_id, authorization_id, hold_id, posting_id, amount, charge,
      currency, transaction_id, status, payee_key, bank, act_hold_name, act_no, decided_at,
      decided_by_staff_id, created_at) OVERRIDING SYSTEM VALUE
    SELECT transfer_id, user_id, authorization_id, hold_id, posting_id, amount, charge, 'USD',
      line_id, kind,
      CASE WHEN seq % 2 = 0 THEN 'FHBKUS33/' || (2000000000 + n) ELSE 'NWCUUS44/' || (3000000000 + n) END,
      CASE WHEN seq % 2 = 0 THEN 'First Harbor Bank' ELSE 'Northwind Credit Union' END,
      'Payee ' || n || ' ' || ${payee},
      CASE WHEN seq % 2 = 0 THEN (2000000000 + n)::text ELSE (3000000000 + n)::text END,
      CASE WHEN kind <> 'in_progress' THEN ${decided} END,
      CASE WHEN kind <> 'in_progress' THEN $1::int END, at
    FROM moves WHERE transfer_id IS NOT NULL`,
    [plan.reviewerStaffId],
  )
  // The cached sums ledger_post_v1 and ledger_hold_v1 keep, from the moves just written
  // (the checks after seeding compare them with the entries and holds).
  await client.query(
    `UPDATE ledger_accounts a SET balance = s.credit - s.debit, held = s.held,
      total_credit = s.credit, total_debit = s.debit
    FROM (
      SELECT account_id,
        coalesce(sum(amount) FILTER (WHERE kind = 'deposit'), 0) AS credit,
        coalesce(sum(amount) FILTER (WHERE kind = 'successful'), 0) AS debit,
        coalesce(sum(amount) FILTER (WHERE kind = 'in_progress'), 0) AS held
      FROM moves GROUP BY account_id) s
    WHERE a.id = s.account_id`,
  )
}

async function bankAccountIds(client: pg.Client) {
  const { rows } = await client.query<{ code: string; id: number }>(
    "SELECT code, id FROM ledger_accounts WHERE kind = 'bank'",
  )
  const idOf = (code: string) => {
    const row = rows.find((account) => account.code === code)
    if (!row) throw new Error(`the bank has no ledger account ${code}`)
    return row.id
  }
  return {
    received: idOf(bankAccountCodes.received),
    transfersOut: idOf(bankAccountCodes.transfersOut),
    fees: idOf(bankAccountCodes.fees),
  }
}

/**
 * What a customer's history leaves besides money: the payee book, notifications (the submit's,
 * and the decision's), the decision e-mails (sent), sessions and a device, security events.
 */
async function seedPeople(
  client: pg.Client,
  now: string,
  sealed: { settled: string; failed: string },
) {
  await client.query(
    `INSERT INTO saved_payees (user_id, payee_key, bank, swift, routing, country, act_no,
      act_hold_name, currency, created_at)
    SELECT c.user_id, p.swift || '/' || p.act_no, p.bank, p.swift, p.routing, 'US', p.act_no,
      'Payee ' || c.n || ' ' || p.letter, 'USD', c.joined + interval '1 day'
    FROM chunk c, LATERAL (VALUES
      ('First Harbor Bank', 'FHBKUS33', '021000021', (2000000000 + c.n)::text, 'A'),
      ('Northwind Credit Union', 'NWCUUS44', '322271627', (3000000000 + c.n)::text, 'B')
    ) p(bank, swift, routing, act_no, letter)`,
  )
  // The submit's notice of every transfer, and the decision's of the decided ones and the
  // confirmed deposits; all read but the newest two.
  await client.query(
    `INSERT INTO notifications (user_id, title, body, read_at, created_at)
    SELECT user_id, title, body, CASE WHEN at < $1::timestamptz - interval '20 days' THEN at + interval '1 day' END, at
    FROM (
      SELECT user_id, 'Transfer in progress' AS title,
        'Your transfer of $' || (amount / 100) || ' to Payee ' || n || ' is being processed.' AS body, at
      FROM moves WHERE transfer_id IS NOT NULL
      UNION ALL
      SELECT user_id,
        CASE kind WHEN 'deposit' THEN 'Your deposit was confirmed'
          WHEN 'successful' THEN 'Transfer settled' ELSE 'Transfer failed' END,
        CASE kind WHEN 'deposit' THEN 'Your deposit of $' || (amount / 100) || ' is now in your balance.'
          WHEN 'successful' THEN 'Your transfer of $' || (amount / 100) || ' has been settled.'
          ELSE 'Your transfer of $' || (amount / 100) || ' failed; the amount is available again.' END,
        at + interval '1 hour'
      FROM moves WHERE kind IN ('deposit', 'successful', 'failed')) told`,
    [now],
  )
  await client.query(
    `INSERT INTO mail_outbox (recipient, subject, text_body, status, attempts, next_attempt_at,
      sent_at, created_at)
    SELECT 'c' || n || '@${seedEmailDomain}',
      CASE kind WHEN 'successful' THEN 'Your transfer was settled' ELSE 'Your transfer failed' END,
      CASE kind WHEN 'successful' THEN $1 ELSE $2 END, 'sent', 1, at + interval '1 hour',
      at + interval '1 hour', at + interval '1 hour'
    FROM moves WHERE kind IN ('successful', 'failed')`,
    [sealed.settled, sealed.failed],
  )
  // One browser, remembered, seen lately; an old session ended and a recent one expired.
  await client.query(
    `INSERT INTO customer_devices (user_id, token_hash, remembered, user_agent, client_address,
      last_seen_at, expires_at, created_at)
    SELECT user_id, encode(sha256(('device' || n)::bytea), 'hex'), true,
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
      '198.51.' || (n % 256) || '.' || (n / 256 % 256), seen, seen + interval '30 days', joined
    FROM (SELECT c.*, $1::timestamptz - make_interval(days => c.n % 60) AS seen FROM chunk c) c`,
    [now],
  )
  await client.query(
    `INSERT INTO sessions (user_id, token_hash, kind, remember, device_id, client_address,
      expires_at, revoked_at, last_seen_at, created_at)
    SELECT c.user_id, encode(sha256(('session' || c.n || '-' || s.k)::bytea), 'hex'), 'session',
      true, d.id, d.client_address, s.at + interval '30 days',
      CASE WHEN s.k = 1 THEN s.at + interval '20 minutes' END, s.at + interval '20 minutes', s.at
    FROM chunk c JOIN customer_devices d ON d.user_id = c.user_id,
      LATERAL (VALUES (1, c.joined + interval '2 days'),
        (2, d.last_seen_at - interval '40 days')) s(k, at)`,
  )
  // Sign-ins over the customer's time with the bank: some older than the 13 months kept.
  await client.query(
    `INSERT INTO security_events (user_id, kind, method, user_agent, client_address, at)
    SELECT c.user_id, CASE WHEN k = 1 THEN 'new_device' ELSE 'signed_in' END, 'passcode',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0', '198.51.' || (c.n % 256) || '.1',
      c.joined + ($1::timestamptz - c.joined) * ((k - 1)::float8 / 4)
    FROM chunk c, generate_series(1, 4) k`,
    [now],
  )
}

/**
 * One audit entry per customer (a reviewer opening the customer's page, in customer order,
 * spread over the last 400 days), written through the chain's trigger in transactions of
 * `batch` entries: the trigger moves the chain's one head row for every entry, and a
 * transaction that moves it a million times reads a million versions of it.
 */
export async function seedAuditEntries(
  client: pg.Client,
  plan: Pick<SeedPlan, 'customers' | 'reviewerStaffId' | 'reviewerEmail' | 'now' | 'progress'>,
  batch = 5_000,
) {
  for (let first = 1; first <= plan.customers; first += batch) {
    const last = Math.min(plan.customers, first + batch - 1)
    await client.query(
      `INSERT INTO operator_audit_log (at, operator, staff_id, command, args, outcome, detail,
        customer_id, subject_kind, subject_id)
      SELECT $3::timestamptz - interval '400 days' * (1 - n::float8 / $4), $5, $6::int,
        'customers show', jsonb_build_object('customer_id', u.id), 'read', '', u.id, 'customer', u.id
      FROM generate_series($1::int, $2::int) n
      JOIN users u ON u.email = 'c' || n || '@${seedEmailDomain}'
      ORDER BY n`,
      [
        first,
        last,
        plan.now.toISOString(),
        plan.customers,
        plan.reviewerEmail,
        plan.reviewerStaffId,
      ],
    )
    if (last % 100_000 === 0 || last === plan.customers)
      plan.progress(`audit entries ${last}/${plan.customers}`)
  }
}
