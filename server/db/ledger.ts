import { eq, inArray, sql } from 'drizzle-orm'
import type { Queryable } from './database'
import { databaseErrorCode } from './errors'
import { ledgerAccounts, ledgerEntries, postings } from './schema'

/**
 * The only way money moves: a posting of signed entries that sum to zero. Customer accounts (and
 * fixed-deposit holdings) keep a cached balance, changed in the same transaction, that cannot go
 * below zero (a CHECK constraint: concurrent postings to one account are serialised by the row
 * lock of its UPDATE and the loser fails). The bank's own accounts keep no cached balance: every
 * transfer touches them, and one row updated by all customers would queue every transfer behind
 * its lock; their balance is the sum of their entries. A repeated idempotency key is refused by
 * a unique index. See docs/decisions/005 and 030.
 */

export const bankAccountCodes = {
  /** Money the bank received from outside (crypto deposits, opening balances). */
  received: 'bank:received',
  /** Transfers that left customers' accounts and are on their way out. */
  transfersOut: 'bank:transfers-out',
  /** Service charges earned on transfers. */
  fees: 'bank:fees',
  /** Payments customers made to the bank from their balance (make payment). */
  payments: 'bank:payments',
  /** Interest the bank paid on matured fixed deposits. */
  interest: 'bank:interest',
} as const

export const customerAccountCode = (userId: number) => `customer:${userId}`
export const fixedDepositAccountCode = (fixedDepositId: number) => `fixed-deposit:${fixedDepositId}`

export class InsufficientFunds extends Error {
  constructor() {
    super('Insufficient balance')
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
  lines: PostingLine[]
}

function assertBalanced(lines: PostingLine[]) {
  if (lines.length < 2) throw new RangeError('a posting needs at least two entries')
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amount) || line.amount === 0) {
      throw new RangeError(`entry for ${line.account} must be a non-zero integer amount`)
    }
  }
  const sum = lines.reduce((total, line) => total + line.amount, 0)
  if (sum !== 0) throw new RangeError(`posting entries sum to ${sum}, not 0`)
}

interface AccountChange {
  delta: number
  credit: number
  debit: number
}

/** Per account: the balance change and how much it adds to (or, reversing, takes from) the totals. */
function changesByAccount(request: PostingRequest): Map<string, AccountChange> {
  const changes = new Map<string, AccountChange>()
  for (const { account, amount } of request.lines) {
    const change = changes.get(account) ?? { delta: 0, credit: 0, debit: 0 }
    change.delta += amount
    // A refund is not new money in: it takes back the debit it undoes (and the other way round).
    if (request.reverses === undefined) {
      if (amount > 0) change.credit += amount
      else change.debit -= amount
    } else if (amount > 0) change.debit -= amount
    else change.credit += amount
    changes.set(account, change)
  }
  return changes
}

/**
 * Runs inside the caller's transaction; returns the posting id. On PostgreSQL a refused posting
 * (InsufficientFunds, DuplicatePosting) aborts the transaction: to carry on after one, post
 * inside a nested `tx.transaction` (a savepoint).
 */
export async function post(tx: Queryable, request: PostingRequest): Promise<number> {
  assertBalanced(request.lines)
  const changes = changesByAccount(request)
  const codes = [...changes.keys()].sort()
  const accounts = await tx
    .select({ id: ledgerAccounts.id, code: ledgerAccounts.code, kind: ledgerAccounts.kind })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.code, codes))
  const byCode = new Map(accounts.map((account) => [account.code, account]))
  for (const code of codes) if (!byCode.has(code)) throw new RangeError(`no ledger account ${code}`)

  let postingId: number
  try {
    const [posting] = await tx
      .insert(postings)
      .values({
        kind: request.kind,
        memo: request.memo,
        idempotencyKey: request.idempotencyKey,
        reverses: request.reverses,
      })
      .returning({ id: postings.id })
    if (!posting) throw new Error('posting insert returned nothing')
    postingId = posting.id
    // Lock and update in a fixed order (sorted codes) so concurrent postings cannot deadlock.
    // Bank accounts are not updated at all: nothing queues on them.
    for (const code of codes) {
      const change = changes.get(code) as AccountChange
      if (byCode.get(code)?.kind === 'bank') continue
      if (change.delta === 0 && change.credit === 0 && change.debit === 0) continue
      await tx
        .update(ledgerAccounts)
        .set({
          balance: sql`${ledgerAccounts.balance} + ${change.delta}`,
          totalCredit: sql`${ledgerAccounts.totalCredit} + ${change.credit}`,
          totalDebit: sql`${ledgerAccounts.totalDebit} + ${change.debit}`,
        })
        .where(eq(ledgerAccounts.code, code))
    }
  } catch (error) {
    const code = databaseErrorCode(error)
    if (code === '23514') throw new InsufficientFunds()
    if (code === '23505' && request.idempotencyKey)
      throw new DuplicatePosting(request.idempotencyKey)
    throw error
  }
  await tx.insert(ledgerEntries).values(
    request.lines.map((line) => ({
      postingId,
      ledgerAccountId: byCode.get(line.account)?.id as number,
      amount: line.amount,
    })),
  )
  return postingId
}

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
