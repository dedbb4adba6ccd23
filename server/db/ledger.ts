import { eq, inArray, sql } from 'drizzle-orm'
import type { Queryable } from './database'
import { databaseErrorCode } from './errors'
import { ledgerAccounts, ledgerEntries, postings } from './schema'

/**
 * The only way money moves: a posting of signed entries that sum to zero, applied to the cached
 * balances in the same transaction. A customer's balance cannot go below zero (a CHECK
 * constraint, so concurrent postings are serialised by the row lock of the UPDATE and the loser
 * fails); a repeated idempotency key is refused by a unique index.
 */

export const bankAccountCodes = {
  /** Money the bank received from outside (crypto deposits, opening balances). */
  received: 'bank:received',
  /** Transfers that left customers' accounts and are on their way out. */
  transfersOut: 'bank:transfers-out',
  /** Service charges earned on transfers. */
  fees: 'bank:fees',
} as const

export const customerAccountCode = (userId: number) => `customer:${userId}`

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

/** Runs inside the caller's transaction; returns the posting id. */
export async function post(tx: Queryable, request: PostingRequest): Promise<number> {
  assertBalanced(request.lines)
  const codes = [...new Set(request.lines.map((line) => line.account))].sort()
  const accounts = await tx
    .select({ id: ledgerAccounts.id, code: ledgerAccounts.code })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.code, codes))
  const idByCode = new Map(accounts.map((account) => [account.code, account.id]))
  for (const code of codes)
    if (!idByCode.has(code)) throw new RangeError(`no ledger account ${code}`)

  let postingId: number
  try {
    const [posting] = await tx
      .insert(postings)
      .values({ kind: request.kind, memo: request.memo, idempotencyKey: request.idempotencyKey })
      .returning({ id: postings.id })
    if (!posting) throw new Error('posting insert returned nothing')
    postingId = posting.id
    // Lock and update in a fixed order (sorted codes) so concurrent postings cannot deadlock.
    for (const code of codes) {
      const delta = request.lines
        .filter((line) => line.account === code)
        .reduce((sum, line) => sum + line.amount, 0)
      if (delta === 0) continue
      await tx
        .update(ledgerAccounts)
        .set({ balance: sql`${ledgerAccounts.balance} + ${delta}` })
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
      ledgerAccountId: idByCode.get(line.account) as number,
      amount: line.amount,
    })),
  )
  return postingId
}

export async function balanceOf(db: Queryable, account: string): Promise<number> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, account))
  if (!row) throw new RangeError(`no ledger account ${account}`)
  return row.balance
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
