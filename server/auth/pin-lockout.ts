import { eq, sql } from 'drizzle-orm'
import type { Queryable } from '../db/database'
import { users } from '../db/schema'
import { verifySecret } from './secrets'

/**
 * The transaction PIN's own lockout: after 5 consecutive wrong PINs, transfers are blocked for
 * 30 minutes, the right PIN included; the customer is told until when. Counted before the PIN
 * is checked, in one atomic UPDATE, so parallel guesses cannot pass the limit (the same scheme
 * as the login lockout, docs/decisions/007, on the PIN's columns).
 */
export const pinLockout = { maxFailures: 5, blockMs: 30 * 60_000 } as const

export type PinCheck =
  | { ok: true }
  | { ok: false; reason: 'no-pin' }
  | { ok: false; reason: 'wrong'; triesLeft: number; blockedUntil: Date | null }
  | { ok: false; reason: 'blocked'; blockedUntil: Date }

const timestamp = (date: Date) => sql`${date.toISOString()}::timestamptz`

export async function checkPinLimited(db: Queryable, userId: number, pin: string, now: Date) {
  const lockExpired = sql`${users.pinLockedUntil} <= ${timestamp(now)}`
  const blockUntil = new Date(now.getTime() + pinLockout.blockMs)
  const [counted] = await db
    .update(users)
    .set({
      failedPinCount: sql`CASE WHEN ${lockExpired} THEN 1 ELSE ${users.failedPinCount} + 1 END`,
      pinLockedUntil: sql`CASE
        WHEN ${lockExpired} THEN NULL
        WHEN ${users.failedPinCount} + 1 >= ${pinLockout.maxFailures} THEN ${timestamp(blockUntil)}
        ELSE ${users.pinLockedUntil} END`,
    })
    .where(sql`${users.id} = ${userId} AND (${users.pinLockedUntil} IS NULL OR ${lockExpired})`)
    .returning({ attempt: users.failedPinCount, pinHash: users.pinHash })
  if (!counted) {
    const [row] = await db
      .select({ until: users.pinLockedUntil })
      .from(users)
      .where(eq(users.id, userId))
    return { ok: false, reason: 'blocked', blockedUntil: row?.until ?? blockUntil } as PinCheck
  }
  if (!counted.pinHash) {
    await clearPinFailures(db, userId)
    return { ok: false, reason: 'no-pin' } as PinCheck
  }
  if (await verifySecret(counted.pinHash, pin)) {
    await clearPinFailures(db, userId)
    return { ok: true } as PinCheck
  }
  const triesLeft = Math.max(0, pinLockout.maxFailures - counted.attempt)
  return {
    ok: false,
    reason: 'wrong',
    triesLeft,
    blockedUntil: triesLeft === 0 ? blockUntil : null,
  } as PinCheck
}

async function clearPinFailures(db: Queryable, userId: number) {
  await db
    .update(users)
    .set({ failedPinCount: 0, pinLockedUntil: null })
    .where(eq(users.id, userId))
}
