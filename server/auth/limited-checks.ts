import type { Queryable } from '../db/database'
import { clearLoginFailures, lockAfterFailure, reserveLoginAttempt } from './account-lockout'
import { addressBlockedUntil, recordFailure, unknownEmailBlockedUntil } from './failure-log'
import { type CodePurpose, checkCode } from './one-time-codes'
import { spendVerifyWork, verifySecret } from './secrets'

/**
 * The passcode and e-mailed-code checks with every limit applied: the client address's limit,
 * the account's lockout (or the same lockout for an e-mail without an account) and the code's
 * own tries. Callers answer `blockedUntil` with the "too many attempts" message and any other
 * failure with their usual message, never saying which part was wrong.
 */
export type LimitedCheck<T> = ({ ok: true } & T) | { ok: false; blockedUntil: Date | null }

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
  if (user) {
    const reserved = await reserveLoginAttempt(db, user.id, now)
    if (!reserved.allowed) return { ok: false, blockedUntil: reserved.lockedUntil }
    if (await verifySecret(user.passcodeHash, attempt.password)) {
      await clearLoginFailures(db, user.id)
      return { ok: true }
    }
    await recordFailure(db, { address, email, kind: 'passcode', now })
    accountBlock = lockAfterFailure(reserved.attempt, now)
  } else {
    const unknownBlock = await unknownEmailBlockedUntil(db, email, now)
    if (unknownBlock) return { ok: false, blockedUntil: unknownBlock }
    await spendVerifyWork(attempt.password)
    await recordFailure(db, { address, email, kind: 'passcode', now })
    accountBlock = await unknownEmailBlockedUntil(db, email, now)
  }
  return {
    ok: false,
    blockedUntil: later(accountBlock, await addressBlockedUntil(db, address, now)),
  }
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
