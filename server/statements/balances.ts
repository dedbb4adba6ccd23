import { eq, sql } from 'drizzle-orm'
import type { Queryable } from '../db/database'
import { customerAccountCode } from '../db/ledger'
import { ledgerAccounts } from '../db/schema'

/**
 * The customer's balance at a moment, from the ledger: today's balance minus every entry dated
 * at or after that moment. An entry is dated by the transaction that shows it to the customer
 * (its posting's), or by its own time when no transaction shows it. Written as plain SQL with
 * aliases, since the correlated subquery needs every column qualified.
 */
export async function balanceAt(db: Queryable, userId: number, moment: Date): Promise<number> {
  const [account] = await db
    .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, customerAccountCode(userId)))
  if (!account) return 0
  const result = await db.execute(sql`
    select coalesce(sum(e.amount), 0)::text as later
    from ledger_entries e
    where e.ledger_account_id = ${account.id}
      and coalesce(
        (select min(t.created_at) from transactions t where t.posting_id = e.posting_id),
        e.created_at
      ) >= ${moment.toISOString()}::timestamptz`)
  const [row] = (result as unknown as { rows: { later: string }[] }).rows
  return account.balance - Number(row?.later ?? 0)
}
