import { addressBucket } from '../auth/client-address'
import { checkCodeLimited } from '../auth/limited-checks'
import { consumeCode } from '../auth/one-time-codes'
import type { Transaction } from '../db/database'
import type { AppDeps } from '../deps'
import { findUserByEmail, lockUser, type UserRow } from '../domain/users'
import { invalidCode, tooManyAttempts } from './messages'

/**
 * The second step of a reset by e-mailed code, shared by passcode and PIN: checks the code under
 * the attempt limits, then (in one transaction, with the user's row locked) uses it up and lets
 * `apply` write the new secret. Answers the message to show when anything fails.
 */
export async function redeemResetCode(
  deps: AppDeps,
  request: {
    email: string
    code: string
    purpose: 'reset_passcode' | 'reset_pin'
    clientAddress: string | null
    apply: (tx: Transaction, user: UserRow, now: Date) => Promise<void>
  },
): Promise<{ ok: true } | { ok: false; message: string }> {
  const now = deps.now()
  const user = await findUserByEmail(deps.db, request.email)
  const check = await checkCodeLimited(deps.db, {
    userId: user?.id ?? null,
    email: request.email,
    purpose: request.purpose,
    code: request.code,
    address: addressBucket(request.clientAddress),
    now,
  })
  if (!check.ok) {
    return {
      ok: false,
      message: check.blockedUntil ? tooManyAttempts(check.blockedUntil, now) : invalidCode,
    }
  }
  if (!user) throw new Error('a code matched without a user')
  const redeemed = await deps.db.transaction(async (tx) => {
    if (!(await consumeCode(tx, check.codeId, now))) return false
    await lockUser(tx, user.id)
    await request.apply(tx, user, now)
    return true
  })
  if (!redeemed) return { ok: false, message: invalidCode }
  deps.mailQueued()
  return { ok: true }
}
