/**
 * What test/server/schema-indexes.test.ts holds the schema to (docs/decisions/101).
 *
 * `lookups`: the columns the code finds rows by (filters on, and sorts by), each where it does
 * so. A query that reads rows by a column not named here, or not leading an index, is a full
 * scan waiting for the data to grow: add its lookup when you write it. The test checks that the
 * file still reads the table by that column (`reads`, as the code writes it) and that an index
 * has exactly these columns first, in this order.
 *
 * `unindexedForeignKeys`: foreign keys left without an index, each with its reason. An index on
 * a foreign key serves the check PostgreSQL makes when a referenced row is deleted; the test
 * also checks that the code never deletes from the table each of these refers to.
 */

export interface Lookup {
  table: string
  /** The index's leading key columns (or expressions, as pg_get_indexdef writes them). */
  columns: string[]
  /** The file that reads by them, and the drizzle column (or SQL) it names them by there. */
  file: string
  reads: string
  /** A partial index serves it: its predicate as pg_get_expr writes it. */
  where?: string
  why: string
}

export const lookups: Lookup[] = [
  {
    table: 'users',
    columns: ['email'],
    file: 'server/domain/users.ts',
    reads: 'users.email',
    why: 'sign-in, signup and recovery find the account by e-mail',
  },
  {
    table: 'users',
    columns: ['lower(username)'],
    file: 'server/domain/users.ts',
    reads: 'users.username',
    why: 'signup refuses a username taken in any case',
  },
  {
    table: 'sessions',
    columns: ['token_hash'],
    file: 'server/auth/sessions.ts',
    reads: 'sessions.tokenHash',
    why: 'every signed-in call finds its session by the token',
  },
  {
    table: 'sessions',
    columns: ['user_id'],
    file: 'server/domain/customer-page.ts',
    reads: 'sessions.userId',
    why: 'a customer’s live sessions (their page, ending every session)',
  },
  {
    table: 'sessions',
    columns: ['device_id'],
    file: 'server/domain/customer-devices.ts',
    reads: 'sessions.deviceId',
    why: 'signing a device out ends its sessions',
  },
  {
    table: 'customer_devices',
    columns: ['token_hash'],
    file: 'server/domain/customer-devices.ts',
    reads: 'customerDevices.tokenHash',
    why: 'the device cookie finds its device',
  },
  {
    table: 'customer_devices',
    columns: ['user_id'],
    file: 'server/domain/customer-devices.ts',
    reads: 'customerDevices.userId',
    why: 'a customer’s devices in Settings; the retention job keeps each one’s newest',
  },
  {
    table: 'mail_outbox',
    columns: ['recipient', 'created_at'],
    file: 'server/mail/outbox.ts',
    reads: 'mailOutbox.recipient',
    why: 'signup with a registered e-mail: was the notice sent lately',
  },
  {
    table: 'mail_outbox',
    columns: ['status', 'next_attempt_at'],
    file: 'server/mail/delivery.ts',
    reads: 'mailOutbox.nextAttemptAt',
    why: 'the delivery worker’s next due message',
  },
  {
    table: 'kyc_requests',
    columns: ['user_id'],
    file: 'server/domain/customer-page.ts',
    reads: 'kycRequests.userId',
    why: 'every KYC request of a customer, on their page',
  },
  {
    table: 'kyc_submissions',
    columns: ['user_id'],
    file: 'server/domain/customer-page.ts',
    reads: 'kycSubmissions.userId',
    why: 'a customer’s KYC submissions, on their page',
  },
  {
    table: 'funding_requests',
    columns: ['user_id'],
    file: 'server/domain/customer-page.ts',
    reads: 'fundingRequests.userId',
    why: 'a customer’s latest requests, on their page',
  },
  {
    table: 'transfers',
    columns: ['user_id'],
    file: 'server/domain/customer-page.ts',
    reads: 'transfers.userId',
    why: 'a customer’s latest transfers, on their page',
  },
  {
    table: 'notifications',
    columns: ['user_id', 'created_at'],
    file: 'server/domain/customer-page.ts',
    reads: 'notifications.userId',
    why: 'a customer’s notifications, newest first',
  },
  {
    table: 'transactions',
    columns: ['user_id', 'created_at', 'id', 'amount'],
    file: 'server/statements/statement-query.ts',
    reads: 'transactions.amount',
    why: 'the statements’ keyset pages, the amount filter checked in the index',
  },
  {
    table: 'approvals',
    columns: ['item_kind', 'item_id'],
    file: 'server/domain/approval-makers.ts',
    reads: 'approvals.itemId',
    why: 'who proposed an item’s decision, on the item’s page and the customer’s',
  },
  {
    table: 'corrections',
    columns: ['user_id', 'id'],
    file: 'server/domain/corrections.ts',
    reads: 'corrections.userId',
    why: 'a customer’s corrections, on their page',
  },
  {
    table: 'account_unfreezes',
    columns: ['user_id', 'id'],
    file: 'server/domain/account-freezes.ts',
    reads: 'accountUnfreezes.userId',
    why: 'an unfreeze waiting for a customer, on their page',
  },
  {
    table: 'operator_audit_log',
    columns: ['at', 'id'],
    file: 'server/domain/audit-entries.ts',
    reads: 'operatorAuditLog.at',
    why: 'the audit log’s pages by keyset on (at, id), and its days filter',
  },
  {
    table: 'operator_audit_log',
    columns: ['staff_id', 'at', 'id'],
    file: 'server/domain/audit-entries.ts',
    reads: 'operatorAuditLog.staffId',
    why: 'the audit log filtered by person, in page order',
  },
  {
    table: 'operator_audit_log',
    columns: ['customer_id', 'at', 'id'],
    file: 'server/domain/audit-entries.ts',
    reads: 'operatorAuditLog.customerId',
    why: 'the audit log filtered by customer, in page order',
  },
  {
    table: 'operator_audit_log',
    columns: ['command', 'at', 'id'],
    file: 'server/domain/audit-entries.ts',
    reads: 'operatorAuditLog.command',
    why: 'the audit log filtered by action, in page order; the list of actions',
  },
  {
    table: 'bank_accounts',
    columns: ['account_no'],
    file: 'server/domain/audit-entries.ts',
    reads: 'bankAccounts.accountNo',
    why: 'a customer named by account number (the audit filter, the search)',
  },
  {
    table: 'security_events',
    columns: ['user_id', 'at'],
    file: 'server/domain/security-log.ts',
    reads: 'securityEvents.userId',
    why: 'a customer’s security log in Settings',
  },
  {
    table: 'security_events',
    columns: ['at'],
    file: 'server/domain/security-retention.ts',
    reads: 'securityEvents.at',
    why: 'the retention job deletes by age',
  },
  {
    table: 'sign_in_alerts',
    columns: ['expires_at'],
    file: 'server/domain/security-retention.ts',
    reads: 'signInAlerts.expiresAt',
    why: 'the retention job deletes by age',
  },
  {
    table: 'one_time_codes',
    columns: ['user_id', 'purpose'],
    file: 'server/auth/one-time-codes.ts',
    reads: 'oneTimeCodes.userId',
    why: 'a customer’s live code of a purpose',
  },
  {
    table: 'transfer_authorizations',
    columns: ['user_id', 'created_at'],
    file: 'server/domain/transfer-authorization.ts',
    reads: 'transferAuthorizations.userId',
    why: 'a customer’s authorisations',
  },
  {
    table: 'transfer_series',
    columns: ['user_id', 'id'],
    file: 'server/domain/scheduled-transfers.ts',
    reads: 'transferSeries.userId',
    why: 'a customer’s scheduled transfers',
  },
  {
    table: 'customer_passkeys',
    columns: ['user_id'],
    file: 'server/domain/customer-passkeys.ts',
    reads: 'customerPasskeys.userId',
    why: 'a customer’s passkeys in Settings',
  },
  {
    table: 'ledger_entries',
    columns: ['ledger_account_id'],
    file: 'server/db/ledger.ts',
    reads: 'ledgerEntries.ledgerAccountId',
    why: 'an account’s entries (its balance at a moment, a statement’s opening balance)',
  },
  {
    table: 'stored_files',
    columns: ['pending_since'],
    where: '(pending_since IS NOT NULL)',
    file: 'server/storage/legacy-uploads.ts',
    reads: 'storedFiles.pendingSince',
    why: 'the start’s sweep of files left pending (few, however many files are kept)',
  },
]

/** Every referenced table here is one the code never deletes from (the test checks). */
const referencedRowsStay = (table: string) =>
  `no ${table} row is ever deleted, so the check on delete never runs`

export const unindexedForeignKeys: Record<string, string> = {
  'funding_requests.decided_by_staff_id': referencedRowsStay('staff'),
  'kyc_submissions.decided_by_staff_id': referencedRowsStay('staff'),
  'kyc_requests.decided_by_staff_id': referencedRowsStay('staff'),
  'transfers.decided_by_staff_id': referencedRowsStay('staff'),
  'approvals.maker_staff_id': referencedRowsStay('staff'),
  'approvals.checker_staff_id': referencedRowsStay('staff'),
  'settings_versions.proposed_by_staff_id': referencedRowsStay('staff'),
  'settings_versions.approved_by_staff_id': referencedRowsStay('staff'),
  'funding_requests.posting_id': referencedRowsStay('postings'),
  'fixed_deposits.payout_posting_id': referencedRowsStay('postings'),
  'transfers.posting_id': referencedRowsStay('postings'),
  'transfers.reversal_posting_id': referencedRowsStay('postings'),
  'holds.posting_id': referencedRowsStay('postings'),
  'corrections.posting_id': referencedRowsStay('postings'),
  'postings.reverses': referencedRowsStay('postings'),
  'transfers.hold_id': referencedRowsStay('holds'),
}
