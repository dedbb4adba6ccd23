import { and, desc, eq, gt, lt, type SQL } from 'drizzle-orm'
import type { Queryable } from '../db/database'
import { loginFailures } from '../db/schema'

/**
 * The record of failed sign-in steps (wrong passcodes, wrong e-mailed codes) and the limits read
 * from it: at most 20 failures per client address in 15 minutes, across all accounts (an e-mail
 * without an account has its own lockout row: passcode-checks.ts).
 * See docs/decisions/007-login-limits.md.
 */
export const addressLimit = { maxFailures: 20, windowMs: 15 * 60_000 } as const
/** Rows older than this are pruned whenever a failure is recorded. */
export const failureRetentionMs = 24 * 3_600_000

export type FailureKind = 'passcode' | 'code'

export async function recordFailure(
  db: Queryable,
  failure: { address: string; email: string; kind: FailureKind; now: Date },
): Promise<void> {
  const { now, ...fields } = failure
  await db.insert(loginFailures).values({ ...fields, at: now })
  await db
    .delete(loginFailures)
    .where(lt(loginFailures.at, new Date(now.getTime() - failureRetentionMs)))
}

/**
 * When `maxFailures` failures matching `filter` fall in the window before `now`, the time the
 * oldest of the newest `maxFailures` leaves the window (the block's end); otherwise null.
 */
async function blockedUntil(
  db: Queryable,
  filter: SQL | undefined,
  limit: { maxFailures: number; windowMs: number },
  now: Date,
): Promise<Date | null> {
  const [edge] = await db
    .select({ at: loginFailures.at })
    .from(loginFailures)
    .where(and(filter, gt(loginFailures.at, new Date(now.getTime() - limit.windowMs))))
    .orderBy(desc(loginFailures.at))
    .offset(limit.maxFailures - 1)
    .limit(1)
  return edge ? new Date(edge.at.getTime() + limit.windowMs) : null
}

/** Until when the address may not try again, or null. Counts failures of every kind. */
export const addressBlockedUntil = (db: Queryable, address: string, now: Date) =>
  blockedUntil(db, eq(loginFailures.address, address), addressLimit, now)
