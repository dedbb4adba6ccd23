import { and, asc, desc, gte, isNotNull, lte, min, sql } from 'drizzle-orm'
import type { Database, Queryable } from '../db/database'
import { dailyFigures, fundingRequests, transfers } from '../db/schema'
import { startPeriodicJob } from '../jobs/periodic-job'
import { countedDays, type DayFigures } from './figure-days'
import { addDays, utcDayOf } from './run-days'

/**
 * Closed days' figures, rolled up once (docs/decisions/102): a day is rolled up an hour after it
 * ends, when no decision of it can still be on its way to the database, and never again; the
 * figures read a rolled-up day from its row and count the others (today) from their decisions.
 * Rolling is safe on several servers: a day's row is written once (ON CONFLICT DO NOTHING), and
 * two servers rolling the same days write the same figures.
 */

/** How long after a UTC day ends it is rolled up. */
export const rollUpAfterMs = 60 * 60_000
/** Days rolled up in one transaction: one, each counted as today is (a day's decisions). */
const daysPerRound = 1

type Row = typeof dailyFigures.$inferSelect

const rowOf = (figures: DayFigures, now: Date): Row => ({
  day: figures.day,
  depositsCount: figures.deposits.count,
  depositsSum: String(figures.deposits.sum),
  paymentsCount: figures.payments.count,
  paymentsSum: String(figures.payments.sum),
  fixedDepositsCount: figures.fixedDeposits.count,
  fixedDepositsSum: String(figures.fixedDeposits.sum),
  transfersSettledCount: figures.transfersSettled.count,
  transfersSettledSum: String(figures.transfersSettled.sum),
  transfersFailedCount: figures.transfersFailed.count,
  transfersFailedSum: String(figures.transfersFailed.sum),
  fees: String(figures.fees),
  rolledAt: now,
})

const figuresOf = (row: Row): DayFigures => ({
  day: row.day,
  deposits: { count: row.depositsCount, sum: BigInt(row.depositsSum) },
  payments: { count: row.paymentsCount, sum: BigInt(row.paymentsSum) },
  fixedDeposits: { count: row.fixedDepositsCount, sum: BigInt(row.fixedDepositsSum) },
  transfersSettled: { count: row.transfersSettledCount, sum: BigInt(row.transfersSettledSum) },
  transfersFailed: { count: row.transfersFailedCount, sum: BigInt(row.transfersFailedSum) },
  fees: BigInt(row.fees),
})

/** The rolled-up days among `first`..`last`, by day. */
export async function rolledUpDays(db: Queryable, first: string, last: string) {
  const rows = await db
    .select()
    .from(dailyFigures)
    .where(and(gte(dailyFigures.day, first), lte(dailyFigures.day, last)))
    .orderBy(asc(dailyFigures.day))
  return new Map(rows.map((row) => [row.day, figuresOf(row)]))
}

/** The last day that may be rolled up at `now`: the day that ended at least an hour ago. */
export const lastClosedDay = (now: Date) =>
  addDays(utcDayOf(new Date(now.getTime() - rollUpAfterMs)), -1)

/** The first day with a decision, or null when nothing was ever decided (an index's end each). */
async function firstDecidedDay(db: Queryable): Promise<string | null> {
  const [transfer] = await db
    .select({ at: min(transfers.decidedAt) })
    .from(transfers)
    .where(isNotNull(transfers.decidedAt))
  const [request] = await db
    .select({ at: min(fundingRequests.decidedAt) })
    .from(fundingRequests)
    .where(sql`${fundingRequests.status} = 'confirmed'`)
  const moments = [transfer?.at, request?.at].filter((at): at is Date => at instanceof Date)
  if (moments.length === 0) return null
  return utcDayOf(new Date(Math.min(...moments.map((at) => at.getTime()))))
}

/**
 * Rolls up every closed day after the last rolled up (from the first decided day the first
 * time), a day per transaction; returns how many days it wrote.
 */
export async function rollUpClosedDays(db: Database, now: Date): Promise<number> {
  const last = lastClosedDay(now)
  let written = 0
  for (;;) {
    const [newest] = await db
      .select({ day: dailyFigures.day })
      .from(dailyFigures)
      .orderBy(desc(dailyFigures.day))
      .limit(1)
    const first = newest ? addDays(newest.day, 1) : await firstDecidedDay(db)
    if (first === null || first > last) return written
    const days: string[] = []
    for (let day = first; day <= last && days.length < daysPerRound; day = addDays(day, 1))
      days.push(day)
    written += await db.transaction(async (tx) => {
      const figures = await countedDays(tx, days)
      const rows = await tx
        .insert(dailyFigures)
        .values(figures.map((day) => rowOf(day, now)))
        .onConflictDoNothing()
        .returning({ day: dailyFigures.day })
      return rows.length
    })
  }
}

/** Runs `rollUpClosedDays` every `intervalMs` (ten minutes by default) while the server runs. */
export function startFigureRollupJob(options: {
  db: Database
  now: () => Date
  log: (line: string) => void
  intervalMs?: number
}) {
  return startPeriodicJob({
    name: 'daily figures rollup',
    intervalMs: options.intervalMs ?? 10 * 60_000,
    log: options.log,
    round: async () => {
      const days = await rollUpClosedDays(options.db, options.now())
      return days > 0 ? `daily figures: ${days} closed days rolled up` : null
    },
  })
}
