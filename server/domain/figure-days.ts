import { and, eq, gt, gte, inArray, lt, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import type { Queryable } from '../db/database'
import { bankAccountCodes } from '../db/ledger'
import { fundingRequests, ledgerAccounts, ledgerEntries, transfers } from '../db/schema'

/**
 * Days' figures counted from the day's decisions (docs/decisions/076): what the rollup job writes
 * for a closed day, and what the figures read live for the days not rolled up yet (today). Each
 * query reads the days' decisions through the indexes on `decided_at` (docs/decisions/102).
 */

export interface Tally {
  count: number
  /** Minor units. */
  sum: bigint
}

export interface DayFigures {
  /** YYYY-MM-DD (UTC). */
  day: string
  /** Confirmed requests, each summed as the ledger credited it. */
  deposits: Tally
  payments: Tally
  fixedDeposits: Tally
  /** Transfers settled that day: what left the customers' accounts, charges included. */
  transfersSettled: Tally
  /** Transfers failed that day: what was held and released. */
  transfersFailed: Tally
  /** The fees account's entries of that day's settlements: the service charges earned. */
  fees: bigint
}

const noTally = (): Tally => ({ count: 0, sum: 0n })

export const emptyDay = (day: string): DayFigures => ({
  day,
  deposits: noTally(),
  payments: noTally(),
  fixedDeposits: noTally(),
  transfersSettled: noTally(),
  transfersFailed: noTally(),
  fees: 0n,
})

/** A moment as its UTC day, in SQL. */
const utcDay = (column: SQLWrapper) => sql<string>`((${column} at time zone 'UTC')::date)::text`
/** The start of a UTC day, as a timestamptz. */
const dayStart = (day: string) => sql`(${day}::date)::timestamp at time zone 'UTC'`
const dayAfter = (day: string) => sql`(${day}::date + 1)::timestamp at time zone 'UTC'`
/** A bigint sum as text (exact past 2^53), 0 when nothing was summed. */
const sumText = (column: SQLWrapper) => sql<string>`coalesce(sum(${column}), 0)::text`

/** The figures of `days` (consecutive, oldest first) counted from their decisions. */
export async function countedDays(db: Queryable, days: string[]): Promise<DayFigures[]> {
  if (days.length === 0) return []
  const first = days[0] as string
  const last = days[days.length - 1] as string
  const within = (column: SQLWrapper): SQL =>
    and(gte(column, dayStart(first)), lt(column, dayAfter(last))) as SQL
  const byDay = new Map<string, DayFigures>(days.map((day) => [day, emptyDay(day)]))
  const figuresOf = (day: string) => byDay.get(day) as DayFigures

  // Confirmed requests, summed as the ledger credited them (the posting's credit).
  const confirmed = await db
    .select({
      day: utcDay(fundingRequests.decidedAt),
      kind: fundingRequests.kind,
      count: sql<number>`count(distinct ${fundingRequests.id})::int`,
      sum: sumText(ledgerEntries.amount),
    })
    .from(fundingRequests)
    .leftJoin(
      ledgerEntries,
      and(eq(ledgerEntries.postingId, fundingRequests.postingId), gt(ledgerEntries.amount, 0)),
    )
    .where(
      and(
        eq(fundingRequests.status, 'confirmed'),
        inArray(fundingRequests.kind, ['deposit', 'payment', 'fixed_deposit']),
        within(fundingRequests.decidedAt),
      ),
    )
    .groupBy(sql`1`, fundingRequests.kind)
  const tallyOf = {
    deposit: 'deposits',
    payment: 'payments',
    fixed_deposit: 'fixedDeposits',
  } as const
  for (const row of confirmed)
    figuresOf(row.day)[tallyOf[row.kind as keyof typeof tallyOf]] = {
      count: row.count,
      sum: BigInt(row.sum),
    }

  const decided = await db
    .select({
      day: utcDay(transfers.decidedAt),
      status: transfers.status,
      count: sql<number>`count(*)::int`,
      sum: sumText(transfers.amount),
    })
    .from(transfers)
    .where(and(inArray(transfers.status, ['successful', 'failed']), within(transfers.decidedAt)))
    .groupBy(sql`1`, transfers.status)
  for (const row of decided) {
    const tally = { count: row.count, sum: BigInt(row.sum) }
    if (row.status === 'successful') figuresOf(row.day).transfersSettled = tally
    else figuresOf(row.day).transfersFailed = tally
  }

  // How a charge is earned (server/domain/transfers.ts, settlementLines): the settlement
  // posting credits `bank:fees` with it. The days' settlements are read first (through
  // `decided_at`), then their postings' entries, the fees account's kept by a FILTER: the fees
  // account has an entry for every settlement ever, which a plan starting from it (as the
  // planner picks when the account is in the WHERE) would read whole (docs/decisions/102).
  const feesResult = await db.execute(sql`
    with settled as materialized (
      select ${transfers.decidedAt} as decided_at, ${transfers.postingId} as posting_id
      from ${transfers}
      where ${and(eq(transfers.status, 'successful'), within(transfers.decidedAt))}
    )
    select ((settled.decided_at at time zone 'UTC')::date)::text as day,
      coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.ledgerAccountId} =
        (select ${ledgerAccounts.id} from ${ledgerAccounts}
          where ${eq(ledgerAccounts.code, bankAccountCodes.fees)})), 0)::text as sum
    from settled join ${ledgerEntries} on ${ledgerEntries.postingId} = settled.posting_id
    group by 1`)
  const fees = (feesResult as unknown as { rows: { day: string; sum: string }[] }).rows
  for (const row of fees) figuresOf(row.day).fees = BigInt(row.sum)

  return days.map(figuresOf)
}
