import { eq, sql } from 'drizzle-orm'
import type { Queryable } from '../db/database'
import { users } from '../db/schema'

/**
 * Per-account lockout: after 5 consecutive wrong passcodes the account refuses every login,
 * the right passcode included, for 15 minutes. See docs/decisions/007-login-limits.md.
 */
export const accountLockout = { maxFailures: 5, blockMs: 15 * 60_000 } as const

export type LoginAttempt =
  | { allowed: true /** this attempt's number among consecutive failures */; attempt: number }
  | { allowed: false; lockedUntil: Date }

const timestamp = (date: Date) => sql`${date.toISOString()}::timestamptz`

/**
 * Counts the attempt before the passcode is checked, in one atomic UPDATE, so parallel guesses
 * cannot get past the limit: the fifth attempt sets the lock at once (a right passcode then
 * lifts it, see `loginSucceeded`); a lock that has run out starts a fresh count.
 */
export async function reserveLoginAttempt(
  db: Queryable,
  userId: number,
  now: Date,
): Promise<LoginAttempt> {
  const lockExpired = sql`${users.lockedUntil} <= ${timestamp(now)}`
  const [counted] = await db
    .update(users)
    .set({
      failedLoginCount: sql`CASE WHEN ${lockExpired} THEN 1 ELSE ${users.failedLoginCount} + 1 END`,
      lockedUntil: sql`CASE
        WHEN ${lockExpired} THEN NULL
        WHEN ${users.failedLoginCount} + 1 >= ${accountLockout.maxFailures}
          THEN ${timestamp(new Date(now.getTime() + accountLockout.blockMs))}
        ELSE ${users.lockedUntil} END`,
    })
    .where(sql`${users.id} = ${userId} AND (${users.lockedUntil} IS NULL OR ${lockExpired})`)
    .returning({ attempt: users.failedLoginCount })
  if (counted) return { allowed: true, attempt: counted.attempt }
  const [row] = await db
    .select({ lockedUntil: users.lockedUntil })
    .from(users)
    .where(eq(users.id, userId))
  return {
    allowed: false,
    lockedUntil: row?.lockedUntil ?? new Date(now.getTime() + accountLockout.blockMs),
  }
}

/** A wrong passcode: the lock, when this attempt was the one that set it. */
export function lockAfterFailure(attempt: number, now: Date): Date | null {
  return attempt >= accountLockout.maxFailures
    ? new Date(now.getTime() + accountLockout.blockMs)
    : null
}

/** A right passcode ends the run of failures (and a lock this very attempt set). */
export async function clearLoginFailures(db: Queryable, userId: number): Promise<void> {
  await db.update(users).set({ failedLoginCount: 0, lockedUntil: null }).where(eq(users.id, userId))
}
