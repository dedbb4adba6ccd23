import { eq, sql } from 'drizzle-orm'
import type { Queryable } from '../db/database'
import { users } from '../db/schema'

/**
 * A per-account count of consecutive wrong secrets with a block: after `maxFailures` in a row
 * every check is refused, the right secret included, for `blockMs`; a right secret ends the run.
 * The try is counted before the secret is compared, in one atomic UPDATE, so parallel guesses
 * get no more than `maxFailures` comparisons; a block that has run out starts a fresh count.
 * The PIN uses it (pin-lockout.ts); the login passcode's account-lockout.ts has the same rules.
 */
const fields = {
  login: { count: 'failedLoginCount', lockedUntil: 'lockedUntil' },
  pin: { count: 'failedPinCount', lockedUntil: 'pinLockedUntil' },
} as const

export type Counter = keyof typeof fields

export interface FailureLimit {
  maxFailures: number
  blockMs: number
}

export type Attempt =
  /** `attempt`: this attempt's number among consecutive failures. */
  { allowed: true; attempt: number } | { allowed: false; lockedUntil: Date }

const timestamp = (date: Date) => sql`${date.toISOString()}::timestamptz`

export async function reserveAttempt(
  db: Queryable,
  counter: Counter,
  limit: FailureLimit,
  userId: number,
  now: Date,
): Promise<Attempt> {
  const names = fields[counter]
  const count = users[names.count]
  const lockedUntil = users[names.lockedUntil]
  const lockExpired = sql`${lockedUntil} <= ${timestamp(now)}`
  const [counted] = await db
    .update(users)
    .set({
      [names.count]: sql`CASE WHEN ${lockExpired} THEN 1 ELSE ${count} + 1 END`,
      [names.lockedUntil]: sql`CASE
        WHEN ${lockExpired} THEN NULL
        WHEN ${count} + 1 >= ${limit.maxFailures}
          THEN ${timestamp(new Date(now.getTime() + limit.blockMs))}
        ELSE ${lockedUntil} END`,
    })
    .where(sql`${users.id} = ${userId} AND (${lockedUntil} IS NULL OR ${lockExpired})`)
    .returning({ attempt: count })
  if (counted) return { allowed: true, attempt: counted.attempt }
  const [row] = await db.select({ lockedUntil }).from(users).where(eq(users.id, userId))
  return {
    allowed: false,
    lockedUntil: row?.lockedUntil ?? new Date(now.getTime() + limit.blockMs),
  }
}

/** A right secret ends the run of failures (and a block this very attempt set). */
export async function clearFailures(db: Queryable, counter: Counter, userId: number) {
  const names = fields[counter]
  await db
    .update(users)
    .set({ [names.count]: 0, [names.lockedUntil]: null })
    .where(eq(users.id, userId))
}
