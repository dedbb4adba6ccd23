import type { Queryable } from '../db/database'
import { failCheck, passCheck, releaseCheck, startCheck } from './attempt-lockout'
import { addressBlockedUntil, recordFailure } from './failure-log'
import { type CodePurpose, checkCode } from './one-time-codes'
import {
  accountSubject,
  passcodeChecks,
  pruneUnknownEmailLockouts,
  unknownEmailSubject,
} from './passcode-checks'
import { spendVerifyWork, verifySecret } from './secrets'

/**
 * The passcode and e-mailed-code checks with every limit applied: the client address's limit,
 * the account's lockout (or the same lockout for an e-mail without an account) and the code's
 * own tries. Callers answer `blockedUntil` with the "too many attempts" message and any other
 * failure with their usual message, never saying which part was wrong.
 */
export type LimitedCheck<T> =
  | ({ ok: true } & T)
  | {
      ok: false
      blockedUntil: Date | null
      /** Tries left before the block, when the passcode was wrong and nothing is blocked yet. */
      attemptsLeft?: number
    }

const later = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b))

export async function checkPasscodeLimited(
  db: Queryable,
  attempt: {
    user: { id: number; passcodeHash: string } | undefined
    email: string
    password: string
    address: string
    now: Date
  },
): Promise<LimitedCheck<object>> {
  const { user } = attempt
  return checkSignInLimited(db, attempt, () =>
    user ? verifySecret(user.passcodeHash, attempt.password) : spendVerifyWork(attempt.password),
  )
}

/**
 * A sign-in's check (the passcode's argon2id, a passkey's signature: docs/decisions/081) under
 * the login's limits: the address's, and the account's lockout (or the same lockout for an
 * e-mail without one). `verify` runs only when nothing blocks, and a false counts as a failure.
 */
export async function checkSignInLimited(
  db: Queryable,
  attempt: { user: { id: number } | undefined; email: string; address: string; now: Date },
  verify: () => Promise<boolean>,
): Promise<LimitedCheck<object>> {
  const { user, email, address, now } = attempt
  const addressBlock = await addressBlockedUntil(db, address, now)
  if (addressBlock) return { ok: false, blockedUntil: addressBlock }

  // An e-mail without an account goes through the very same steps, against its own row.
  const subject = user ? accountSubject(user.id) : await unknownEmailSubject(db, email)
  const blocked = await startCheck(db, subject, passcodeChecks, now)
  if (blocked) return { ok: false, blockedUntil: blocked }
  let right: boolean
  try {
    right = await verify()
  } catch (error) {
    await releaseCheck(db, subject)
    throw error
  }
  if (right) {
    await passCheck(db, subject)
    return { ok: true }
  }
  await recordFailure(db, { address, email, kind: 'passcode', now })
  // Counted the same way for an e-mail without an account, so the answers stay alike.
  const failed = await failCheck(db, subject, passcodeChecks, now)
  await pruneUnknownEmailLockouts(db, now)
  const blockedUntil = later(failed.blockedUntil, await addressBlockedUntil(db, address, now))
  return blockedUntil
    ? { ok: false, blockedUntil }
    : { ok: false, blockedUntil, attemptsLeft: failed.attemptsLeft }
}

export async function checkCodeLimited(
  db: Queryable,
  attempt: {
    userId: number | null
    email: string
    purpose: CodePurpose
    code: string
    address: string
    now: Date
  },
): Promise<LimitedCheck<{ codeId: number }>> {
  const { email, address, now } = attempt
  const addressBlock = await addressBlockedUntil(db, address, now)
  if (addressBlock) return { ok: false, blockedUntil: addressBlock }
  const codeId = await checkCode(db, attempt)
  if (codeId !== null) return { ok: true, codeId }
  await recordFailure(db, { address, email, kind: 'code', now })
  return { ok: false, blockedUntil: await addressBlockedUntil(db, address, now) }
}
