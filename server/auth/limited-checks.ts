import type { Queryable } from '../db/database'
import {
  accountLockout,
  clearLoginFailures,
  lockAfterFailure,
  reserveLoginAttempt,
} from './account-lockout'
import {
  addressBlockedUntil,
  recordFailure,
  unknownEmailBlockedUntil,
  unknownEmailFailureCount,
  unknownEmailLimit,
} from './failure-log'
import { type CodePurpose, checkCode } from './one-time-codes'
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
      /** Tries left before the account's block, when the passcode was wrong and not blocked. */
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
  const { user, email, address, now } = attempt
  const addressBlock = await addressBlockedUntil(db, address, now)
  if (addressBlock) return { ok: false, blockedUntil: addressBlock }

  let accountBlock: Date | null
  let attemptsLeft: number
  if (user) {
    const reserved = await reserveLoginAttempt(db, user.id, now)
    if (!reserved.allowed) return { ok: false, blockedUntil: reserved.lockedUntil }
    if (await verifySecret(user.passcodeHash, attempt.password)) {
      await clearLoginFailures(db, user.id)
      return { ok: true }
    }
    await recordFailure(db, { address, email, kind: 'passcode', now })
    accountBlock = lockAfterFailure(reserved.attempt, now)
    attemptsLeft = Math.max(0, accountLockout.maxFailures - reserved.attempt)
  } else {
    const unknownBlock = await unknownEmailBlockedUntil(db, email, now)
    if (unknownBlock) return { ok: false, blockedUntil: unknownBlock }
    await spendVerifyWork(attempt.password)
    await recordFailure(db, { address, email, kind: 'passcode', now })
    accountBlock = await unknownEmailBlockedUntil(db, email, now)
    // Counted the same way as for a real account, so the answers stay alike.
    attemptsLeft = Math.max(
      0,
      unknownEmailLimit.maxFailures - (await unknownEmailFailureCount(db, email, now)),
    )
  }
  const blockedUntil = later(accountBlock, await addressBlockedUntil(db, address, now))
  return blockedUntil ? { ok: false, blockedUntil } : { ok: false, blockedUntil, attemptsLeft }
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
