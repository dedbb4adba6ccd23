/**
 * What must hold after seeding, by the project's own checks: the ledger's sums (`ledgerSums`:
 * every account and every entry sum to zero), each posting balanced, each cached balance and
 * hold what its entries and pending holds say, and the audit chain (`checkAuditChain`, what
 * `audit verify` runs). The figures' reconciliation is checked once the server is up
 * (calls.ts). A failed check stops the bench: timings of broken books would mean nothing.
 */
import { sql } from 'drizzle-orm'
import type { Database } from '#server/db/database'
import { ledgerSums } from '#server/db/ledger'
import { checkAuditChain } from '#server/domain/audit-chain'

const countOf = async (db: Database, query: ReturnType<typeof sql>) => {
  const result = (await db.execute(query)) as unknown as { rows: { count: number }[] }
  return Number(result.rows[0]?.count ?? 0)
}

export async function checkSeededBooks(db: Database, customers: number): Promise<string> {
  const sums = await ledgerSums(db)
  if (sums.accounts !== 0 || sums.entries !== 0)
    throw new Error(
      `the ledger does not balance: accounts ${sums.accounts}, entries ${sums.entries}`,
    )
  const unbalanced = await countOf(
    db,
    sql`SELECT count(*)::int AS count FROM (SELECT posting_id FROM ledger_entries
      GROUP BY posting_id HAVING sum(amount) <> 0) p`,
  )
  if (unbalanced > 0) throw new Error(`${unbalanced} postings' entries do not sum to zero`)
  const offBalance = await countOf(
    db,
    sql`SELECT count(*)::int AS count FROM ledger_accounts a
      LEFT JOIN (SELECT ledger_account_id, sum(amount) AS total FROM ledger_entries GROUP BY 1) e
        ON e.ledger_account_id = a.id
      LEFT JOIN (SELECT ledger_account_id, sum(amount) AS total FROM holds WHERE state = 'pending'
        GROUP BY 1) h ON h.ledger_account_id = a.id
      WHERE a.kind <> 'bank'
        AND (a.balance <> coalesce(e.total, 0) OR a.held <> coalesce(h.total, 0))`,
  )
  if (offBalance > 0)
    throw new Error(`${offBalance} accounts' balance or held differ from their entries and holds`)
  const accounts = await countOf(
    db,
    sql`SELECT count(*)::int AS count FROM ledger_accounts WHERE kind = 'customer'`,
  )
  if (accounts !== customers)
    throw new Error(`${accounts} customer accounts, not the ${customers} seeded`)
  const chain = await checkAuditChain(db, { batchSize: 10_000 })
  if (!chain.holds) throw new Error(`the audit chain is broken: ${chain.problem}`)
  return `ledger balanced (${accounts} customer accounts), audit chain holds (${chain.entries} entries)`
}
