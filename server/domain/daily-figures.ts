import { and, eq, gt, gte, inArray, lt, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import type { Queryable } from '../db/database'
import { bankAccountCodes } from '../db/ledger'
import { fundingRequests, ledgerAccounts, ledgerEntries, transfers } from '../db/schema'
import { countOpenQueues, type QueueName } from './queues'
import type { StaffActor, TaskOutcome } from './staff'
import { asActor, invalid, taskRoles } from './staff-tasks'

/**
 * The bank's daily figures (issue 18, docs/decisions/076), for the console's Figures and
 * `npm run ops -- figures`. A day is a UTC day, and an item counts on the day the bank decided
 * it (`decided_at`, the clock every decision records), so a settled transfer and its fee fall
 * on the same day. Sums are read from SQL as text and kept as bigint: a total may pass 2^53
 * minor units (docs/decisions/064). The open queues and the reconciliation are as of now.
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

export interface Reconciliation {
  customers: { accounts: number; balance: bigint; held: bigint }
  fixedDeposits: { accounts: number; balance: bigint }
  bankAccounts: { code: string; total: bigint }[]
  /** The sum of all the above: zero when the books balance. */
  difference: bigint
}

export interface DailyFigures {
  day: string
  days: number
  asOf: Date
  currency: string
  /** Oldest first; the last is `day`. */
  series: DayFigures[]
  queues: { queue: QueueName; count: number; oldest_at: string | null }[]
  reconciliation: Reconciliation
}

/** The queues the figures show: the bank's open work with money and customers (not mail). */
export const figureQueues: readonly QueueName[] = [
  'kyc_submissions',
  'kyc_requests',
  'deposit_requests',
  'payment_requests',
  'fixed_deposit_requests',
  'upgrade_requests',
  'transfers_in_progress',
  'approvals_pending',
]

const noTally = (): Tally => ({ count: 0, sum: 0n })

/** A UTC day as the figures name it: YYYY-MM-DD. */
export const utcDayOf = (moment: Date) => moment.toISOString().slice(0, 10)

export async function dailyFigures(
  db: Queryable,
  actor: StaffActor,
  asked: { day?: string | undefined; days: number },
  now: Date,
): Promise<TaskOutcome<{ figures: DailyFigures }>> {
  return asActor(db, actor, taskRoles.figuresRead, async () => {
    const today = utcDayOf(now)
    const day = asked.day ?? today
    if (day > today)
      return invalid('Choose a day up to today (UTC): the figures of later days are not made yet.')
    const days = await periodDays(db, day, asked.days)
    const series = await seriesOf(db, days)
    const reconciliation = await reconcile(db)
    return {
      ok: true,
      figures: {
        day,
        days: asked.days,
        asOf: now,
        currency: reconciliation.currency,
        series,
        queues: await countOpenQueues(db, figureQueues, now),
        reconciliation: reconciliation.figures,
      },
    }
  })
}

/** The period's days, oldest first, counted in SQL (docs/decisions/064: no `Date` arithmetic). */
async function periodDays(db: Queryable, last: string, count: number): Promise<string[]> {
  const rows = await db
    .select({ day: sql<string>`period.day::date::text` })
    .from(
      sql`generate_series(${last}::date - ${count - 1}::int, ${last}::date, interval '1 day') as period(day)`,
    )
  return rows.map((row) => row.day)
}

/** A moment as its UTC day, in SQL. */
const utcDay = (column: SQLWrapper) => sql<string>`((${column} at time zone 'UTC')::date)::text`
/** The start of a UTC day, as a timestamptz. */
const dayStart = (day: string) => sql`(${day}::date)::timestamp at time zone 'UTC'`
const dayAfter = (day: string) => sql`(${day}::date + 1)::timestamp at time zone 'UTC'`
/** A bigint sum as text (exact past 2^53), 0 when nothing was summed. */
const sumText = (column: SQLWrapper) => sql<string>`coalesce(sum(${column}), 0)::text`

async function seriesOf(db: Queryable, days: string[]): Promise<DayFigures[]> {
  const first = days[0] as string
  const last = days[days.length - 1] as string
  const within = (column: SQLWrapper): SQL =>
    and(gte(column, dayStart(first)), lt(column, dayAfter(last))) as SQL
  const byDay = new Map<string, DayFigures>(
    days.map((day) => [
      day,
      {
        day,
        deposits: noTally(),
        payments: noTally(),
        fixedDeposits: noTally(),
        transfersSettled: noTally(),
        transfersFailed: noTally(),
        fees: 0n,
      },
    ]),
  )
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
  // posting credits `bank:fees` with it.
  const fees = await db
    .select({ day: utcDay(transfers.decidedAt), sum: sumText(ledgerEntries.amount) })
    .from(transfers)
    .innerJoin(ledgerEntries, eq(ledgerEntries.postingId, transfers.postingId))
    .innerJoin(
      ledgerAccounts,
      and(
        eq(ledgerAccounts.id, ledgerEntries.ledgerAccountId),
        eq(ledgerAccounts.code, bankAccountCodes.fees),
      ),
    )
    .where(and(eq(transfers.status, 'successful'), within(transfers.decidedAt)))
    .groupBy(sql`1`)
  for (const row of fees) figuresOf(row.day).fees = BigInt(row.sum)

  return days.map(figuresOf)
}

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
 * (what the customers see), the bank's accounts the sums of their entries.
 */
async function reconcile(db: Queryable) {
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
    } satisfies Reconciliation,
  }
}
