import { randomBytes } from 'node:crypto'
import { and, asc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm'
import { currencySymbol as currencySymbolOf, formatMoney } from '#api/money'
import type { Database, Queryable } from '../db/database'
import {
  notifications,
  transferAuthorizations,
  transferRuns,
  transferSeries,
  transfers,
  users,
} from '../db/schema'
import { startPeriodicJob } from '../jobs/periodic-job'
import { enqueueMail } from '../mail/outbox'
import { scheduledRunFailedMail } from '../mail/templates'
import { currencyCodeOf } from './account-currency'
import { isRowId } from './row-ids'
import { dayAfter, type RunPlan, runDays, utcDayOf } from './run-days'
import { type ApprovedTransfer, bindingOf } from './transfer-authorization'
import { submitTransfer } from './transfers'

/**
 * Scheduled and repeating transfers (issue 20, docs/decisions/088). The PIN (and the step-up the
 * rules asked for) authorises a series once, at set-up: its authorisation is consumed then, as a
 * transfer's is. Each run, on its UTC day, is a normal held transfer made through the same
 * database function as the customer's own (`transfer_submit_v1`: currency, balance, a notice or
 * freeze on the account, the service charge), in one transaction with the run's row, whose
 * unique (series, day) makes it happen once across servers and restarts.
 */

export interface SeriesOrder extends ApprovedTransfer {
  userId: number
  authorization: string
  payeeKey: string
  note: string
}

export type SetUp = { ok: true; id: number } | { ok: false; reason: 'not-authorized' }

/** Consumes the completed authorisation for exactly this amount and payee and starts the series. */
export async function setUpSeries(
  db: Database,
  order: SeriesOrder,
  plan: RunPlan,
  now: Date,
): Promise<SetUp> {
  const currency = currencyCodeOf(order.currency) ?? order.currency
  const binding = bindingOf({ ...order, currency })
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(transferAuthorizations)
      .set({ usedAt: now })
      .where(
        and(
          eq(transferAuthorizations.id, order.authorization),
          eq(transferAuthorizations.userId, order.userId),
          isNull(transferAuthorizations.usedAt),
          sql`${transferAuthorizations.authorizedAt} is not null`,
          gt(transferAuthorizations.expiresAt, now),
          eq(transferAuthorizations.amount, order.amount),
          eq(transferAuthorizations.binding, binding),
        ),
      )
      .returning({ id: transferAuthorizations.id })
    if (!used) return { ok: false, reason: 'not-authorized' }
    const [row] = await tx
      .insert(transferSeries)
      .values({
        userId: order.userId,
        authorizationId: used.id,
        amount: order.amount,
        currency,
        binding,
        payeeKey: order.payeeKey,
        bank: order.bank,
        swift: order.swift,
        routing: order.routing,
        country: order.country,
        actNo: order.actNo,
        actHoldName: order.actHoldName,
        note: order.note,
        ...plan,
        nextRunOn: plan.startsOn,
        createdAt: now,
      })
      .returning({ id: transferSeries.id })
    const id = row?.id as number
    const days = runDays(plan)
    const symbol = currencySymbolOf(currency)
    await tx.insert(notifications).values({
      userId: order.userId,
      title: 'Transfer scheduled',
      body:
        days.length === 1
          ? `Your transfer of ${formatMoney(order.amount, symbol)} to ${order.actHoldName} is scheduled for ${plan.startsOn}.`
          : `Your transfer of ${formatMoney(order.amount, symbol)} to ${order.actHoldName} repeats ${plan.cadence}, ${days.length} times from ${plan.startsOn} to ${days.at(-1)}.`,
      createdAt: now,
    })
    return { ok: true, id }
  })
}

type SeriesRow = typeof transferSeries.$inferSelect

const planOf = (series: SeriesRow): RunPlan => ({
  cadence: series.cadence,
  startsOn: series.startsOn,
  endsOn: series.endsOn,
  runCount: series.runCount,
})

export interface SeriesView {
  id: number
  amount: number
  currency: string
  bank: string
  actHoldName: string
  actNo: string
  note: string
  cadence: SeriesRow['cadence']
  upcoming: string[]
  done: Array<{ day: string; status: 'posted' | 'failed' | 'skipped'; reason: string | null }>
}

/** The customer's active series, each with its days still to run and the runs done so far. */
export async function seriesOf(db: Queryable, userId: number): Promise<SeriesView[]> {
  const rows = await db
    .select()
    .from(transferSeries)
    .where(and(eq(transferSeries.userId, userId), eq(transferSeries.status, 'active')))
    .orderBy(asc(transferSeries.nextRunOn), asc(transferSeries.id))
  if (rows.length === 0) return []
  const runs = await db
    .select()
    .from(transferRuns)
    .where(
      inArray(
        transferRuns.seriesId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(transferRuns.runOn))
  return rows.map((series) => {
    const own = runs.filter((run) => run.seriesId === series.id)
    const doneDays = new Set(own.map((run) => run.runOn))
    const next = series.nextRunOn ?? ''
    return {
      id: series.id,
      amount: series.amount,
      currency: series.currency,
      bank: series.bank,
      actHoldName: series.actHoldName,
      actNo: series.actNo,
      note: series.note,
      cadence: series.cadence,
      upcoming: runDays(planOf(series)).filter((day) => day >= next && !doneDays.has(day)),
      done: own.map((run) => ({ day: run.runOn, status: run.status, reason: run.reason })),
    }
  })
}

export type SeriesChange =
  | { ok: true }
  | { ok: false; reason: 'missing' | 'not-a-run' | 'already-done' | 'past' }

/** Locks one active series of the customer's, or finds none. */
async function ownActiveSeries(tx: Queryable, userId: number, seriesId: number) {
  // An id no integer column holds names no series (and must not reach the query).
  if (!isRowId(seriesId)) return undefined
  const [series] = await tx
    .select()
    .from(transferSeries)
    .where(
      and(
        eq(transferSeries.id, seriesId),
        eq(transferSeries.userId, userId),
        eq(transferSeries.status, 'active'),
      ),
    )
    .for('update')
  return series
}

/**
 * Skips one day of a series: the day's run row, written as skipped, keeps the scheduler from
 * making it. A day already run (or being run: the series' lock waits for it) cannot be skipped.
 */
export async function skipRun(
  db: Database,
  owner: { userId: number; seriesId: number; day: string },
  now: Date,
): Promise<SeriesChange> {
  return db.transaction(async (tx) => {
    const series = await ownActiveSeries(tx, owner.userId, owner.seriesId)
    if (!series) return { ok: false, reason: 'missing' }
    if (!runDays(planOf(series)).includes(owner.day)) return { ok: false, reason: 'not-a-run' }
    if (owner.day < utcDayOf(now) || owner.day < (series.nextRunOn ?? ''))
      return { ok: false, reason: 'past' }
    const [skipped] = await tx
      .insert(transferRuns)
      .values({ seriesId: series.id, runOn: owner.day, status: 'skipped', doneAt: now })
      .onConflictDoNothing()
      .returning({ id: transferRuns.id })
    return skipped ? { ok: true } : { ok: false, reason: 'already-done' }
  })
}

/** Cancels a series: no run after this one (a run under way finishes first: the lock waits). */
export async function cancelSeries(
  db: Database,
  owner: { userId: number; seriesId: number },
  now: Date,
): Promise<SeriesChange> {
  return db.transaction(async (tx) => {
    const series = await ownActiveSeries(tx, owner.userId, owner.seriesId)
    if (!series) return { ok: false, reason: 'missing' }
    await tx
      .update(transferSeries)
      .set({ status: 'cancelled', nextRunOn: null, cancelledAt: now })
      .where(eq(transferSeries.id, series.id))
    return { ok: true }
  })
}

const failureReasons = {
  insufficient: 'your available balance did not cover it.',
  blocked: 'your account is on hold, so no money can leave it.',
  'other-currency': 'your account is no longer in the currency it was set up in.',
} as const

type RunOutcome = 'posted' | 'failed' | 'skipped' | 'none'

/**
 * Makes every run due by `now`'s UTC day, one per transaction: the series row is claimed with
 * SKIP LOCKED (another server takes another series, or finds none), the run's row is written
 * with the transfer in the same transaction, and the series moves on to its next day. Safe with
 * several servers and after a crash: an interrupted transaction leaves nothing, and a day done
 * has its row. `mailQueued` wakes the delivery of the failure e-mails.
 */
export async function runDueTransfers(
  db: Database,
  now: Date,
  mailQueued: () => void = () => {},
): Promise<{ posted: number; failed: number }> {
  const today = utcDayOf(now)
  const counts = { posted: 0, failed: 0 }
  for (;;) {
    const outcome = await db.transaction((tx) => runNext(tx, today, now))
    if (outcome === 'none') return counts
    if (outcome === 'posted') counts.posted++
    if (outcome === 'failed') {
      counts.failed++
      mailQueued()
    }
  }
}

async function runNext(tx: Queryable, today: string, now: Date): Promise<RunOutcome> {
  const [series] = await tx
    .select()
    .from(transferSeries)
    .where(and(eq(transferSeries.status, 'active'), lte(transferSeries.nextRunOn, today)))
    .orderBy(asc(transferSeries.nextRunOn), asc(transferSeries.id))
    .limit(1)
    .for('update', { skipLocked: true })
  if (!series?.nextRunOn) return 'none'
  const day = series.nextRunOn
  const next = dayAfter(planOf(series), day)
  await tx
    .update(transferSeries)
    .set({ nextRunOn: next, status: next === null ? 'finished' : 'active' })
    .where(eq(transferSeries.id, series.id))
  const [claimed] = await tx
    .insert(transferRuns)
    .values({ seriesId: series.id, runOn: day, status: 'posted', doneAt: now })
    .onConflictDoNothing()
    .returning({ id: transferRuns.id })
  // Skipped beforehand (or, were the lock ever bypassed, done): nothing more for this day.
  if (!claimed) return 'skipped'
  const authorization = randomBytes(18).toString('base64url')
  await tx.insert(transferAuthorizations).values({
    id: authorization,
    userId: series.userId,
    amount: series.amount,
    payeeKey: series.payeeKey,
    binding: series.binding,
    stepUpRequired: false,
    authorizedAt: now,
    expiresAt: new Date(now.getTime() + 60_000),
    createdAt: now,
  })
  const symbol = currencySymbolOf(series.currency)
  const sent = formatMoney(series.amount, symbol)
  const outcomes = { held: 'held', insufficient: 'insufficient', blocked: 'blocked' } as const
  const submitted = await submitTransfer<string>(
    tx,
    { userId: series.userId, key: `series:${series.id}:${day}`, call: 'series', fingerprint: day },
    {
      userId: series.userId,
      authorization,
      payeeKey: series.payeeKey,
      note: series.note,
      amount: series.amount,
      currency: series.currency,
      bank: series.bank,
      swift: series.swift,
      routing: series.routing,
      country: series.country,
      actNo: series.actNo,
      actHoldName: series.actHoldName,
    },
    now,
    {
      held: () => outcomes.held,
      insufficient: outcomes.insufficient,
      blocked: outcomes.blocked,
      notAuthorized: 'not-authorized',
      otherCurrency: () => 'other-currency',
    },
    {
      savePayee: false,
      notice: `Your scheduled transfer of ${sent} to ${series.actHoldName} for ${day} is being processed.`,
    },
  )
  const answer = submitted.outcome === 'other-fields' ? 'other-fields' : submitted.answer
  if (answer === 'held') {
    const [transfer] = await tx
      .select({ id: transfers.id })
      .from(transfers)
      .where(eq(transfers.authorizationId, authorization))
    await tx
      .update(transferRuns)
      .set({ transferId: transfer?.id ?? null })
      .where(eq(transferRuns.id, claimed.id))
    return 'posted'
  }
  if (!(answer in failureReasons))
    throw new Error(`series ${series.id}, ${day}: the transfer answered ${answer}`)
  const reason = failureReasons[answer as keyof typeof failureReasons]
  await tx
    .update(transferRuns)
    .set({ status: 'failed', reason })
    .where(eq(transferRuns.id, claimed.id))
  const [customer] = await tx
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(eq(users.id, series.userId))
  if (!customer) throw new Error(`user ${series.userId} vanished`)
  const mail = scheduledRunFailedMail(customer.email, customer.language, {
    sent,
    payee: series.actHoldName,
    day,
    reason: reason.charAt(0).toUpperCase() + reason.slice(1),
    next,
  })
  await tx
    .insert(notifications)
    .values({ userId: series.userId, title: mail.title, body: mail.summary, createdAt: now })
  await enqueueMail(tx, mail, now)
  return 'failed'
}

/** Runs `runDueTransfers` every `intervalMs` (a minute by default) while the server runs. */
export function startScheduledTransfersJob(options: {
  db: Database
  now: () => Date
  log: (line: string) => void
  mailQueued: () => void
  intervalMs?: number
}) {
  return startPeriodicJob({
    name: 'scheduled transfers',
    intervalMs: options.intervalMs ?? 60_000,
    log: options.log,
    round: async () => {
      const { posted, failed } = await runDueTransfers(
        options.db,
        options.now(),
        options.mailQueued,
      )
      return posted + failed > 0
        ? `scheduled transfers: ${posted} made, ${failed} could not be made`
        : null
    },
  })
}

/** For tests and operators: the series' days done, in order. */
export const runsOf = (db: Queryable, seriesId: number) =>
  db
    .select()
    .from(transferRuns)
    .where(eq(transferRuns.seriesId, seriesId))
    .orderBy(asc(transferRuns.runOn))
