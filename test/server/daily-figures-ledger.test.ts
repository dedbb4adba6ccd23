import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bankAccountCodes } from '#server/db/ledger'
import {
  dailyFigures as dailyFigureRows,
  fundingRequests,
  ledgerAccounts,
  ledgerEntries,
  postings,
  transfers,
} from '#server/db/schema'
import { type DayFigures, dailyFigures, utcDayOf } from '#server/domain/daily-figures'
import { lastClosedDay, rollUpAfterMs, rollUpClosedDays } from '#server/domain/figure-rollups'
import { lastReconciliation, reconcileWhenDue } from '#server/domain/reconciliation'
import { addDays } from '#server/domain/run-days'
import { databaseTargets } from './support/databases'
import { startTestApp, type TestApp } from './support/test-app'

/**
 * The daily figures against the ledger, over the demo data (issue 32): each posting of the seeded
 * books is dated by the decision that made it (decision 076: a posting's own `created_at` is the
 * database's clock, which the test clock is not), its entries are summed per UTC day by the
 * account they moved, and every day of the figures must be those sums. A posting no decision
 * made must be an opening balance, the one credit the figures leave out by design.
 */

type LedgerDay = Pick<
  DayFigures,
  'deposits' | 'payments' | 'fixedDeposits' | 'transfersSettled' | 'fees'
>

const emptyDay = (): LedgerDay => ({
  deposits: { count: 0, sum: 0n },
  payments: { count: 0, sum: 0n },
  fixedDeposits: { count: 0, sum: 0n },
  transfersSettled: { count: 0, sum: 0n },
  fees: 0n,
})

/** Every entry, with its account and the decision (a request or a transfer) that posted it. */
async function entriesWithDecisions(t: TestApp) {
  return t.db
    .select({
      postingId: postings.id,
      postingKind: postings.kind,
      account: ledgerAccounts.code,
      accountKind: ledgerAccounts.kind,
      amount: sql<string>`${ledgerEntries.amount}::text`,
      requestKind: fundingRequests.kind,
      requestDecidedAt: fundingRequests.decidedAt,
      transferDecidedAt: transfers.decidedAt,
    })
    .from(ledgerEntries)
    .innerJoin(postings, eq(postings.id, ledgerEntries.postingId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.ledgerAccountId))
    .leftJoin(fundingRequests, eq(fundingRequests.postingId, postings.id))
    .leftJoin(transfers, eq(transfers.postingId, postings.id))
}

/** The ledger's own figures per UTC day, and the kinds of the postings no decision made. */
async function ledgerByDay(t: TestApp) {
  const days = new Map<string, LedgerDay>()
  const undecided = new Set<string>()
  const counted = new Set<string>()
  const dayOf = (day: string) => {
    if (!days.has(day)) days.set(day, emptyDay())
    return days.get(day) as LedgerDay
  }
  /** A posting counts once in its tally, however many entries it has. */
  const once = (tally: { count: number }, key: string) => {
    if (counted.has(key)) return
    counted.add(key)
    tally.count++
  }
  for (const entry of await entriesWithDecisions(t)) {
    const amount = BigInt(entry.amount)
    const decidedAt = entry.requestDecidedAt ?? entry.transferDecidedAt
    if (!decidedAt) {
      undecided.add(entry.postingKind)
      continue
    }
    const day = dayOf(utcDayOf(decidedAt))
    const key = `${entry.postingId}`
    if (entry.requestKind === 'deposit' && entry.accountKind === 'customer') {
      once(day.deposits, key)
      day.deposits.sum += amount
    } else if (entry.requestKind === 'payment' && entry.account === bankAccountCodes.payments) {
      once(day.payments, key)
      day.payments.sum += amount
    } else if (entry.requestKind === 'fixed_deposit' && entry.accountKind === 'holding') {
      once(day.fixedDeposits, key)
      day.fixedDeposits.sum += amount
    } else if (entry.transferDecidedAt && entry.accountKind === 'customer') {
      // A settlement debits the customer by the amount sent, its charge included.
      once(day.transfersSettled, key)
      day.transfersSettled.sum -= amount
    }
    if (entry.transferDecidedAt && entry.account === bankAccountCodes.fees) day.fees += amount
  }
  return { days, undecided }
}

describe.each(databaseTargets)('the daily figures against the ledger on %s', (target) => {
  let t: TestApp

  beforeAll(async () => {
    t = await startTestApp(target)
  })
  afterAll(() => t.close())

  it('every day of the demo data: the figures are the ledger’s entries of that day’s decisions', async () => {
    const { days, undecided } = await ledgerByDay(t)
    // The demo's opening deposit is its only posting no decision made.
    expect([...undecided]).toEqual(['opening-balance'])
    // The demo customer's crypto deposit, confirmed three weeks ago, is in the ledger's days.
    const depositDay = utcDayOf(new Date(t.clock.now().getTime() - 21 * 24 * 3_600_000))
    expect(days.get(depositDay)?.deposits).toEqual({ count: 1, sum: 125_000n })

    const answer = await dailyFigures(
      t.db,
      { staffId: null, email: 'terminal' },
      { days: 90 },
      t.clock.now(),
    )
    if (!answer.ok) throw new Error(answer.message)
    const series = answer.figures.series
    const firstDay = series[0]?.day as string
    for (const day of days.keys()) expect(day >= firstDay, `${day} is in the period`).toBe(true)
    for (const figures of series)
      expect(
        {
          deposits: figures.deposits,
          payments: figures.payments,
          fixedDeposits: figures.fixedDeposits,
          transfersSettled: figures.transfersSettled,
          fees: figures.fees,
        },
        figures.day,
      ).toEqual(days.get(figures.day) ?? emptyDay())
  })
  const terminal = { staffId: null, email: 'terminal' }
  const figuresOf = async (now: Date) => {
    const answer = await dailyFigures(t.db, terminal, { days: 90 }, now)
    if (!answer.ok) throw new Error(answer.message)
    return answer.figures.series
  }

  it('rolls up each closed day once, an hour after it ends, and the figures read them unchanged', async () => {
    const now = t.clock.now()
    const counted = await figuresOf(now)
    const written = await rollUpClosedDays(t.db, now)
    const rolled = await t.db.select().from(dailyFigureRows).orderBy(dailyFigureRows.day)
    expect(rolled).toHaveLength(written)
    // From the first decided day (the demo's deposit, three weeks ago) to the last closed day.
    const depositDay = utcDayOf(new Date(now.getTime() - 21 * 24 * 3_600_000))
    expect(rolled[0]?.day).toBe(depositDay)
    expect(rolled.at(-1)?.day).toBe(lastClosedDay(now))
    expect(rolled.some((row) => row.day === utcDayOf(now))).toBe(false)
    // Read back from the rollups, every day is what counting its decisions gave.
    expect(await figuresOf(now)).toEqual(counted)
    // Again: nothing more to roll up.
    expect(await rollUpClosedDays(t.db, now)).toBe(0)
    // Half an hour into the next day, today is not closed long enough; an hour later it is.
    const nextDay = addDays(utcDayOf(now), 1)
    const halfPast = new Date(Date.parse(`${nextDay}T00:30:00Z`))
    expect(lastClosedDay(halfPast)).toBe(addDays(utcDayOf(now), -1))
    expect(await rollUpClosedDays(t.db, halfPast)).toBe(0)
    expect(await rollUpClosedDays(t.db, new Date(halfPast.getTime() + rollUpAfterMs))).toBe(1)
    // The figures read a rolled-up day from its row, not from the day's decisions.
    await t.db
      .update(dailyFigureRows)
      .set({ fees: '987654' })
      .where(eq(dailyFigureRows.day, depositDay))
    const read = await figuresOf(now)
    expect(read.find((day) => day.day === depositDay)?.fees).toBe(987_654n)
  })

  it('reconciles when due, on one server at a time, and keeps each result', async () => {
    const now = t.clock.now()
    const first = await reconcileWhenDue(t.db, now, 15 * 60_000)
    expect(first?.difference).toBe(0n)
    expect(await lastReconciliation(t.db)).toEqual(first)
    // Not due again until its interval has passed: another server's round does nothing.
    expect(await reconcileWhenDue(t.db, new Date(now.getTime() + 60_000), 15 * 60_000)).toBeNull()
    const later = new Date(now.getTime() + 15 * 60_000)
    expect((await reconcileWhenDue(t.db, later, 15 * 60_000))?.checkedAt).toEqual(later)
    expect((await lastReconciliation(t.db))?.checkedAt).toEqual(later)
  })
})
