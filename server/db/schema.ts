/**
 * The data model. Amounts are integer minor units (bigint columns read as JS numbers: every
 * amount stays far below 2^53). Timestamps are timestamptz. The same migrations run on PGlite
 * and PostgreSQL.
 */
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { approvalItemKinds } from '#api/contract/staff/approvals'
import { auditSubjectKinds } from '#api/contract/staff/audit-subjects'
import { staffRoles } from '#api/contract/staff/roles'
import { settingsAreaNames } from '#api/contract/staff/settings-areas/registry'
import { languages } from '#api/languages'

const id = () => integer().primaryKey().generatedAlwaysAsIdentity()
const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow()
const money = () => bigint({ mode: 'number' })
/**
 * No balance may exceed this many minor units (10^15: 10 trillion in major units), so every
 * balance, and every sum of a few of them, stays an exact JS number (below 2^53).
 */
export const maximumBalance = 10 ** 15
const userRef = () =>
  integer()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' })

export const verificationStatuses = [
  'Not Verified',
  'Pending Verification',
  'Verified',
  'Declined',
] as const

/**
 * The state of the passcode lockout besides `failed_login_count` and `locked_until`: when the
 * last failure was (failures further apart than the window start a new count) and how many
 * checks are running (they hold a place among the 5 without counting as failures).
 */
const passcodeCheckColumns = () => ({
  lastFailedLoginAt: timestamp({ withTimezone: true }),
  loginChecksInFlight: integer().notNull().default(0),
  loginChecksStartedAt: timestamp({ withTimezone: true }),
})

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text().notNull(),
    username: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    fullname: text().notNull(),
    role: text({ enum: ['admin', 'customer'] })
      .notNull()
      .default('customer'),
    /** argon2id hash of the 6-digit passcode (or an admin's password). */
    passcodeHash: text().notNull(),
    /** argon2id hash of the 4-digit transaction PIN; null until created. */
    pinHash: text(),
    emailVerifiedAt: timestamp({ withTimezone: true }),
    verificationStatus: text({ enum: verificationStatuses }).notNull().default('Not Verified'),
    kycSubmittedAt: timestamp({ withTimezone: true }),
    currentPlan: text().notNull().default('Tier 1'),
    pictureFileId: integer(),
    phone: text(),
    gender: text(),
    dob: text(),
    country: text(),
    maritalStatus: text(),
    homeAddress: text(),
    nextOfKin: text(),
    failedLoginCount: integer().notNull().default(0),
    lockedUntil: timestamp({ withTimezone: true }),
    ...passcodeCheckColumns(),
    /**
     * The language the customer last used the portal in (docs/decisions/091), set at signup and
     * at each sign-in; the e-mails the bank sends them are written in it.
     */
    language: text({ enum: languages }).notNull().default('en'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    // The staff console's customer search (docs/decisions/072): prefixes of the e-mail, the
    // full name and the last name, each a btree range scan with text_pattern_ops (LIKE 'x%').
    index('users_email_search_idx').on(t.email.op('text_pattern_ops')),
    index('users_name_search_idx').using('btree', sql`lower(${t.fullname}) text_pattern_ops`),
    index('users_last_name_search_idx').using('btree', sql`lower(${t.lastName}) text_pattern_ops`),
    // The customers under KYC review, a queue the figures and the console's home count
    // (docs/decisions/102): the few waiting, not every customer.
    index('users_awaiting_review_idx')
      .on(t.id)
      .where(sql`${t.role} = 'customer' AND ${t.verificationStatus} = 'Pending Verification'`),
  ],
)

/** Account and institution details shown on the dashboard and the institutional-transfer page. */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: id(),
    userId: userRef(),
    accountNo: text().notNull(),
    swiftCode: text(),
    routingNo: text(),
    country: text(),
    /** ISO 4217 code; the symbol shown is derived from it. */
    currency: text().notNull().default('USD'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bank_accounts_user_key').on(t.userId),
    uniqueIndex('bank_accounts_no_key').on(t.accountNo),
    index('bank_accounts_no_search_idx').on(t.accountNo.op('text_pattern_ops')),
  ],
)

/**
 * Double-entry ledger. A customer's (or a fixed-deposit holding's) cached balance changes only
 * together with the entries of a posting, in one database transaction, and cannot go below
 * zero. The bank's own accounts (cash received, transfers out, fees, ...) keep no cached
 * balance: every transfer touches them, so updating one row each time would queue all customers
 * behind its lock; their balance is the sum of their entries (docs/decisions/030).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: id(),
    code: text().notNull(),
    kind: text({ enum: ['customer', 'bank', 'holding'] }).notNull(),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    currency: text().notNull().default('USD'),
    /**
     * The booked balance: cached for customer and holding accounts; always 0 for bank accounts
     * (see above).
     */
    balance: money().notNull().default(0),
    /**
     * What pending holds reserve of the balance (a transfer in progress); the customer may spend
     * `balance - held`, the available balance. Always 0 for bank accounts.
     */
    held: money().notNull().default(0),
    /** Customer accounts: money in that counts (credits, less reversals of credits). */
    totalCredit: money().notNull().default(0),
    /** Customer accounts: money out that did not fail (debits, less their reversals). */
    totalDebit: money().notNull().default(0),
    /**
     * No debit may post while set (an account notice, a freeze). On the row every debit updates,
     * so a debit racing the block waits for it and then sees it (docs/decisions/031).
     */
    debitsBlocked: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_code_key').on(t.code),
    uniqueIndex('ledger_accounts_user_key').on(t.userId).where(sql`${t.kind} = 'customer'`),
    /** The target of ledger_entries' (account, currency) key: an entry is in its account's currency. */
    uniqueIndex('ledger_accounts_id_currency_key').on(t.id, t.currency),
    check(
      'ledger_accounts_available_not_negative',
      sql`${t.kind} = 'bank' OR (${t.held} >= 0 AND ${t.balance} - ${t.held} >= 0)`,
    ),
    check(
      'ledger_accounts_at_most_maximum',
      sql`${t.balance} <= ${sql.raw(String(maximumBalance))}`,
    ),
    // Deleting the row it refers to (demo removal, a replaced file) checks this key (101).
    index('ledger_accounts_user_idx').on(t.userId),
  ],
)

export const postings = pgTable(
  'postings',
  {
    id: id(),
    kind: text().notNull(),
    /** Makes a retried submission a no-op: the second insert with the same key fails. */
    idempotencyKey: text(),
    memo: text(),
    /** The posting this one undoes (a failed transfer's refund): it lowers the totals it raised. */
    reverses: integer(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('postings_idempotency_key').on(t.idempotencyKey),
    foreignKey({ columns: [t.reverses], foreignColumns: [t.id] }),
  ],
)

export const holdStates = ['pending', 'posted', 'voided'] as const

/**
 * A reservation on a customer's available balance, as a pending transfer of a ledger for banks
 * (docs/decisions/067): placed when a transfer is submitted, then posted (a posting that debits
 * the account and releases the hold at once) or voided (released, nothing moved). Not a posting:
 * no entries until it is posted.
 */
export const holds = pgTable(
  'holds',
  {
    id: id(),
    ledgerAccountId: integer()
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: money().notNull(),
    state: text({ enum: holdStates }).notNull().default('pending'),
    /** The posting that settled it; set exactly when posted. */
    postingId: integer().references(() => postings.id),
    createdAt: createdAt(),
  },
  (t) => [
    check('holds_amount_positive', sql`${t.amount} > 0`),
    check('holds_posted_has_posting', sql`(${t.state} = 'posted') = (${t.postingId} IS NOT NULL)`),
    // Deleting the row it refers to (demo removal, a replaced file) checks this key (101).
    index('holds_ledger_account_idx').on(t.ledgerAccountId),
  ],
)

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: id(),
    postingId: integer()
      .notNull()
      .references(() => postings.id),
    ledgerAccountId: integer().notNull(),
    /** ISO 4217, always the account's (the foreign key below); a posting has one currency. */
    currency: text().notNull(),
    /** Signed: positive increases the account's balance. The entries of a posting sum to zero. */
    amount: money().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'ledger_entries_account_currency_fk',
      columns: [t.ledgerAccountId, t.currency],
      foreignColumns: [ledgerAccounts.id, ledgerAccounts.currency],
    }),
    index('ledger_entries_account_idx').on(t.ledgerAccountId),
    index('ledger_entries_posting_idx').on(t.postingId),
  ],
)

export const transactionStatuses = ['successful', 'in_progress', 'failed'] as const

/** The customer's view of money movements: statements, receipts and the dashboard list. */
export const transactions = pgTable(
  'transactions',
  {
    id: id(),
    userId: userRef(),
    postingId: integer().references(() => postings.id),
    /** The receipt id shown in links: random, not guessable, unique. */
    ref2: text().notNull(),
    name: text().notNull(),
    transactionType: text({ enum: ['credit', 'debit'] }).notNull(),
    type: text().notNull(),
    amount: money().notNull(),
    /**
     * A transfer's service charge, part of `amount` (what left the balance): the payee receives
     * amount − charge. Null for every other line.
     */
    charge: money(),
    status: text({ enum: transactionStatuses }).notNull(),
    status2: text(),
    bank: text(),
    actHoldName: text(),
    actNo: text(),
    country: text(),
    swift: text(),
    routing: text(),
    note: text(),
    currency: text().notNull().default('USD'),
    createdAt: createdAt(),
    /**
     * What Statements' search looks in (docs/decisions/087): the description, the payee's
     * name, bank and account, the note and the reference, lower case, kept by the database.
     */
    searchText: text().generatedAlwaysAs(
      sql`lower(coalesce(name, '') || ' ' || coalesce(act_hold_name, '') || ' ' || coalesce(bank, '') || ' ' || coalesce(act_no, '') || ' ' || coalesce(note, '') || ' ' || ref2)`,
    ),
  },
  (t) => [
    uniqueIndex('transactions_ref2_key').on(t.ref2),
    // Serves a search for a word of 3 characters or more however few lines match it (pg_trgm).
    index('transactions_search_text_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // Serves the statements' keyset pages (newest first, ties broken by id) and the dashboard's
    // recent list; see docs/decisions/025-statements-paging-and-downloads.md. The amount, last,
    // is checked in the index: an amount filter reads only the lines it keeps from the table,
    // whichever plan the statistics give (docs/decisions/101).
    index('transactions_user_keyset_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.amount,
    ),
    // A ledger entry's date on a statement is its transaction's (opening and closing balances).
    index('transactions_posting_idx').on(t.postingId),
    check('transactions_amount_positive', sql`${t.amount} > 0`),
  ],
)

export const fundingKinds = ['deposit', 'payment', 'fixed_deposit', 'upgrade'] as const

/** Crypto deposits, payments, fixed deposits and upgrades: pending until an operator decides. */
export const fundingRequests = pgTable(
  'funding_requests',
  {
    id: id(),
    userId: userRef(),
    kind: text({ enum: fundingKinds }).notNull(),
    coinType: text().notNull(),
    amount: money().notNull(),
    purpose: text(),
    plan: text(),
    proofFileId: integer()
      .notNull()
      .references(() => storedFiles.id),
    status: text({ enum: ['pending', 'confirmed', 'declined'] })
      .notNull()
      .default('pending'),
    postingId: integer().references(() => postings.id),
    decidedAt: timestamp({ withTimezone: true }),
    /** The member of staff who decided (docs/decisions/072); null while pending, or by the terminal before staff existed. */
    decidedByStaffId: integer().references(() => staff.id),
    /** The operator's reason when declining, told to the customer. */
    decisionNote: text(),
    /**
     * What the bank actually received, when a deposit was confirmed with another amount than
     * the claim (docs/decisions/079): the amount credited; null when the claim was credited.
     */
    correctedAmount: money(),
    /** Why the amount was corrected, told to the customer. */
    correctionReason: text(),
    /**
     * The customer's payment on the chain of `coinType`: its transaction hash, 64 lower-case
     * hexadecimal characters without "0x" (docs/decisions/066). Null only for requests made
     * before it was asked for.
     */
    txHash: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('funding_requests_status_idx').on(t.status, t.id),
    index('funding_requests_user_idx').on(t.userId, t.kind),
    // Deleting a stored file (an upload refused, the start's sweep) checks nothing points at it.
    index('funding_requests_proof_file_idx').on(t.proofFileId),
    // The daily figures read a day's confirmed requests (docs/decisions/102).
    index('funding_requests_confirmed_idx').on(t.decidedAt).where(sql`${t.status} = 'confirmed'`),
    check('funding_requests_amount_positive', sql`${t.amount} > 0`),
    check(
      'funding_requests_correction',
      sql`(${t.correctedAmount} IS NULL OR ${t.correctedAmount} > 0) AND (${t.correctedAmount} IS NULL) = (${t.correctionReason} IS NULL)`,
    ),
    check('funding_requests_tx_hash_shape', sql`${t.txHash} ~ '^[0-9a-f]{64}$'`),
    // One payment on the chain is claimed by one request: a declined claim frees it.
    uniqueIndex('funding_requests_coin_tx_hash_key')
      .on(t.coinType, t.txHash)
      .where(sql`${t.status} <> 'declined'`),
  ],
)

export const filePurposes = [
  'profile_picture',
  'kyc_picture',
  'kyc_front',
  'kyc_back',
  'payment_proof',
] as const

/**
 * Uploaded files: what each is (kind, type, size, digest); its bytes are in `stored_file_contents`
 * (docs/decisions/107), or, for a file kept by an earlier version and not yet moved, under
 * DATA_DIR/uploads by its server-generated name.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: id(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    purpose: text({ enum: filePurposes }).notNull(),
    storedName: text().notNull(),
    mimeType: text().notNull(),
    size: integer().notNull(),
    sha256: text().notNull(),
    /**
     * Set by earlier versions while a file was written to disk ahead of the transaction that
     * would own it; a row still pending long after is a crash's leftover, swept at start. Files
     * kept now (with their bytes, in the owning transaction) are never pending.
     */
    pendingSince: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('stored_files_name_key').on(t.storedName),
    // The start's sweep of files left pending: few rows, however many files are kept.
    index('stored_files_pending_idx').on(t.pendingSince).where(sql`${t.pendingSince} IS NOT NULL`),
    // Deleting the row it refers to (demo removal, a replaced file) checks this key (101).
    index('stored_files_user_idx').on(t.userId),
  ],
)

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
})

/**
 * The bytes of a stored file, sealed (server/storage/document-sealing.ts), in a table of their
 * own so that no query over `stored_files` reads them. Written in the transaction that records
 * the file's owner; gone with its file.
 */
export const storedFileContents = pgTable('stored_file_contents', {
  fileId: integer()
    .primaryKey()
    .references(() => storedFiles.id, { onDelete: 'cascade' }),
  /** The key ring's key that sealed the bytes (docs/decisions/105): what `keys rotate` reads. */
  keyId: text().notNull(),
  sealed: bytea().notNull(),
})

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: userRef(),
    title: text().notNull(),
    body: text().notNull(),
    readAt: timestamp({ withTimezone: true }),
    /** The broadcast it was written for (docs/decisions/103); null for a customer's own. */
    broadcastId: integer(),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    // A broadcast reaches each customer once, whichever server writes the batch, however often.
    uniqueIndex('notifications_broadcast_user_key')
      .on(t.broadcastId, t.userId)
      .where(sql`${t.broadcastId} IS NOT NULL`),
  ],
)

export const kycSubmissions = pgTable(
  'kyc_submissions',
  {
    id: id(),
    userId: userRef(),
    country: text().notNull(),
    phone: text().notNull(),
    homeAddress: text().notNull(),
    documentType: text().notNull(),
    /**
     * What the reviewer checks against the document (docs/decisions/099): the date of birth
     * given at submission, the document's number (upper-case letters and digits), its issuing
     * country (ISO 3166-1 alpha-2) and its expiry date. Null on submissions made before the
     * form asked for them.
     */
    dateOfBirth: date({ mode: 'string' }),
    documentNumber: text(),
    documentCountry: text(),
    documentExpiry: date({ mode: 'string' }),
    pictureFileId: integer()
      .notNull()
      .references(() => storedFiles.id),
    frontFileId: integer()
      .notNull()
      .references(() => storedFiles.id),
    backFileId: integer()
      .notNull()
      .references(() => storedFiles.id),
    status: text({ enum: ['pending', 'approved', 'declined'] })
      .notNull()
      .default('pending'),
    decidedAt: timestamp({ withTimezone: true }),
    /** The member of staff who decided (docs/decisions/072); null while pending, or by the terminal before staff existed. */
    decidedByStaffId: integer().references(() => staff.id),
    /** The operator's reason when declining, told to the customer by e-mail. */
    decisionNote: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('kyc_submissions_user_idx').on(t.userId),
    index('kyc_submissions_status_idx').on(t.status, t.id),
    // Deleting a stored file (an upload refused, the start's sweep) checks nothing points at it.
    index('kyc_submissions_picture_file_idx').on(t.pictureFileId),
    index('kyc_submissions_front_file_idx').on(t.frontFileId),
    index('kyc_submissions_back_file_idx').on(t.backFileId),
  ],
)

/**
 * A signed-in customer's KYC request from the dashboard (docs/decisions/045): one identity
 * document for an operator to check. It does not change the account's status; at most one is
 * pending per customer.
 */
export const kycRequests = pgTable(
  'kyc_requests',
  {
    id: id(),
    userId: userRef(),
    documentType: text().notNull(),
    documentFileId: integer()
      .notNull()
      .references(() => storedFiles.id),
    status: text({ enum: ['pending', 'approved', 'declined'] })
      .notNull()
      .default('pending'),
    decidedAt: timestamp({ withTimezone: true }),
    /** The member of staff who decided (docs/decisions/072); null while pending, or by the terminal before staff existed. */
    decidedByStaffId: integer().references(() => staff.id),
    /** The operator's reason when declining, told to the customer. */
    decisionNote: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('kyc_requests_status_idx').on(t.status, t.id),
    uniqueIndex('kyc_requests_one_pending').on(t.userId).where(sql`${t.status} = 'pending'`),
    // Every request of a customer (their page in the console), not only the pending one.
    index('kyc_requests_user_idx').on(t.userId),
    index('kyc_requests_document_file_idx').on(t.documentFileId),
  ],
)

export const kycDocumentTypes = pgTable('kyc_document_types', {
  id: id(),
  docName: text().notNull().unique(),
})

/**
 * A customer's browser, known by its signed, HttpOnly device cookie (docs/decisions/080): the
 * cookie carries a random token, stored here as its SHA-256. `remembered` (Remember me ticked):
 * the cookie lasts 30 days and login greets the customer on it; otherwise it ends with the
 * browser or the logout. Revoked when the customer signs it out, or ends every session.
 */
export const customerDevices = pgTable(
  'customer_devices',
  {
    id: id(),
    userId: userRef(),
    tokenHash: text().notNull(),
    remembered: boolean().notNull(),
    /** The User-Agent of its last sign-in, at most 300 characters. */
    userAgent: text(),
    clientAddress: text(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('customer_devices_token_key').on(t.tokenHash),
    index('customer_devices_user_idx').on(t.userId),
  ],
)

/**
 * A customer's passkeys (docs/decisions/081), as @simplewebauthn/server gives them, each with
 * the name the customer gave it. Discoverable, so login can ask for any passkey of this site.
 */
export const customerPasskeys = pgTable(
  'customer_passkeys',
  {
    id: id(),
    userId: userRef(),
    name: text().notNull(),
    /** The credential id, base64url. */
    credentialId: text().notNull(),
    /** The COSE public key, base64url. */
    publicKey: text().notNull(),
    /** The signature counter the authenticator last reported (0 for those that keep none). */
    counter: bigint({ mode: 'number' }).notNull().default(0),
    transports: text().array().notNull().default(sql`'{}'::text[]`),
    deviceType: text({ enum: ['singleDevice', 'multiDevice'] }).notNull(),
    backedUp: boolean().notNull(),
    /**
     * Made with WebAuthn's `payment` extension in a browser offering Secure Payment
     * Confirmation (docs/decisions/082): it may approve a transfer in the browser's own dialog.
     */
    paymentEnabled: boolean().notNull().default(false),
    lastUsedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('customer_passkeys_credential_key').on(t.credentialId),
    index('customer_passkeys_user_idx').on(t.userId),
  ],
)

export const passkeyChallengePurposes = ['sign_in', 'register'] as const

/**
 * A WebAuthn challenge a customer's browser was given, good for one answer within 5 minutes:
 * login's passkey (for the e-mail typed) and adding a passkey in Settings (for the session).
 * A transfer's approval keeps none: its challenge is derived from the transfer (081).
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    id: id(),
    purpose: text({ enum: passkeyChallengePurposes }).notNull(),
    challenge: text().notNull(),
    /** Login: the e-mail typed at step 1, the one the passkey must be of. */
    email: text(),
    /** Settings: the session that asked. */
    sessionId: integer().references(() => sessions.id, { onDelete: 'cascade' }),
    /** Settings: the creation options asked for a payment passkey (082). */
    payment: boolean().notNull().default(false),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('passkey_challenges_challenge_key').on(t.challenge),
    // Deleting the row it refers to (demo removal, a replaced file) checks this key (101).
    index('passkey_challenges_session_idx').on(t.sessionId),
  ],
)

/** What the customer's security log records (docs/decisions/080): sign-ins and changes. */
export const securityEventKinds = [
  'signed_in',
  'sign_in_failed',
  'new_device',
  'device_signed_out',
  'other_devices_signed_out',
  'not_me_reported',
  'passcode_changed',
  'passcode_reset',
  'pin_created',
  'pin_changed',
  'pin_reset',
  'email_changed',
  'passkey_added',
  'passkey_removed',
  'payee_added',
  'payee_details_changed',
  'payee_removed',
] as const

/** The customer's security log: the last 50 show in Settings. */
export const securityEvents = pgTable(
  'security_events',
  {
    id: id(),
    userId: userRef(),
    kind: text({ enum: securityEventKinds }).notNull(),
    /** How it was done, where it says: 'passkey' for a sign-in with one. */
    method: text(),
    userAgent: text(),
    clientAddress: text(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('security_events_user_idx').on(t.userId, t.at),
    // The retention job deletes by age across customers (docs/decisions/082).
    index('security_events_at_idx').on(t.at),
  ],
)

/**
 * A new sign-in's alert (docs/decisions/080): the e-mail's "This wasn't me" link carries a
 * random token, stored as its SHA-256; used once, good for 7 days.
 */
export const signInAlerts = pgTable(
  'sign_in_alerts',
  {
    id: id(),
    userId: userRef(),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sign_in_alerts_token_key').on(t.tokenHash),
    index('sign_in_alerts_expires_idx').on(t.expiresAt),
    // Deleting the row it refers to (demo removal, a replaced file) checks this key (101).
    index('sign_in_alerts_user_idx').on(t.userId),
  ],
)

/**
 * Server-side sessions. The token itself is never stored: only its SHA-256. `kind` says what the
 * token may do: a full session, the KYC-only temporary token, or the notice-only token.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: userRef(),
    tokenHash: text().notNull(),
    kind: text({ enum: ['session', 'kyc', 'notice'] }).notNull(),
    remember: boolean().notNull().default(false),
    /** The browser a signed-in session was opened on (its device cookie); null for the other kinds. */
    deviceId: integer().references(() => customerDevices.id, { onDelete: 'set null' }),
    clientAddress: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sessions_token_key').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
    // Signing a device out ends its sessions; deleting a device (retention) sets theirs to null.
    index('sessions_device_idx').on(t.deviceId),
  ],
)

export const oneTimeCodePurposes = [
  'verify_email',
  'reset_passcode',
  'reset_pin',
  'transfer_auth',
  'change_email',
] as const

/** E-mailed codes: stored hashed, single use, short-lived, with a bounded number of tries. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: id(),
    userId: userRef(),
    purpose: text({ enum: oneTimeCodePurposes }).notNull(),
    codeHash: text().notNull(),
    /** What the code authorises, e.g. one transfer's amount and payee. */
    boundTo: jsonb(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('one_time_codes_user_idx').on(t.userId, t.purpose)],
)

/**
 * Failed sign-in steps (a wrong passcode, a wrong e-mailed code) by client address and e-mail,
 * for the per-address limit and the lockout of e-mails without an account. Rows older than a
 * day are pruned when new ones are written. See docs/decisions/007-login-limits.md.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: id(),
    /** The client address, IPv6 reduced to its /64; 'unknown' when the server could not tell. */
    address: text().notNull(),
    email: text().notNull(),
    kind: text({ enum: ['passcode', 'code'] }).notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('login_failures_address_idx').on(t.address, t.at),
    index('login_failures_email_idx').on(t.email, t.at),
    index('login_failures_at_idx').on(t.at),
  ],
)

/**
 * Token buckets of the limits on calls without a session (server/load/request-limits.ts), in the
 * database so that every server process on it draws from the same buckets. Rows that have
 * refilled are pruned now and then. See docs/decisions/050-several-servers.md.
 */
export const requestBuckets = pgTable('request_buckets', {
  /** 'address:<client>', 'signup:<client>' or 'global'. */
  key: text().primaryKey(),
  tokens: doublePrecision().notNull(),
  at: timestamp({ withTimezone: true }).notNull(),
})

/** Coin types a customer can pay with, each with the bank's deposit address. */
/**
 * The same lockout for e-mails without an account, kept exactly as for an account, so spaced or
 * parallel wrong passcodes get the same answers whether or not the e-mail is registered.
 */
export const unknownEmailLockouts = pgTable(
  'unknown_email_lockouts',
  {
    email: text().primaryKey(),
    failedLoginCount: integer().notNull().default(0),
    lockedUntil: timestamp({ withTimezone: true }),
    ...passcodeCheckColumns(),
  },
  (t) => [index('unknown_email_lockouts_last_failed_idx').on(t.lastFailedLoginAt)],
)

export const lockedSecrets = ['pin', 'transfer_code'] as const

/**
 * The lockouts of a customer's transfer secrets, one row per customer and secret, created on
 * first use: the PIN (5 wrong, then 30 minutes) and the e-mailed transfer codes across
 * authorisations (10 wrong, then an hour). The same scheme as the passcode's columns
 * (docs/decisions/020): only finished wrong checks count, a running check holds a place.
 */
export const secretLockouts = pgTable(
  'secret_lockouts',
  {
    userId: userRef(),
    secret: text({ enum: lockedSecrets }).notNull(),
    failedCount: integer().notNull().default(0),
    lastFailedAt: timestamp({ withTimezone: true }),
    lockedUntil: timestamp({ withTimezone: true }),
    checksInFlight: integer().notNull().default(0),
    checksStartedAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.secret] })],
)

/** How a coin's transaction hashes are written (src/api/chain-rules.ts). */
export const txHashFormats = ['hex64', '0x-hex64', 'hex64-or-0x'] as const

export const coinTypes = pgTable('coin_types', {
  id: id(),
  name: text().notNull().unique(),
  address: text().notNull(),
  sortOrder: integer().notNull().default(0),
  active: boolean().notNull().default(true),
  /** The chain the address is on, as the forms say it ("Bitcoin testnet"); null: not said. */
  network: text(),
  /** How the customer's transaction hash is written on this chain; either form until set. */
  txHashFormat: text({ enum: txHashFormats }).notNull().default('hex64-or-0x'),
  /**
   * The chain explorer's page of a transaction, `{hash}` where the hash goes
   * (https://mempool.space/testnet4/tx/{hash}): the operators' link to check a payment.
   */
  explorerUrl: text(),
})

export const paymentPurposes = pgTable('payment_purposes', {
  id: id(),
  purposeName: text().notNull().unique(),
})

export const plans = pgTable(
  'plans',
  {
    id: id(),
    kind: text({ enum: ['fixed_deposit', 'upgrade'] }).notNull(),
    planName: text().notNull(),
    sortOrder: integer().notNull().default(0),
    /** Fixed deposits: how long the money is held. */
    termDays: integer(),
    /** Fixed deposits: yearly simple interest in basis points (520 = 5.2 %). */
    rateBasisPoints: integer(),
    /**
     * Upgrades: what the plan costs; an upgrade request must be for exactly this amount. Null: no
     * price set, any amount is taken (as before plans had prices).
     */
    price: money(),
    /** What the plan is for, in a line the forms show beside its price (and step-up limit). */
    description: text(),
  },
  (t) => [
    uniqueIndex('plans_kind_name_key').on(t.kind, t.planName),
    check('plans_price_positive', sql`${t.price} > 0`),
  ],
)

/** The bank's own settings: one row. */
export const bankSettings = pgTable(
  'bank_settings',
  {
    id: integer().primaryKey().default(1),
    /** Transfer service charge in basis points (1000 = 10 %). */
    serviceChargeBasisPoints: integer().notNull().default(1000),
    contactWhatsapp: text(),
    contactEmail: text(),
    contactPhone: text(),
    swiftCode: text(),
    routingNo: text(),
    country: text(),
    /** Transfers above this amount need an e-mailed step-up code, unless the plan sets its own. */
    stepUpLimit: money().notNull().default(100_000),
    /** Whether a transfer to a payee the customer never paid before needs a step-up code. */
    stepUpNewPayee: boolean().notNull().default(true),
  },
  (t) => [check('bank_settings_single_row', sql`${t.id} = 1`)],
)

/**
 * A blocking notice an operator puts on an account (head and body), shown instead of the
 * dashboard. A freeze is such a notice with `frozenAt` set (docs/decisions/079): one person sets
 * it, and only an unfreeze a second person approves removes it.
 */
export const accountNotices = pgTable(
  'account_notices',
  {
    id: id(),
    userId: userRef(),
    head: text().notNull(),
    body: text().notNull(),
    createdAt: createdAt(),
    /** When the account was frozen; null for a notice that one person may clear. */
    frozenAt: timestamp({ withTimezone: true }),
    /** Why it was frozen, for the staff (the customer reads the notice). */
    freezeReason: text(),
  },
  (t) => [uniqueIndex('account_notices_user_key').on(t.userId)],
)

/** Every e-mail is written here first; the delivery worker sends it and retries on failure. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    recipient: text().notNull(),
    subject: text().notNull(),
    textBody: text().notNull(),
    htmlBody: text(),
    status: text({ enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    // Whether an address was sent a message lately (signup's notice to a registered e-mail).
    index('mail_outbox_recipient_idx').on(t.recipient, t.createdAt),
  ],
)

/** Per-plan amount above which a transfer needs a step-up code (else the bank's default). */
export const stepUpLimits = pgTable('step_up_limits', {
  planName: text().primaryKey(),
  limit: money().notNull(),
})

/**
 * One transfer's authorisation: created by a right PIN (`confirmmypin`) for one amount and one
 * payee, completed by the e-mailed step-up code when the server asks for one (`confirmtpin`),
 * consumed by exactly one `newtrs` (docs/decisions/031).
 */
export const transferAuthorizations = pgTable(
  'transfer_authorizations',
  {
    /** Random, unguessable; the client presents it to confirmtpin and newtrs. */
    id: text().primaryKey(),
    userId: userRef(),
    amount: money().notNull(),
    /** Normalised SWIFT/BIC and account number of the payee. */
    payeeKey: text().notNull(),
    /**
     * SHA-256 of everything the customer approved: amount, currency and every payee field. The
     * transfer must match it exactly (docs/decisions/031). Null only on rows from before it.
     */
    binding: text(),
    stepUpRequired: boolean().notNull(),
    /**
     * How the step-up is approved: the e-mailed code, or a passkey of the customer's, whose
     * challenge is derived from this authorisation and `binding` (docs/decisions/081). Null
     * without a step-up, and on rows from before it (the code).
     */
    stepUpMethod: text({ enum: ['code', 'passkey'] }),
    /** The step-up code (one_time_codes), when one was required. */
    codeId: integer().references(() => oneTimeCodes.id, { onDelete: 'set null' }),
    /** Set when nothing more is needed: at once without step-up, else by the right code. */
    authorizedAt: timestamp({ withTimezone: true }),
    usedAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('transfer_authorizations_user_idx').on(t.userId, t.createdAt),
    // A code issued again deletes the last one, which sets its authorisation's code to null.
    index('transfer_authorizations_code_idx').on(t.codeId),
  ],
)

export const transferStatuses = ['in_progress', 'successful', 'failed'] as const

/** A submitted transfer: held on the account until an operator settles it (posted) or fails it (voided). */
export const transfers = pgTable(
  'transfers',
  {
    id: id(),
    userId: userRef(),
    authorizationId: text()
      .notNull()
      .references(() => transferAuthorizations.id),
    /** The hold placed on the customer's available balance when it was submitted. */
    holdId: integer().references(() => holds.id),
    /** The posting that moved the money: set when the bank settles it (or, before holds, at once). */
    postingId: integer().references(() => postings.id),
    /** What the customer entered: leaves the balance in full (payee's part + charge). */
    amount: money().notNull(),
    charge: money().notNull(),
    /** ISO 4217: the customer account's currency, the only one a transfer may be in. */
    currency: text().notNull(),
    transactionId: integer()
      .notNull()
      .references(() => transactions.id),
    /** The customer's refund line of a failed transfer. */
    refundTransactionId: integer().references(() => transactions.id),
    status: text({ enum: transferStatuses }).notNull().default('in_progress'),
    reversalPostingId: integer().references(() => postings.id),
    payeeKey: text().notNull(),
    bank: text().notNull(),
    actHoldName: text().notNull(),
    actNo: text().notNull(),
    decidedAt: timestamp({ withTimezone: true }),
    /** The member of staff who decided (docs/decisions/072); null while pending, or by the terminal before staff existed. */
    decidedByStaffId: integer().references(() => staff.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('transfers_authorization_key').on(t.authorizationId),
    index('transfers_status_idx').on(t.status, t.id),
    index('transfers_user_payee_idx').on(t.userId, t.payeeKey),
    // The daily figures read a day's decisions (docs/decisions/102).
    index('transfers_decided_idx').on(t.decidedAt).where(sql`${t.decidedAt} IS NOT NULL`),
    check('transfers_held_or_posted', sql`${t.holdId} IS NOT NULL OR ${t.postingId} IS NOT NULL`),
    check(
      'transfers_amounts',
      sql`${t.amount} > 0 AND ${t.charge} >= 0 AND ${t.charge} < ${t.amount}`,
    ),
    // Deleting the row it refers to (demo removal, a replaced file) checks this key (101).
    index('transfers_transaction_idx').on(t.transactionId),
    index('transfers_refund_transaction_idx').on(t.refundTransactionId),
  ],
)

export const transferCadences = ['once', 'weekly', 'monthly'] as const
export const transferSeriesStatuses = ['active', 'finished', 'cancelled'] as const

/**
 * A scheduled or repeating transfer (issue 20, docs/decisions/088): authorised once at set-up
 * with the PIN (and the step-up the rules asked for, for this amount and payee); each run is a
 * normal held transfer on its UTC day. `nextRunOn` is the day the scheduler looks at next; null
 * once the series is finished or cancelled.
 */
export const transferSeries = pgTable(
  'transfer_series',
  {
    id: id(),
    userId: userRef(),
    /** The authorisation consumed at set-up: the PIN (and step-up) approved this series. */
    authorizationId: text()
      .notNull()
      .references(() => transferAuthorizations.id),
    amount: money().notNull(),
    currency: text().notNull(),
    /** bindingOf the approved amount and payee: each run's authorisation carries it. */
    binding: text().notNull(),
    payeeKey: text().notNull(),
    bank: text().notNull(),
    swift: text().notNull(),
    routing: text().notNull(),
    country: text().notNull(),
    actNo: text().notNull(),
    actHoldName: text().notNull(),
    note: text().notNull(),
    cadence: text({ enum: transferCadences }).notNull(),
    /** The first run's UTC day; a monthly series runs on this day of the month (or the last). */
    startsOn: date({ mode: 'string' }).notNull(),
    /** A repeat that ends on a day: no run after it. */
    endsOn: date({ mode: 'string' }),
    /** A repeat that ends after a count of runs (skipped ones included). */
    runCount: integer(),
    status: text({ enum: transferSeriesStatuses }).notNull().default('active'),
    nextRunOn: date({ mode: 'string' }),
    cancelledAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('transfer_series_authorization_key').on(t.authorizationId),
    index('transfer_series_due_idx').on(t.status, t.nextRunOn),
    index('transfer_series_user_idx').on(t.userId, t.id),
    check('transfer_series_amount', sql`${t.amount} > 0`),
  ],
)

export const transferRunStatuses = ['posted', 'failed', 'skipped'] as const

/**
 * One day of a series, done: its transfer held (posted), failed (the balance, a hold on the
 * account) or skipped by the customer beforehand. The unique (series, day) is what makes a run
 * happen once, whichever server gets to it first (docs/decisions/088).
 */
export const transferRuns = pgTable(
  'transfer_runs',
  {
    id: id(),
    seriesId: integer()
      .notNull()
      .references(() => transferSeries.id, { onDelete: 'cascade' }),
    runOn: date({ mode: 'string' }).notNull(),
    status: text({ enum: transferRunStatuses }).notNull(),
    /** The held transfer of a run made (its own row and line are the record of the money). */
    transferId: integer().references(() => transfers.id, { onDelete: 'set null' }),
    /** Why a run failed, in the customer's words. */
    reason: text(),
    doneAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('transfer_runs_series_day_key').on(t.seriesId, t.runOn),
    // Deleting the row it refers to (demo removal, a replaced file) checks this key (101).
    index('transfer_runs_transfer_idx').on(t.transferId),
  ],
)

/**
 * The customer's payee book (docs/decisions/085): payees saved from the transfer form ("save this
 * payee") or added and edited in `dashboard/payees`, to pick on the transfer form.
 */
export const savedPayees = pgTable(
  'saved_payees',
  {
    id: id(),
    userId: userRef(),
    payeeKey: text().notNull(),
    bank: text().notNull(),
    swift: text().notNull(),
    routing: text().notNull(),
    country: text().notNull(),
    actNo: text().notNull(),
    actHoldName: text().notNull(),
    currency: text().notNull(),
    /** The customer's own name for the payee ("Mum's rent"); null when none was given. */
    nickname: text(),
    /**
     * When the customer last wrote the account details in the book (added, or edited them): the
     * payee counts as new for the step-up until a transfer to exactly these details has been
     * made since and has not failed. Null for payees saved with a transfer to them.
     */
    detailsChangedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('saved_payees_user_payee_key').on(t.userId, t.payeeKey)],
)

/**
 * Client-generated idempotency keys of money submissions: the first answer is kept and given
 * again to a retry with the same fields; other fields under the same key are refused.
 */
export const idempotentSubmissions = pgTable(
  'idempotent_submissions',
  {
    id: id(),
    userId: userRef(),
    key: text().notNull(),
    call: text().notNull(),
    /** SHA-256 of the call and its fields, to tell a retry from a different request. */
    fingerprint: text().notNull(),
    answer: jsonb(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('idempotent_submissions_key').on(t.userId, t.key)],
)

/** A confirmed fixed deposit: held in its own ledger account until it matures. */
export const fixedDeposits = pgTable(
  'fixed_deposits',
  {
    id: id(),
    userId: userRef(),
    requestId: integer()
      .notNull()
      .references(() => fundingRequests.id),
    planName: text().notNull(),
    amount: money().notNull(),
    rateBasisPoints: integer().notNull(),
    termDays: integer().notNull(),
    /** Simple interest for the term, fixed when the deposit starts. */
    interest: money().notNull(),
    ledgerAccountCode: text().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    maturesAt: timestamp({ withTimezone: true }).notNull(),
    status: text({ enum: ['active', 'paid'] })
      .notNull()
      .default('active'),
    payoutPostingId: integer().references(() => postings.id),
    paidAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('fixed_deposits_request_key').on(t.requestId),
    index('fixed_deposits_due_idx').on(t.status, t.maturesAt),
    // Deleting the row it refers to (demo removal, a replaced file) checks this key (101).
    index('fixed_deposits_user_idx').on(t.userId),
  ],
)

/**
 * Every operator action, append-only (a trigger refuses UPDATE and DELETE), and chained: each
 * entry carries the hash of the one before it, so a changed or removed entry breaks the chain
 * from there (`npm run ops -- audit verify`, docs/decisions/075).
 */
export const operatorAuditLog = pgTable(
  'operator_audit_log',
  {
    id: id(),
    at: timestamp({ withTimezone: true }).notNull(),
    /**
     * Who acted: the member of staff's e-mail; the operating-system account only for commands run
     * before any member of staff existed (the first `staff add`). docs/decisions/068.
     */
    operator: text().notNull(),
    /** The member of staff who acted; null only where `operator` is an operating-system account. */
    staffId: integer().references(() => staff.id),
    command: text().notNull(),
    args: jsonb().notNull(),
    /** 'read': personal data a member of staff opened (a customer, a KYC case, a document, a proof). */
    outcome: text({ enum: ['done', 'refused', 'read'] }).notNull(),
    /** What the command printed, or why it was refused (shortened). */
    detail: text().notNull(),
    /**
     * The customer the entry concerns, found from its arguments when it is written (null when
     * none, and for entries written before migration 0018). No foreign key: the log outlives them.
     */
    customerId: integer(),
    /** What the entry touched, found as the customer is, for the console's link. */
    subjectKind: text({ enum: auditSubjectKinds }),
    subjectId: integer(),
    /**
     * The chain, filled by the trigger `operator_audit_log_chain` on every insert, whatever the
     * insert says: the entry's place (1, 2, …, in the order the head's lock gave), the previous
     * entry's hash, and its own: SHA-256 over the previous hash and the entry's content
     * (`operator_audit_log_hash`, migration 0018). Null only in an entry written with the
     * trigger dropped, which `audit verify` reports.
     */
    chainPosition: integer(),
    prevHash: text(),
    hash: text(),
  },
  (t) => [
    uniqueIndex('operator_audit_log_chain_key').on(t.chainPosition),
    // The console's pages, newest first by keyset on (at, id), alone or by one filter
    // (docs/decisions/101).
    index('operator_audit_log_at_idx').on(t.at, t.id),
    index('operator_audit_log_staff_idx').on(t.staffId, t.at, t.id),
    index('operator_audit_log_customer_idx').on(t.customerId, t.at, t.id),
    index('operator_audit_log_command_idx').on(t.command, t.at, t.id),
  ],
)

/**
 * The audit chain's head: one row, how many entries the chain holds and the last one's hash.
 * Every insert into the log locks it (the chain's order across servers) and moves it on; a
 * trigger refuses any other change. `audit verify` compares the log's end with it.
 */
export const operatorAuditChain = pgTable(
  'operator_audit_chain',
  {
    id: integer().primaryKey().default(1),
    length: integer().notNull(),
    lastHash: text().notNull(),
  },
  (t) => [check('operator_audit_chain_single_row', sql`${t.id} = 1`)],
)

/**
 * The bank's staff, apart from customers (docs/decisions/068): they sign in to the console at
 * /wp-admin/ with a password and always a second factor (a passkey, or a TOTP code). The e-mail
 * is stored lower-case. Never deleted (the audit log points at them): disabled instead.
 */
export const staffStatuses = ['active', 'disabled'] as const

export const staff = pgTable(
  'staff',
  {
    id: id(),
    email: text().notNull(),
    name: text().notNull(),
    status: text({ enum: staffStatuses }).notNull().default('active'),
    /** argon2id hash of the password; null until the person enrols. */
    passwordHash: text(),
    /** When the person finished enrolment (a password and a second factor). */
    enrolledAt: timestamp({ withTimezone: true }),
    /** The TOTP secret, sealed (auth/sealed-secrets.ts); never answered after it is confirmed. */
    totpSecret: text(),
    /** A TOTP secret shown for enrolment and not yet confirmed by a right code. */
    totpPendingSecret: text(),
    /** The last 30-second step whose code was accepted: a code is taken once per step. */
    totpLastStep: integer(),
    /** The password's lockout, as a customer's passcode's (auth/attempt-lockout.ts). */
    failedLoginCount: integer().notNull().default(0),
    lockedUntil: timestamp({ withTimezone: true }),
    ...passcodeCheckColumns(),
    disabledAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_email_key').on(t.email)],
)

/** The roles a member of staff holds, one row each; a person may hold several. */
export const staffRoleGrants = pgTable(
  'staff_roles',
  {
    staffId: integer()
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    role: text({ enum: staffRoles }).notNull(),
    grantedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.staffId, t.role] }),
    check(
      'staff_roles_known',
      sql`${t.role} IN (${sql.raw(staffRoles.map((role) => `'${role}'`).join(', '))})`,
    ),
  ],
)

/** Enrolment links: single use, stored as the SHA-256 of their token, 24 h to live. */
export const staffEnrolments = pgTable(
  'staff_enrolments',
  {
    id: id(),
    staffId: integer()
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('staff_enrolments_token_key').on(t.tokenHash),
    index('staff_enrolments_staff_idx').on(t.staffId),
  ],
)

/** WebAuthn credentials (passkeys) of members of staff, as @simplewebauthn/server gives them. */
export const staffPasskeys = pgTable(
  'staff_passkeys',
  {
    id: id(),
    staffId: integer()
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    /** The credential id, base64url. */
    credentialId: text().notNull(),
    /** The COSE public key, base64url. */
    publicKey: text().notNull(),
    /** The signature counter the authenticator last reported (0 for those that keep none). */
    counter: bigint({ mode: 'number' }).notNull().default(0),
    transports: text().array().notNull().default(sql`'{}'::text[]`),
    deviceType: text({ enum: ['singleDevice', 'multiDevice'] }).notNull(),
    backedUp: boolean().notNull(),
    lastUsedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('staff_passkeys_credential_key').on(t.credentialId),
    index('staff_passkeys_staff_idx').on(t.staffId),
  ],
)

export const staffSessionStages = ['second_factor', 'enrolment', 'full'] as const

/**
 * Staff sessions: the token travels only in the console's cookie and is stored as its SHA-256.
 * `stage`: a right password waiting for the second factor, an enrolment under way, or a
 * signed-in session. `challenge` is the WebAuthn challenge the session was last given.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: id(),
    staffId: integer()
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    stage: text({ enum: staffSessionStages }).notNull(),
    challenge: text(),
    clientAddress: text(),
    userAgent: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    /**
     * Until when a signed-in session may add or replace a sign-in factor: set when the person
     * gave their password and a current factor again (step-up), cleared by the change it allows.
     */
    stepUpUntil: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('staff_sessions_token_key').on(t.tokenHash),
    index('staff_sessions_staff_idx').on(t.staffId),
  ],
)

/**
 * Four eyes (issue 18, docs/decisions/073): an action that needs a second member of staff, and
 * from which amount. `action` names the rule ('requests confirm deposit', 'transfers settle');
 * an item whose amount is above `threshold` (minor units) waits for a second person, who has
 * `expiryMinutes` to approve it. The migration writes the defaults; `npm run ops -- approvals
 * settings` shows them.
 */
export const fourEyesSettings = pgTable(
  'four_eyes_settings',
  {
    action: text().primaryKey(),
    threshold: money().notNull(),
    expiryMinutes: integer().notNull().default(1440),
  },
  (t) => [
    check('four_eyes_settings_threshold', sql`${t.threshold} >= 0`),
    check('four_eyes_settings_expiry', sql`${t.expiryMinutes} > 0`),
  ],
)

export const approvalStatuses = [
  'pending',
  'approved',
  'rejected',
  'expired',
  'refused_stale',
] as const

/**
 * A maker's decision waiting for a checker (docs/decisions/073): what (`action`, the item), as
 * the maker saw it (`data`), who and why. Nothing of it applies until a second member of staff
 * with the action's role approves it; `decisionNote` is the rejection's reason, or why it was
 * refused (the item changed, it expired).
 */
export const approvals = pgTable(
  'approvals',
  {
    id: id(),
    action: text().notNull(),
    itemKind: text({ enum: approvalItemKinds }).notNull(),
    itemId: integer().notNull(),
    data: jsonb().notNull(),
    /**
     * The maker's own terms of the decision, applied as they were sent: a deposit's corrected
     * amount and its reason (docs/decisions/079); null for a decision without any.
     */
    terms: jsonb(),
    makerStaffId: integer()
      .notNull()
      .references(() => staff.id),
    makerNote: text(),
    status: text({ enum: approvalStatuses }).notNull().default('pending'),
    checkerStaffId: integer().references(() => staff.id),
    decidedAt: timestamp({ withTimezone: true }),
    decisionNote: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('approvals_status_idx').on(t.status, t.id),
    // Who proposed an item's decision, for the item's page (any status).
    index('approvals_item_idx').on(t.itemKind, t.itemId),
    // One item waits for one approval at a time.
    uniqueIndex('approvals_pending_item_key')
      .on(t.itemKind, t.itemId)
      .where(sql`${t.status} = 'pending'`),
  ],
)

export const broadcastStatuses = ['proposed', 'sending', 'sent', 'dropped'] as const

/**
 * A notification to every customer, or to one plan's (docs/decisions/077): proposed by one member
 * of staff, sent to each customer's notifications only when a second approves it; dropped when
 * its approval is rejected, expires or is refused. Approved, it is `sending` while a job writes
 * the notifications in batches of customers by id (docs/decisions/103): `sentThrough` is the
 * last customer id done, `written` how many were written, `audience` how many it was to reach
 * when approved; only customers up to `lastUserId` (the newest when approved) receive it.
 */
export const broadcasts = pgTable(
  'broadcasts',
  {
    id: id(),
    title: text().notNull(),
    body: text().notNull(),
    /** The plan whose customers receive it; null: every customer. */
    plan: text(),
    status: text({ enum: broadcastStatuses }).notNull().default('proposed'),
    /** How many customers it was sent to, once sent. */
    recipients: integer(),
    audience: integer(),
    lastUserId: integer(),
    sentThrough: integer().notNull().default(0),
    written: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    decidedAt: timestamp({ withTimezone: true }),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('broadcasts_created_idx').on(t.createdAt),
    index('broadcasts_sending_idx').on(t.id).where(sql`${t.status} = 'sending'`),
  ],
)

/**
 * How many customers are on each plan, kept by a trigger on `users` as customers sign up, change
 * plan or leave (docs/decisions/103): the broadcast page's audiences without reading every
 * customer.
 */
export const customerPlanCounts = pgTable('customer_plan_counts', {
  plan: text().primaryKey(),
  customers: bigint({ mode: 'number' }).notNull().default(0),
})

const total = () => numeric({ precision: 38, scale: 0 }).notNull().default('0')

/**
 * One closed UTC day's figures, rolled up by a job once the day is over (docs/decisions/102): the
 * console reads these instead of the day's decisions. Sums are minor units, exact past 2^53.
 */
export const dailyFigures = pgTable('daily_figures', {
  day: date({ mode: 'string' }).primaryKey(),
  depositsCount: integer().notNull().default(0),
  depositsSum: total(),
  paymentsCount: integer().notNull().default(0),
  paymentsSum: total(),
  fixedDepositsCount: integer().notNull().default(0),
  fixedDepositsSum: total(),
  transfersSettledCount: integer().notNull().default(0),
  transfersSettledSum: total(),
  transfersFailedCount: integer().notNull().default(0),
  transfersFailedSum: total(),
  fees: total(),
  rolledAt: timestamp({ withTimezone: true }).notNull(),
})

/**
 * The result of each full reconciliation of the ledger (docs/decisions/102), run on a schedule:
 * the figures show the last one. `bankAccounts` holds each bank account's code and total (minor
 * units, as text).
 */
export const reconciliations = pgTable(
  'reconciliations',
  {
    id: id(),
    checkedAt: timestamp({ withTimezone: true }).notNull(),
    tookMs: integer().notNull(),
    currency: text().notNull(),
    customerAccounts: integer().notNull(),
    customerBalance: total(),
    customerHeld: total(),
    fixedDepositAccounts: integer().notNull(),
    fixedDepositBalance: total(),
    bankAccounts: jsonb().$type<{ code: string; total: string }[]>().notNull(),
    difference: total(),
  },
  (t) => [index('reconciliations_checked_idx').on(t.checkedAt)],
)

/**
 * When a job shared by every server is next due (the reconciliation): the server that locks the
 * row (FOR UPDATE SKIP LOCKED) while it is due runs the job and moves it on.
 */
export const jobTurns = pgTable('job_turns', {
  job: text().primaryKey(),
  nextAt: timestamp({ withTimezone: true }).notNull(),
})

export const proposalStatuses = ['proposed', 'applied', 'dropped'] as const

/**
 * What a staff access change does (docs/decisions/098): give a person just added their roles,
 * set someone's roles, disable an admin, or reset an admin's sign-in.
 */
export const staffAccessChanges = ['add', 'roles', 'disable', 'reset_sign_in'] as const

/**
 * A change of who may decide, waiting for a second admin (docs/decisions/077, 098): the table
 * kept its first name, from when only granting admin waited. `roles` is the person's whole new
 * set of roles (their present ones for a disable or a reset); `rolesBefore` what they held when
 * it was proposed: if that changed meanwhile, the approval is refused.
 */
export const staffRoleProposals = pgTable(
  'staff_role_proposals',
  {
    id: id(),
    staffId: integer()
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    change: text({ enum: staffAccessChanges }).notNull().default('roles'),
    roles: text({ enum: staffRoles }).array().notNull(),
    rolesBefore: text({ enum: staffRoles }).array().notNull(),
    status: text({ enum: proposalStatuses }).notNull().default('proposed'),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('staff_role_proposals_staff_idx').on(t.staffId),
    check(
      'staff_role_proposals_change_known',
      sql`${t.change} IN ('add', 'roles', 'disable', 'reset_sign_in')`,
    ),
  ],
)

/**
 * A manual credit or debit of a customer's account (docs/decisions/079): proposed by one member
 * of staff with a reference and a reason, posted against `bank:corrections` only when a second
 * approves it; dropped when its approval is rejected, expires or is refused.
 */
export const corrections = pgTable(
  'corrections',
  {
    id: id(),
    userId: userRef(),
    direction: text({ enum: ['credit', 'debit'] }).notNull(),
    amount: money().notNull(),
    /** The bank's own reference (a case, a ticket): for the staff and the posting's memo. */
    reference: text().notNull(),
    /** Why, in words the customer reads on the statement line and the notification. */
    reason: text().notNull(),
    status: text({ enum: proposalStatuses }).notNull().default('proposed'),
    postingId: integer().references(() => postings.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('corrections_user_idx').on(t.userId, t.id),
    check('corrections_amount_positive', sql`${t.amount} > 0`),
    check(
      'corrections_applied_has_posting',
      sql`(${t.status} = 'applied') = (${t.postingId} IS NOT NULL)`,
    ),
  ],
)

/**
 * Lifting a freeze (docs/decisions/079): proposed by one member of staff, applied when a second
 * approves it. `frozenAt` names the freeze it lifts: a freeze set again since makes it stale.
 */
export const accountUnfreezes = pgTable(
  'account_unfreezes',
  {
    id: id(),
    userId: userRef(),
    frozenAt: timestamp({ withTimezone: true }).notNull(),
    reason: text().notNull(),
    status: text({ enum: proposalStatuses }).notNull().default('proposed'),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('account_unfreezes_user_idx').on(t.userId, t.id)],
)

/**
 * Every version of each area of the settings the forms read (docs/decisions/078): its whole
 * content, proposed by one member of staff and applied to the area's tables when a second
 * approves it (then numbered, 1, 2, … per area), or dropped. `source` 'tables': the tables as
 * they were found, written when an area was first read (its version 1) or found changed outside
 * the console since its last version.
 */
export const settingsVersions = pgTable(
  'settings_versions',
  {
    id: id(),
    area: text({ enum: settingsAreaNames }).notNull(),
    /** Its number in the area's history once applied; null while proposed, or dropped. */
    version: integer(),
    /** The version it was proposed on: approving it is refused once another has landed. */
    basedOn: integer(),
    content: jsonb().notNull(),
    status: text({ enum: proposalStatuses }).notNull(),
    source: text({ enum: ['proposal', 'tables'] }).notNull(),
    /** Null for a version from the tables, or proposed at the terminal before staff existed. */
    proposedByStaffId: integer().references(() => staff.id),
    approvedByStaffId: integer().references(() => staff.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** When it was applied, or dropped. */
    decidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('settings_versions_area_version_key').on(t.area, t.version),
    index('settings_versions_area_idx').on(t.area, t.id),
    check(
      'settings_versions_numbered_when_applied',
      sql`(${t.status} = 'applied') = (${t.version} IS NOT NULL)`,
    ),
  ],
)
