import type { Queryable } from '../db/database'
import { type Attempt, clearFailures, reserveAttempt } from './consecutive-failures'

/**
 * Per-account PIN lockout, the login lockout's rules applied to the 4-digit PIN
 * (users.failed_pin_count, users.pin_locked_until): after 5 consecutive wrong PINs every PIN
 * check is refused, the right PIN included, for 15 minutes; a right PIN ends the run.
 * See docs/decisions/028-attempts-left-and-secret-changes.md.
 */
export const pinLockout = { maxFailures: 5, blockMs: 15 * 60_000 } as const

export type PinAttempt = Attempt

export const reservePinAttempt = (db: Queryable, userId: number, now: Date) =>
  reserveAttempt(db, 'pin', pinLockout, userId, now)

export const clearPinFailures = (db: Queryable, userId: number) => clearFailures(db, 'pin', userId)
