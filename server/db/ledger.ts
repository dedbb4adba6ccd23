import { and, eq, ne, type SQL, sql } from 'drizzle-orm'
import type { Queryable } from './database'
import { databaseErrorCode, malformedRequest, violatedCheck } from './errors'
import { ledgerAccounts, ledgerEntries } from './schema'

/**
 * The only way money moves: a posting of signed entries that sum to zero, through `post` (the
 * database function `ledger_post_v1`). Customer accounts (and fixed-deposit holdings) keep a
 * cached booked balance and what pending holds reserve of it; a debit must be covered by the
 * available balance (booked minus held), which a CHECK constraint also keeps from going below
 * zero. A transfer is a hold first (pending), then a posting that settles it, or a void that
 * releases it, as ledgers for banks model pending transfers (docs/decisions/067). The bank's own
 * accounts keep no cached balance: every transfer touches them, and one row updated by all
 * customers would queue every transfer behind its lock; their balance is the sum of their
 * entries (docs/decisions/005 and 030).
 */

export const bankAccountCodes = {
  /** Money the bank received from outside (crypto deposits, opening balances). */
  received: 'bank:received',
  /** Transfers that left customers' accounts and are on their way out. */
  transfersOut: 'bank:transfers-out',
  /** Service charges earned on transfers. */
  fees: 'bank:fees',
  /** Payments customers made to the bank from outside, for a purpose (make payment). */
  payments: 'bank:payments',
  /** Interest the bank paid on matured fixed deposits. */
  interest: 'bank:interest',
  /** Manual credits and debits of customers' accounts, each under four eyes (decision 079). */
  corrections: 'bank:corrections',
} as const

export const customerAccountCode = (userId: number) => `customer:${userId}`
export const fixedDepositAccountCode = (fixedDepositId: number) => `fixed-deposit:${fixedDepositId}`

export class InsufficientFunds extends Error {
  constructor() {
    super('Insufficient balance')
  }
}

/** A credit would take a balance above the ledger's maximum (schema.ts, `maximumBalance`). */
export class BalanceAboveMaximum extends Error {
  constructor() {
    super('This would take the balance above the most an account may hold')
  }
}

/** The account takes no debits while it is under a notice or frozen; credits still post. */
export class DebitsBlocked extends Error {
  constructor() {
    super('The account is blocked: no money may leave it')
  }
}

export class DuplicatePosting extends Error {
  constructor(key: string) {
    super(`posting ${key} was already made`)
  }
}

export interface PostingLine {
  account: string
  /** Signed minor units: positive increases the account's balance. */
  amount: number
}

export interface PostingRequest {
  kind: string
  memo?: string
  idempotencyKey?: string
  /** The posting this one undoes: its entries lower the customer totals the first one raised. */
  reverses?: number
  /** A pending hold this posting settles: it debits the hold's account by the held amount. */
  settlesHold?: number
  lines: PostingLine[]
}

interface PostingRow {
  outcome: 'posted' | 'insufficient' | 'blocked'
  posting_id: number | null
}

/**
 * Every posting goes through here, to the database's `ledger_post_v1` (migration 0012), which
 * refuses unbalanced, empty, mixed-currency or unknown-account postings (a RangeError here) and
 * posts the rest in one call: entries, cached balances, totals, and the hold it settles. Runs in
 * the caller's transaction (or alone); returns the posting's id. A debit the available balance
 * does not cover throws InsufficientFunds, one from a blocked account DebitsBlocked: both leave
 * the transaction usable. A repeated idempotency key throws DuplicatePosting and aborts it on
 * PostgreSQL (post inside a nested `tx.transaction`, a savepoint, to carry on).
 */
export async function post(tx: Queryable, request: PostingRequest): Promise<number> {
  for (const line of request.lines)
    if (!Number.isSafeInteger(line.amount))
      throw new RangeError(`entry for ${line.account} must be a non-zero integer amount`)
  let rows: PostingRow[]
  try {
    rows = await selectRows<PostingRow>(
      tx,
      sql`select * from ledger_post_v1(${request.kind}, ${request.memo ?? null},
        ${request.idempotencyKey ?? null}, ${request.reverses ?? null}::int,
        ${textArray(request.lines.map((line) => line.account))},
        ${bigintArray(request.lines.map((line) => line.amount))},
        ${request.settlesHold ?? null}::int)`,
    )
  } catch (error) {
    const malformed = malformedRequest(error)
    if (malformed) throw new RangeError(malformed)
    if (violatedCheck(error) === 'ledger_accounts_at_most_maximum') throw new BalanceAboveMaximum()
    if (databaseErrorCode(error) === '23505' && request.idempotencyKey)
      throw new DuplicatePosting(request.idempotencyKey)
    throw error
  }
  const [row] = rows
  if (row?.outcome === 'insufficient') throw new InsufficientFunds()
  if (row?.outcome === 'blocked') throw new DebitsBlocked()
  if (!row?.posting_id) throw new Error('the ledger posted nothing')
  return row.posting_id
}

/**
 * Places a hold of `amount` on a customer's available balance (a transfer's submission does this
 * in its own database function, `transfer_submit_v1`). Returns the hold's id; throws
 * InsufficientFunds or DebitsBlocked as `post` does.
 */
export async function placeHold(tx: Queryable, account: string, amount: number): Promise<number> {
  const [row] = await selectRows<{ outcome: string; hold_id: number | null }>(
    tx,
    sql`select * from ledger_hold_v1(${account}, ${amount}::bigint)`,
  )
  if (row?.outcome === 'insufficient') throw new InsufficientFunds()
  if (row?.outcome === 'blocked') throw new DebitsBlocked()
  if (!row?.hold_id) throw new Error('the ledger placed no hold')
  return row.hold_id
}

/** Releases a pending hold: nothing moves; its amount is available again. */
export async function voidHold(tx: Queryable, holdId: number): Promise<void> {
  try {
    await tx.execute(sql`select ledger_void_v1(${holdId}::int)`)
  } catch (error) {
    const malformed = malformedRequest(error)
    throw malformed ? new RangeError(malformed) : error
  }
}

async function selectRows<R>(db: Queryable, query: SQL): Promise<R[]> {
  const result = await db.execute(query)
  return (result as unknown as { rows: R[] }).rows
}

/** A PostgreSQL array parameter, written out: both drivers take its text form. */
const textArray = (values: string[]) =>
  sql`${`{${values.map((value) => JSON.stringify(value)).join(',')}}`}::text[]`
const bigintArray = (values: number[]) => sql`${`{${values.join(',')}}`}::bigint[]`

/** A customer's or holding's cached balance; a bank account's sum of entries. */
export async function balanceOf(db: Queryable, account: string): Promise<number> {
  const [row] = await db
    .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, account))
  if (!row) throw new RangeError(`no ledger account ${account}`)
  if (row.kind !== 'bank') return row.balance
  const [sum] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.ledgerAccountId, row.id))
  return Number(sum?.total ?? 0)
}

/** What a customer (or holding) account may spend: its booked balance less what holds reserve. */
export async function availableBalanceOf(db: Queryable, account: string): Promise<number> {
  const [row] = await db
    .select({ available: sql<string>`${ledgerAccounts.balance} - ${ledgerAccounts.held}` })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.code, account), ne(ledgerAccounts.kind, 'bank')))
  if (!row) throw new RangeError(`no customer or holding ledger account ${account}`)
  return Number(row.available)
}

/**
 * A customer's money in and out, kept by every posting: successful credits, and debits that did
 * not fail (a refund takes its debit back). Constant cost, however long the history.
 */
export async function customerTotals(db: Queryable, userId: number) {
  const [row] = await db
    .select({ credit: ledgerAccounts.totalCredit, debit: ledgerAccounts.totalDebit })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, customerAccountCode(userId)))
  return { credit: row?.credit ?? 0, debit: row?.debit ?? 0 }
}

/**
 * The ledger's own check: the sum over every account (cached balances plus the bank accounts'
 * entries) and over every entry. Both are 0 when the books balance.
 */
export async function ledgerSums(db: Queryable) {
  const [row] = await db
    .select({
      accounts: sql<string>`(select coalesce(sum(balance), 0) from ledger_accounts where kind <> 'bank')
        + (select coalesce(sum(e.amount), 0) from ledger_entries e join ledger_accounts a on a.id = e.ledger_account_id where a.kind = 'bank')`,
      entries: sql<string>`(select coalesce(sum(amount), 0) from ledger_entries)`,
    })
    .from(sql`(select 1) as one`)
  return { accounts: Number(row?.accounts ?? 0), entries: Number(row?.entries ?? 0) }
}

/** Opens the ledger account that holds one fixed deposit's money until it matures. */
export async function openHoldingAccount(
  tx: Queryable,
  code: string,
  userId: number,
  currency = 'USD',
) {
  await tx.insert(ledgerAccounts).values({ code, kind: 'holding', userId, currency })
}

/** Creates the bank's own ledger accounts if they are missing. */
export async function ensureBankAccounts(db: Queryable, currency = 'USD') {
  await db
    .insert(ledgerAccounts)
    .values(
      Object.values(bankAccountCodes).map((code) => ({ code, kind: 'bank' as const, currency })),
    )
    .onConflictDoNothing()
}
