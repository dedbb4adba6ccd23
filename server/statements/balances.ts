import { and, eq, sql } from 'drizzle-orm'
import type { Queryable } from '../db/database'
import { customerAccountCode } from '../db/ledger'
import { ledgerAccounts, ledgerEntries, transactions } from '../db/schema'

/**
 * The customer's balance at a moment, from the ledger: today's balance minus every entry dated
 * at or after that moment. An entry is dated by the transaction that shows it to the customer
 * (its posting's), or by its own time when no transaction shows it.
 */
export async function balanceAt(db: Queryable, userId: number, moment: Date): Promise<number> {
  const shownAt = sql`coalesce((select min(${transactions.createdAt}) from ${transactions} where ${transactions.postingId} = ${ledgerEntries.postingId}), ${ledgerEntries.createdAt})`
  const [row] = await db
    .select({
      current: ledgerAccounts.balance,
      later: sql<string>`coalesce((select sum(${ledgerEntries.amount}) from ${ledgerEntries} where ${ledgerEntries.ledgerAccountId} = ${ledgerAccounts.id} and ${shownAt} >= ${moment.toISOString()}::timestamptz), 0)`,
    })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.code, customerAccountCode(userId))))
  if (!row) return 0
  return row.current - Number(row.later)
}
