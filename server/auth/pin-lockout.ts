import { eq, sql } from 'drizzle-orm'
import type { Queryable } from '../db/database'
import { users } from '../db/schema'

/**
 * Per-account PIN lockout, the login lockout's rules applied to the 4-digit PIN
 * (users.failed_pin_count, users.pin_locked_until): after 5 consecutive wrong PINs every PIN
 * check is refused, the right PIN included, for 15 minutes; a right PIN ends the run. The try
 * is counted before the PIN is compared, in one atomic UPDATE, so parallel guesses get no more
 * than 5 comparisons. See docs/decisions/028-attempts-left-and-secret-changes.md.
 */
export const pinLockout = { maxFailures: 5, blockMs: 15 * 60_000 } as const

export type PinAttempt =
  | { allowed: true /** this attempt's number among consecutive failures */; attempt: number }
  | { allowed: false; lockedUntil: Date }

const timestamp = (date: Date) => sql`${date.toISOString()}::timestamptz`

export async function reservePinAttempt(
  db: Queryable,
  userId: number,
  now: Date,
): Promise<PinAttempt> {
  const lockExpired = sql`${users.pinLockedUntil} <= ${timestamp(now)}`
  const [counted] = await db
    .update(users)
    .set({
      failedPinCount: sql`CASE WHEN ${lockExpired} THEN 1 ELSE ${users.failedPinCount} + 1 END`,
      pinLockedUntil: sql`CASE
        WHEN ${lockExpired} THEN NULL
        WHEN ${users.failedPinCount} + 1 >= ${pinLockout.maxFailures}
          THEN ${timestamp(new Date(now.getTime() + pinLockout.blockMs))}
        ELSE ${users.pinLockedUntil} END`,
    })
    .where(sql`${users.id} = ${userId} AND (${users.pinLockedUntil} IS NULL OR ${lockExpired})`)
    .returning({ attempt: users.failedPinCount })
  if (counted) return { allowed: true, attempt: counted.attempt }
  const [row] = await db
    .select({ lockedUntil: users.pinLockedUntil })
    .from(users)
    .where(eq(users.id, userId))
  return {
    allowed: false,
    lockedUntil: row?.lockedUntil ?? new Date(now.getTime() + pinLockout.blockMs),
  }
}

/** A right PIN ends the run of failures (and a lock this very attempt set). */
export async function clearPinFailures(db: Queryable, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ failedPinCount: 0, pinLockedUntil: null })
    .where(eq(users.id, userId))
}
