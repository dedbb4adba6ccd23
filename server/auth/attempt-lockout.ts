import { setTimeout as sleep } from 'node:timers/promises'
import { getTableColumns, type SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Queryable } from '../db/database'
import type { users } from '../db/schema'
import { ServerBusy } from '../load/server-busy'

/**
 * One lockout scheme for every secret a customer types (passcode, PIN, e-mailed transfer code):
 * `maxFailures` wrong answers, each less than `windowMs` after the one before, block for
 * `blockMs` from the last; a right answer starts the count again. Only finished, wrong checks
 * count: a check in progress holds one of the places, so parallel guesses still get at most
 * `maxFailures` comparisons, and a right answer sent several times at once is never counted as
 * wrong. A check that finds no place waits for one. See docs/decisions/020.
 *
 * `windowMs` must be at least `blockMs`: the failures that set a block must have gone stale by
 * its end, or the count would stay full.
 */
export interface LockoutPolicy {
  maxFailures: number
  windowMs: number
  blockMs: number
  /** A place held longer than this (its server died mid-check) is given back. */
  inFlightExpiryMs: number
}

/** Where one subject's lockout lives: a row of some table and its five columns. */
export interface LockoutRow {
  table: PgTable
  where: SQL
  columns: {
    failures: PgColumn
    lastFailureAt: PgColumn
    lockedUntil: PgColumn
    checksInFlight: PgColumn
    checksStartedAt: PgColumn
  }
}

const waitStepMs = 20
const maxWaitMs = 10_000

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`
const ago = (now: Date, ms: number) => at(new Date(now.getTime() - ms))
const asDate = (value: unknown) => (value == null ? null : new Date(value as string | Date))
const lessOne = (column: PgColumn) => sql`GREATEST(${column} - 1, 0)`

/** The tables differ, the statements do not: drizzle's builders typed on one of them. */
const asUsers = (table: PgTable) => table as typeof users

/** `set` of drizzle's update is keyed by property names: the row's values so keyed. */
function setOf(row: LockoutRow, values: [PgColumn, SQL | Date | number | null][]) {
  const keys = new Map(
    Object.entries(getTableColumns(row.table)).map(([key, column]) => [column, key]),
  )
  return Object.fromEntries(
    values.map(([column, value]) => {
      const key = keys.get(column)
      if (!key) throw new Error(`column ${column.name} is not in the lockout's table`)
      return [key, value]
    }),
  )
}

async function lockedUntilOf(db: Queryable, row: LockoutRow, now: Date) {
  const [current] = await db
    .select({ lockedUntil: row.columns.lockedUntil })
    .from(asUsers(row.table))
    .where(row.where)
  if (!current) return undefined
  const lockedUntil = asDate(current.lockedUntil)
  return lockedUntil && lockedUntil > now ? lockedUntil : null
}

/** Takes a place for one check: null when it may go ahead, else the end of the block. */
export async function startCheck(
  db: Queryable,
  row: LockoutRow,
  policy: LockoutPolicy,
  now: Date,
): Promise<Date | null> {
  const waitUntil = Date.now() + maxWaitMs
  for (;;) {
    const blocked = await tryStart(db, row, policy, now)
    if (blocked !== 'busy') return blocked
    if (Date.now() > waitUntil) throw new ServerBusy(1)
    await sleep(waitStepMs)
  }
}

async function tryStart(
  db: Queryable,
  row: LockoutRow,
  policy: LockoutPolicy,
  now: Date,
): Promise<Date | null | 'busy'> {
  const c = row.columns
  const failuresStale = sql`(${c.lastFailureAt} IS NULL OR ${c.lastFailureAt} <= ${ago(now, policy.windowMs)})`
  const checksStale = sql`(${c.checksStartedAt} IS NULL OR ${c.checksStartedAt} <= ${ago(now, policy.inFlightExpiryMs)})`
  const failures = sql`(CASE WHEN ${failuresStale} THEN 0 ELSE ${c.failures} END)`
  const checks = sql`(CASE WHEN ${checksStale} THEN 0 ELSE ${c.checksInFlight} END)`
  const started = await db
    .update(asUsers(row.table))
    .set(
      setOf(row, [
        [c.failures, failures],
        [c.lockedUntil, sql`CASE WHEN ${failuresStale} THEN NULL ELSE ${c.lockedUntil} END`],
        [c.checksInFlight, sql`${checks} + 1`],
        [c.checksStartedAt, now],
      ]),
    )
    .where(
      sql`${row.where} AND (${c.lockedUntil} IS NULL OR ${c.lockedUntil} <= ${at(now)})
        AND ${failures} + ${checks} < ${policy.maxFailures}`,
    )
    .returning({ one: sql`1` })
  if (started.length > 0) return null
  const lockedUntil = await lockedUntilOf(db, row, now)
  // No row: nothing to count against (callers create their rows first).
  if (lockedUntil === undefined) return null
  return lockedUntil ?? 'busy'
}

/** A wrong answer: counts it and gives the place back; the block's end when this set one. */
export async function failCheck(
  db: Queryable,
  row: LockoutRow,
  policy: LockoutPolicy,
  now: Date,
): Promise<{ blockedUntil: Date | null; attemptsLeft: number }> {
  const c = row.columns
  const lockAt = at(new Date(now.getTime() + policy.blockMs))
  const [counted] = await db
    .update(asUsers(row.table))
    .set(
      setOf(row, [
        [c.failures, sql`${c.failures} + 1`],
        [c.lastFailureAt, now],
        [
          c.lockedUntil,
          sql`CASE WHEN ${c.failures} + 1 >= ${policy.maxFailures} THEN ${lockAt} ELSE ${c.lockedUntil} END`,
        ],
        [c.checksInFlight, lessOne(c.checksInFlight)],
      ]),
    )
    .where(row.where)
    .returning({ lockedUntil: c.lockedUntil, failures: c.failures })
  const lockedUntil = asDate(counted?.lockedUntil)
  return {
    blockedUntil: lockedUntil && lockedUntil > now ? lockedUntil : null,
    attemptsLeft: Math.max(0, policy.maxFailures - Number(counted?.failures ?? 0)),
  }
}

/** No failures and no block: what a right answer or a new secret leaves. */
const cleared = (c: LockoutRow['columns']): [PgColumn, null | number][] => [
  [c.failures, 0],
  [c.lockedUntil, null],
  [c.lastFailureAt, null],
]

/** A right answer: ends the run of failures and gives the place back. */
export async function passCheck(db: Queryable, row: LockoutRow) {
  const inFlight = row.columns.checksInFlight
  await db
    .update(asUsers(row.table))
    .set(setOf(row, [...cleared(row.columns), [inFlight, lessOne(inFlight)]]))
    .where(row.where)
}

/** A check that could not finish (an error, an overloaded server): its place back, no count. */
export async function releaseCheck(db: Queryable, row: LockoutRow) {
  const inFlight = row.columns.checksInFlight
  await db
    .update(asUsers(row.table))
    .set(setOf(row, [[inFlight, lessOne(inFlight)]]))
    .where(row.where)
}

/** Clears a lockout (a new secret was set): no failures, no block. */
export async function clearLockout(db: Queryable, row: LockoutRow) {
  await db
    .update(asUsers(row.table))
    .set(setOf(row, cleared(row.columns)))
    .where(row.where)
}

/** The end of a running block, without taking a place. */
export async function blockedUntil(db: Queryable, row: LockoutRow, now: Date) {
  return (await lockedUntilOf(db, row, now)) ?? null
}
