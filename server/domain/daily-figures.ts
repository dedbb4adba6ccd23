import { eq, sql } from 'drizzle-orm'
import type { Queryable } from '../db/database'
import { bankAccountCodes } from '../db/ledger'
import { ledgerAccounts } from '../db/schema'
import { countedDays, type DayFigures } from './figure-days'
import { rolledUpDays } from './figure-rollups'
import { countOpenQueues, type QueueName } from './queues'
import { lastReconciliation, type Reconciliation } from './reconciliation'
import type { StaffActor, TaskOutcome } from './staff'
import { asActor, invalid, taskRoles } from './staff-tasks'

export type { DayFigures, Tally } from './figure-days'
export type { Reconciliation } from './reconciliation'

/**
 * The bank's daily figures (issue 18, docs/decisions/076), for the console's Figures and
 * `npm run ops -- figures`. A day is a UTC day, and an item counts on the day the bank decided
 * it (`decided_at`, the clock every decision records), so a settled transfer and its fee fall
 * on the same day. Closed days are read from their rollup, the others (today) counted from their
 * decisions; the reconciliation shown is the last the scheduled check made (docs/decisions/102),
 * so no look at the figures reads every account. Sums are bigint: a total may pass 2^53 minor
 * units (docs/decisions/064). The open queues are as of now.
 */

export interface DailyFigures {
  day: string
  days: number
  asOf: Date
  currency: string
  /** Oldest first; the last is `day`. */
  series: DayFigures[]
  queues: { queue: QueueName; count: number; oldest_at: string | null }[]
  /** The last reconciliation's result; null before the first. */
  reconciliation: Reconciliation | null
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
    const reconciliation = await lastReconciliation(db)
    return {
      ok: true,
      figures: {
        day,
        days: asked.days,
        asOf: now,
        currency: reconciliation?.currency ?? (await bankCurrency(db)),
        series: await seriesOf(db, days),
        queues: await countOpenQueues(db, figureQueues, now),
        reconciliation,
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

/** The rolled-up days as rolled up; the days between the first and last others, counted. */
async function seriesOf(db: Queryable, days: string[]): Promise<DayFigures[]> {
  const rolled = await rolledUpDays(db, days[0] as string, days[days.length - 1] as string)
  const open = days.filter((day) => !rolled.has(day))
  const counted = new Map(
    (await countedDays(db, open.length ? days.slice(days.indexOf(open[0] as string)) : [])).map(
      (figures) => [figures.day, figures],
    ),
  )
  return days.map((day) => (rolled.get(day) ?? counted.get(day)) as DayFigures)
}

async function bankCurrency(db: Queryable) {
  const [row] = await db
    .select({ currency: ledgerAccounts.currency })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, bankAccountCodes.received))
  return row?.currency ?? 'USD'
}
