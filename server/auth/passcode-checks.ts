import { setTimeout as sleep } from 'node:timers/promises'
import { and, eq, isNull, lte, or, type SQL, sql } from 'drizzle-orm'
import type { Queryable } from '../db/database'
import { unknownEmailLockouts, users } from '../db/schema'
import { ServerBusy } from '../load/server-busy'
import { accountLockout } from './account-lockout'

/**
 * The passcode lockout, the same for an account and for an e-mail without one: 5 wrong
 * passcodes, each less than 15 minutes after the one before, block the e-mail for 15 minutes
 * from the fifth; a right passcode starts the count again. Only finished, wrong checks count.
 * A check in progress holds one of the 5 places, so parallel guesses still get at most 5
 * comparisons, and a check that finds no place waits for one instead of being counted.
 * See docs/decisions/020-passcode-checks-in-flight.md.
 */
export const passcodeChecks = {
  ...accountLockout,
  /** Failures further apart than this start a new count. */
  windowMs: 15 * 60_000,
  /** A place held longer than this (its server died mid-check) is given back. */
  inFlightExpiryMs: 60_000,
  waitStepMs: 20,
  maxWaitMs: 10_000,
} as const

export type PasscodeSubject =
  | { table: typeof users; where: SQL }
  | { table: typeof unknownEmailLockouts; where: SQL }

export const accountSubject = (userId: number): PasscodeSubject => ({
  table: users,
  where: eq(users.id, userId),
})

/** The subject for an e-mail without an account; creates its row on first use. */
export async function unknownEmailSubject(db: Queryable, email: string): Promise<PasscodeSubject> {
  await db.insert(unknownEmailLockouts).values({ email }).onConflictDoNothing()
  return { table: unknownEmailLockouts, where: eq(unknownEmailLockouts.email, email) }
}

/** The count of checks running, less the one that ends now. */
const placeGivenBack = (t: PasscodeSubject['table']) =>
  sql`GREATEST(${t.loginChecksInFlight} - 1, 0)`

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`
const ago = (now: Date, ms: number) => at(new Date(now.getTime() - ms))

/** Takes a place for one passcode check; resolves null when it may go ahead, or the block's end. */
export async function startPasscodeCheck(
  db: Queryable,
  subject: PasscodeSubject,
  now: Date,
): Promise<Date | null> {
  const waitUntil = Date.now() + passcodeChecks.maxWaitMs
  for (;;) {
    const blocked = await tryStart(db, subject, now)
    if (blocked !== 'busy') return blocked
    if (Date.now() > waitUntil) throw new ServerBusy(1)
    await sleep(passcodeChecks.waitStepMs)
  }
}

async function tryStart(
  db: Queryable,
  { table: t, where }: PasscodeSubject,
  now: Date,
): Promise<Date | null | 'busy'> {
  const failuresStale = sql`(${t.lastFailedLoginAt} IS NULL OR ${t.lastFailedLoginAt} <= ${ago(now, passcodeChecks.windowMs)})`
  const checksStale = sql`(${t.loginChecksStartedAt} IS NULL OR ${t.loginChecksStartedAt} <= ${ago(now, passcodeChecks.inFlightExpiryMs)})`
  const failures = sql`(CASE WHEN ${failuresStale} THEN 0 ELSE ${t.failedLoginCount} END)`
  const checks = sql`(CASE WHEN ${checksStale} THEN 0 ELSE ${t.loginChecksInFlight} END)`
  const started = await (db as Queryable)
    .update(t as typeof users)
    .set({
      failedLoginCount: failures,
      lockedUntil: sql`CASE WHEN ${failuresStale} THEN NULL ELSE ${t.lockedUntil} END`,
      loginChecksInFlight: sql`${checks} + 1`,
      loginChecksStartedAt: now,
    })
    .where(
      and(
        where,
        or(isNull(t.lockedUntil), lte(t.lockedUntil, now)),
        sql`${failures} + ${checks} < ${passcodeChecks.maxFailures}`,
      ),
    )
    .returning({ failed: t.failedLoginCount })
  if (started.length > 0) return null
  const [row] = await db
    .select({ lockedUntil: t.lockedUntil })
    .from(t as typeof users)
    .where(where)
  if (row?.lockedUntil && row.lockedUntil > now) return row.lockedUntil
  return row ? 'busy' : null
}

/** A wrong passcode: counts it and gives the place back; the block's end when this set it. */
export async function failPasscodeCheck(
  db: Queryable,
  { table: t, where }: PasscodeSubject,
  now: Date,
): Promise<{ blockedUntil: Date | null; attemptsLeft: number }> {
  const lockAt = at(new Date(now.getTime() + passcodeChecks.blockMs))
  const [row] = await db
    .update(t as typeof users)
    .set({
      failedLoginCount: sql`${t.failedLoginCount} + 1`,
      lastFailedLoginAt: now,
      lockedUntil: sql`CASE WHEN ${t.failedLoginCount} + 1 >= ${passcodeChecks.maxFailures} THEN ${lockAt} ELSE ${t.lockedUntil} END`,
      loginChecksInFlight: placeGivenBack(t),
    })
    .where(where)
    .returning({ lockedUntil: t.lockedUntil, failedLoginCount: t.failedLoginCount })
  return {
    blockedUntil: row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : null,
    attemptsLeft: Math.max(0, passcodeChecks.maxFailures - (row?.failedLoginCount ?? 0)),
  }
}

/** A right passcode: ends the run of failures and gives the place back. */
export async function passPasscodeCheck(
  db: Queryable,
  { table: t, where }: PasscodeSubject,
): Promise<void> {
  await db
    .update(t as typeof users)
    .set({
      failedLoginCount: 0,
      lockedUntil: null,
      lastFailedLoginAt: null,
      loginChecksInFlight: placeGivenBack(t),
    })
    .where(where)
}

/** A check that could not finish (an error, an overloaded server): its place back, no count. */
export async function releasePasscodeCheck(
  db: Queryable,
  { table: t, where }: PasscodeSubject,
): Promise<void> {
  await db
    .update(t as typeof users)
    .set({ loginChecksInFlight: placeGivenBack(t) })
    .where(where)
}

/** Rows of e-mails without an account that have been quiet for a day go. */
export async function pruneUnknownEmailLockouts(db: Queryable, now: Date): Promise<void> {
  await db
    .delete(unknownEmailLockouts)
    .where(
      sql`coalesce(${unknownEmailLockouts.lastFailedLoginAt}, ${unknownEmailLockouts.loginChecksStartedAt}) < ${ago(now, 24 * 3_600_000)}`,
    )
}
