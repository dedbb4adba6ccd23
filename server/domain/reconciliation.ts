import { and, desc, eq, lte, sql } from 'drizzle-orm'
import type { Database, Queryable } from '../db/database'
import { bankAccountCodes } from '../db/ledger'
import { jobTurns, reconciliations } from '../db/schema'
import { startPeriodicJob } from '../jobs/periodic-job'
import type { StaffActor, TaskOutcome } from './staff'
import { asActor } from './staff-tasks'

/**
 * The full reconciliation of the ledger (docs/decisions/076, 102): every account summed, which
 * is zero when the books balance. It reads every customer's account and every entry of the
 * bank's accounts, so it is not run for each look at the figures: a job runs it on a schedule
 * shared by every server (the `job_turns` row, locked FOR UPDATE SKIP LOCKED while due: one
 * server runs it, the others skip), and an operator may run it now; each result is kept, and
 * the figures show the last.
 */

export interface Reconciliation {
  checkedAt: Date
  tookMs: number
  currency: string
  customers: { accounts: number; balance: bigint; held: bigint }
  fixedDeposits: { accounts: number; balance: bigint }
  bankAccounts: { code: string; total: bigint }[]
  /** The sum of all the above: zero when the books balance. */
  difference: bigint
}

/** How often the reconciliation runs by default. */
export const reconciliationEveryMs = 15 * 60_000
const turn = 'reconciliation'

interface BalanceRow {
  part: 'customer' | 'holding' | 'bank'
  code: string | null
  currency: string | null
  accounts: number
  total: string
  held: string
}

/**
 * Every account of the ledger in one statement, so in one snapshot: money moving meanwhile
 * cannot show as a difference. Customers' and fixed deposits' balances are the ones they keep
 * (what the customers see), the bank's accounts the sums of their entries. Writes nothing: a
 * backup's manifest reads it in the backup's snapshot (docs/decisions/114).
 */
export async function sumEveryAccount(db: Queryable) {
  const result = await db.execute(sql`
    select 'customer' as part, null::text as code, null::text as currency,
      count(*)::int as accounts, coalesce(sum(balance), 0)::text as total,
      coalesce(sum(held), 0)::text as held
    from ledger_accounts where kind = 'customer'
    union all
    select 'holding', null, null, count(*)::int, coalesce(sum(balance), 0)::text,
      coalesce(sum(held), 0)::text
    from ledger_accounts where kind = 'holding'
    union all
    select 'bank', a.code, a.currency, 1, coalesce(sum(e.amount), 0)::text, '0'
    from ledger_accounts a left join ledger_entries e on e.ledger_account_id = a.id
    where a.kind = 'bank'
    group by a.id, a.code, a.currency`)
  const rows = (result as unknown as { rows: BalanceRow[] }).rows
  const part = (name: BalanceRow['part']) => rows.find((row) => row.part === name)
  const customers = part('customer')
  const holdings = part('holding')
  const bank = rows
    .filter((row) => row.part === 'bank')
    .map((row) => ({ code: row.code as string, currency: row.currency, total: BigInt(row.total) }))
    .sort((a, b) => a.code.localeCompare(b.code))
  const customerBalance = BigInt(customers?.total ?? 0)
  const fixedDeposits = BigInt(holdings?.total ?? 0)
  const difference = bank.reduce(
    (sum, account) => sum + account.total,
    customerBalance + fixedDeposits,
  )
  return {
    currency: bank.find((account) => account.code === bankAccountCodes.received)?.currency ?? 'USD',
    figures: {
      customers: {
        accounts: Number(customers?.accounts ?? 0),
        balance: customerBalance,
        held: BigInt(customers?.held ?? 0),
      },
      fixedDeposits: { accounts: Number(holdings?.accounts ?? 0), balance: fixedDeposits },
      bankAccounts: bank.map(({ code, total }) => ({ code, total })),
      difference,
    } satisfies Omit<Reconciliation, 'checkedAt' | 'tookMs' | 'currency'>,
  }
}

/** Reconciles the ledger now, keeps the result, and returns it. */
export async function runReconciliation(db: Queryable, now: Date): Promise<Reconciliation> {
  const started = performance.now()
  const { currency, figures } = await sumEveryAccount(db)
  const tookMs = Math.round(performance.now() - started)
  await db.insert(reconciliations).values({
    checkedAt: now,
    tookMs,
    currency,
    customerAccounts: figures.customers.accounts,
    customerBalance: String(figures.customers.balance),
    customerHeld: String(figures.customers.held),
    fixedDepositAccounts: figures.fixedDeposits.accounts,
    fixedDepositBalance: String(figures.fixedDeposits.balance),
    bankAccounts: figures.bankAccounts.map(({ code, total }) => ({ code, total: String(total) })),
    difference: String(figures.difference),
  })
  return { checkedAt: now, tookMs, currency, ...figures }
}

/**
 * An operator's reconciliation now (`npm run ops -- reconcile`): payments or admin (it writes a
 * result, so not the auditor, who reads it in the figures).
 */
export async function reconcileNow(
  db: Queryable,
  actor: StaffActor,
  now: Date,
): Promise<TaskOutcome<{ reconciliation: Reconciliation }>> {
  return asActor(db, actor, ['payments', 'admin'], async () => ({
    ok: true,
    reconciliation: await runReconciliation(db, now),
  }))
}

/** The last reconciliation's result, or null before the first. */
export async function lastReconciliation(db: Queryable): Promise<Reconciliation | null> {
  const [row] = await db
    .select()
    .from(reconciliations)
    .orderBy(desc(reconciliations.checkedAt), desc(reconciliations.id))
    .limit(1)
  if (!row) return null
  return {
    checkedAt: row.checkedAt,
    tookMs: row.tookMs,
    currency: row.currency,
    customers: {
      accounts: row.customerAccounts,
      balance: BigInt(row.customerBalance),
      held: BigInt(row.customerHeld),
    },
    fixedDeposits: { accounts: row.fixedDepositAccounts, balance: BigInt(row.fixedDepositBalance) },
    bankAccounts: row.bankAccounts.map(({ code, total }) => ({ code, total: BigInt(total) })),
    difference: BigInt(row.difference),
  }
}

/**
 * Runs the reconciliation when its turn is due, on one server: the turn's row is locked (SKIP
 * LOCKED: a server finding it taken runs nothing) in the transaction that reconciles and moves
 * the turn on, so a server dying mid-run leaves it due for the next. Returns the result, or
 * null when it was not this server's turn.
 */
export async function reconcileWhenDue(
  db: Database,
  now: Date,
  everyMs = reconciliationEveryMs,
): Promise<Reconciliation | null> {
  await db.insert(jobTurns).values({ job: turn, nextAt: now }).onConflictDoNothing()
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ job: jobTurns.job })
      .from(jobTurns)
      .where(and(eq(jobTurns.job, turn), lte(jobTurns.nextAt, now)))
      .for('update', { skipLocked: true })
    if (!due) return null
    const result = await runReconciliation(tx, now)
    await tx
      .update(jobTurns)
      .set({ nextAt: new Date(now.getTime() + everyMs) })
      .where(eq(jobTurns.job, turn))
    return result
  })
}

/** Checks every minute whether the reconciliation is due, and runs it when it is. */
export function startReconciliationJob(options: {
  db: Database
  now: () => Date
  log: (line: string) => void
  everyMs?: number
}) {
  return startPeriodicJob({
    name: 'reconciliation',
    intervalMs: 60_000,
    log: options.log,
    round: async () => {
      const result = await reconcileWhenDue(options.db, options.now(), options.everyMs)
      if (!result || result.difference === 0n) return null
      return `reconciliation: THE BOOKS DO NOT BALANCE, difference ${result.difference} minor units`
    },
  })
}
