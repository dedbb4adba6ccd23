import { eq, sql } from 'drizzle-orm'
import type { Queryable } from '../db/database'
import { type lockedSecrets, secretLockouts, users } from '../db/schema'
import {
  clearLockout,
  failCheck,
  type LockoutPolicy,
  type LockoutRow,
  passCheck,
  releaseCheck,
  startCheck,
} from './attempt-lockout'
import { verifySecret } from './secrets'

/**
 * The lockouts of the secrets that authorise a transfer, one row per customer and secret.
 *
 * The transaction PIN's lockout: 5 wrong PINs, each less than 30 minutes after the one before,
 * block transfers (and PIN changes) for 30 minutes, the right PIN included; the customer is told
 * until when. Only finished wrong PINs count: the right PIN sent several times at once never
 * blocks (docs/decisions/020 and 031).
 */
export const pinLockout: LockoutPolicy = {
  maxFailures: 5,
  windowMs: 30 * 60_000,
  blockMs: 30 * 60_000,
  inFlightExpiryMs: 60_000,
}

/**
 * Wrong e-mailed transfer codes across authorisations (each code also has its own 5 tries): 10,
 * each less than an hour after the one before, block transfers for an hour, so codes cannot be
 * guessed by starting authorisation after authorisation (docs/decisions/031).
 */
export const transferCodeLockout: LockoutPolicy = {
  maxFailures: 10,
  windowMs: 60 * 60_000,
  blockMs: 60 * 60_000,
  inFlightExpiryMs: 60_000,
}

type LockedSecret = (typeof lockedSecrets)[number]

/** Where a customer's lockout of one secret lives (the row may not exist yet: nothing counted). */
export function secretLockout(userId: number, secret: LockedSecret): LockoutRow {
  const t = secretLockouts
  return {
    table: t,
    where: sql`${t.userId} = ${userId} AND ${t.secret} = ${secret}`,
    columns: {
      failures: t.failedCount,
      lastFailureAt: t.lastFailedAt,
      lockedUntil: t.lockedUntil,
      checksInFlight: t.checksInFlight,
      checksStartedAt: t.checksStartedAt,
    },
  }
}

/** The same, with its row created on first use: a check counts against it. */
export async function secretLockoutRow(
  db: Queryable,
  userId: number,
  secret: LockedSecret,
): Promise<LockoutRow> {
  await db.insert(secretLockouts).values({ userId, secret }).onConflictDoNothing()
  return secretLockout(userId, secret)
}

export type PinCheck =
  | { ok: true }
  | { ok: false; reason: 'no-pin' }
  | { ok: false; reason: 'wrong'; triesLeft: number; blockedUntil: Date | null }
  | { ok: false; reason: 'blocked'; blockedUntil: Date }

export async function checkPinLimited(
  db: Queryable,
  userId: number,
  pin: string,
  now: Date,
): Promise<PinCheck> {
  const lockout = await secretLockoutRow(db, userId, 'pin')
  const blockedUntil = await startCheck(db, lockout, pinLockout, now)
  if (blockedUntil) return { ok: false, reason: 'blocked', blockedUntil }
  let right: boolean | null
  try {
    const [user] = await db
      .select({ pinHash: users.pinHash })
      .from(users)
      .where(eq(users.id, userId))
    right = user?.pinHash ? await verifySecret(user.pinHash, pin) : null
  } catch (error) {
    await releaseCheck(db, lockout)
    throw error
  }
  if (right === null) {
    await releaseCheck(db, lockout)
    return { ok: false, reason: 'no-pin' }
  }
  if (right) {
    await passCheck(db, lockout)
    return { ok: true }
  }
  const failed = await failCheck(db, lockout, pinLockout, now)
  return {
    ok: false,
    reason: 'wrong',
    triesLeft: failed.attemptsLeft,
    blockedUntil: failed.blockedUntil,
  }
}

/** A new PIN was set (created or reset): earlier wrong PINs and a block no longer count. */
export async function clearPinFailures(db: Queryable, userId: number): Promise<void> {
  await clearLockout(db, secretLockout(userId, 'pin'))
}
