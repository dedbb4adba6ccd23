import { and, desc, eq, sql } from 'drizzle-orm'
import { currencySymbol, toDecimalString } from '#api/money'
import type { Queryable } from '../db/database'
import { customerAccountCode } from '../db/ledger'
import { bankAccounts, ledgerAccounts, storedFiles, transactions, users } from '../db/schema'
import { pictureUrl } from '../storage/uploads'

/** The customer with account details, balance and picture, as the wire shows them. */
export async function loadCustomer(db: Queryable, userId: number) {
  const [row] = await db
    .select({
      user: users,
      account: bankAccounts,
      balance: ledgerAccounts.balance,
      held: ledgerAccounts.held,
      picture: storedFiles.storedName,
    })
    .from(users)
    .leftJoin(bankAccounts, eq(bankAccounts.userId, users.id))
    .leftJoin(ledgerAccounts, eq(ledgerAccounts.code, customerAccountCode(userId)))
    .leftJoin(storedFiles, eq(storedFiles.id, users.pictureFileId))
    .where(eq(users.id, userId))
  if (!row) throw new Error(`user ${userId} vanished during the request`)
  const currency = row.account?.currency ?? 'USD'
  return {
    user: row.user,
    account: row.account,
    /** The booked balance: what the ledger's postings left. */
    balance: row.balance ?? 0,
    /** What the customer may spend: the booked balance less the holds of transfers in progress. */
    available: (row.balance ?? 0) - (row.held ?? 0),
    currencyCode: currency,
    currency: currencySymbol(currency),
    picture: pictureUrl(row.picture),
  }
}

export type CustomerRecord = Awaited<ReturnType<typeof loadCustomer>>

export function dashboardUserOf(customer: CustomerRecord) {
  return {
    fullname: customer.user.fullname,
    username: customer.user.username,
    email: customer.user.email,
    picture: customer.picture,
    currentPlan: customer.user.currentPlan,
    accountNumber: customer.account?.accountNo ?? '',
  }
}

/** A line as the views read it (the search's own column is never shown). */
type TransactionRow = Omit<typeof transactions.$inferSelect, 'searchText'>

export function transactionView(row: TransactionRow) {
  return {
    name: row.name,
    date: row.createdAt.toISOString(),
    amount: toDecimalString(row.amount),
    charge: row.charge === null ? null : toDecimalString(row.charge),
    direction: row.transactionType,
    status: row.status,
    receiptId: row.ref2,
    bank: row.bank,
    accountHolderName: row.actHoldName,
    accountNumber: row.actNo,
    country: row.country,
    type: row.type,
    status2: row.status2,
  }
}

export async function transactionsOf(
  db: Queryable,
  userId: number,
  options: { limit?: number; type?: string } = {},
) {
  const where = options.type
    ? and(eq(transactions.userId, userId), eq(transactions.type, options.type))
    : eq(transactions.userId, userId)
  const query = db
    .select()
    .from(transactions)
    .where(where)
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
  const rows = options.limit ? await query.limit(options.limit) : await query
  return rows.map(transactionView)
}

/**
 * Money in and out that counts, kept by the ledger (constant cost: no sum over the history), as
 * bigints: a lifetime total only grows, and may pass 2^53 minor units while the balance stays
 * under the ledger's cap (docs/decisions/064). `toDecimalString` writes them exactly.
 */
export async function totalsOf(db: Queryable, userId: number) {
  const [row] = await db
    .select({
      credit: sql<string>`${ledgerAccounts.totalCredit}::text`,
      debit: sql<string>`${ledgerAccounts.totalDebit}::text`,
    })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, customerAccountCode(userId)))
  return { credit: BigInt(row?.credit ?? 0), debit: BigInt(row?.debit ?? 0) }
}
