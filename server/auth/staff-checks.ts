import { eq } from 'drizzle-orm'
import type { Queryable } from '../db/database'
import { staff } from '../db/schema'
import { failCheck, type LockoutRow, passCheck, releaseCheck, startCheck } from './attempt-lockout'
import { addressBlockedUntil, type FailureKind, recordFailure } from './failure-log'
import type { LimitedCheck } from './limited-checks'
import { passcodeChecks, pruneUnknownEmailLockouts, unknownEmailSubject } from './passcode-checks'

/**
 * The limits of a staff sign-in, the customers' own (docs/decisions/007, 020): 5 wrong answers,
 * each within 15 minutes of the one before, block the person for 15 minutes, the right answer
 * included; 20 failures from one client address in 15 minutes block the address. The password
 * and the second factor count towards the same 5, so a stolen password cannot be followed by
 * guessed codes; and only a finished sign-in (the second factor right) starts the count again:
 * a right password alone does not, or a thief of the password could guess codes four at a time
 * for ever. An e-mail without a member of staff goes through the very same steps against
 * its own row (unknown_email_lockouts), so the answers do not tell which e-mails are staff.
 */
export const staffSubject = (staffId: number): LockoutRow => ({
  table: staff,
  where: eq(staff.id, staffId),
  columns: {
    failures: staff.failedLoginCount,
    lastFailureAt: staff.lastFailedLoginAt,
    lockedUntil: staff.lockedUntil,
    checksInFlight: staff.loginChecksInFlight,
    checksStartedAt: staff.loginChecksStartedAt,
  },
})

const later = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b))

/**
 * Runs `check` (the password's argon2id verification, a TOTP code, a passkey answer) under the
 * limits: `subject` is the person's row, or null for an e-mail without one. `kind` is how the
 * failure log files a wrong answer ('passcode' for the password, 'code' for a second factor).
 * `finishes`: a right answer ends the sign-in, and clears the count.
 */
export async function checkStaffLimited(
  db: Queryable,
  attempt: {
    subject: { staffId: number } | { unknownEmail: string }
    email: string
    kind: FailureKind
    finishes: boolean
    address: string
    now: Date
  },
  check: () => Promise<boolean>,
): Promise<LimitedCheck<object>> {
  const { email, address, now, kind } = attempt
  const addressBlock = await addressBlockedUntil(db, address, now)
  if (addressBlock) return { ok: false, blockedUntil: addressBlock }
  const row =
    'staffId' in attempt.subject
      ? staffSubject(attempt.subject.staffId)
      : await unknownEmailSubject(db, attempt.subject.unknownEmail)
  const blocked = await startCheck(db, row, passcodeChecks, now)
  if (blocked) return { ok: false, blockedUntil: blocked }
  let right: boolean
  try {
    right = await check()
  } catch (error) {
    await releaseCheck(db, row)
    throw error
  }
  if (right) {
    await (attempt.finishes ? passCheck(db, row) : releaseCheck(db, row))
    return { ok: true }
  }
  await recordFailure(db, { address, email, kind, now })
  const failed = await failCheck(db, row, passcodeChecks, now)
  if (!('staffId' in attempt.subject)) await pruneUnknownEmailLockouts(db, now)
  const blockedUntil = later(failed.blockedUntil, await addressBlockedUntil(db, address, now))
  return blockedUntil
    ? { ok: false, blockedUntil }
    : { ok: false, blockedUntil, attemptsLeft: failed.attemptsLeft }
}
