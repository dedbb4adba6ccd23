import { eq } from 'drizzle-orm'
import { accountLockout } from '../auth/account-lockout'
import { addressBucket } from '../auth/client-address'
import { checkPasscodeLimited } from '../auth/limited-checks'
import { checkPinLimited, pinLockout } from '../auth/secret-lockouts'
import { hashSecret } from '../auth/secrets'
import { revokeOtherSessions } from '../auth/sessions'
import { users } from '../db/schema'
import { findUserById } from '../domain/users'
import { enqueueMail } from '../mail/outbox'
import { passcodeChangedInSettingsMail, pinChangedInSettingsMail } from '../mail/templates'
import type { Handler } from '../rpc/handler'
import { requireSession } from '../rpc/handler'
import { ProtocolError, sessionEnded } from '../rpc/protocol-error'
import { attemptsLeftText, tooManyAttempts } from './messages'

/**
 * Settings: changing the passcode (`updatepwd`) and the PIN (`supdatepin`) with the current one.
 * The current passcode counts against the login lockout and the address limit (the same rules
 * as login), the current PIN against the transfers' PIN lockout; each wrong answer says how many tries are
 * left, the block says until when. A new passcode ends every other session of the customer.
 * See docs/decisions/028-attempts-left-and-secret-changes.md.
 */
export const mismatch = 'Password Mismatch'
export const passcodeChanged =
  'Your passcode has been changed. Every other device signed in to your account was signed out.'
export const pinChanged = 'Your transaction PIN has been changed.'
export const noPinYet = 'You have no transaction PIN yet. Create one first.'

const blockMinutes = (blockMs: number) => blockMs / 60_000

const blocked = (until: Date, now: Date) => ({
  status: false,
  message: tooManyAttempts(until, now),
  blocked_until: until.toISOString(),
})

const wrong = (what: string, left: number, blockMs: number) => ({
  status: false,
  message: `${what} ${attemptsLeftText(left, blockMinutes(blockMs))}`,
  attempts_left: left,
})

async function currentUser(userId: number, db: Parameters<typeof findUserById>[0]) {
  const user = await findUserById(db, userId)
  if (!user) throw new ProtocolError(401, sessionEnded)
  return user
}

export const updatepwd: Handler<'updatepwd'> = async ({ input, deps, session, clientAddress }) => {
  const active = requireSession(session)
  if (input.n_pwd !== input.con_pwd) return { status: false, message: mismatch }
  if (input.n_pwd === input.c_pwd)
    return { status: false, message: 'The new passcode must differ from the current one.' }
  const user = await currentUser(active.userId, deps.db)
  const now = deps.now()
  const check = await checkPasscodeLimited(deps.db, {
    user,
    email: user.email,
    password: input.c_pwd,
    address: addressBucket(clientAddress),
    now,
  })
  if (!check.ok) {
    if (check.blockedUntil) return blocked(check.blockedUntil, now)
    return wrong('The current passcode is wrong.', check.attemptsLeft ?? 0, accountLockout.blockMs)
  }
  const passcodeHash = await hashSecret(input.n_pwd)
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passcodeHash }).where(eq(users.id, user.id))
    await revokeOtherSessions(tx, user.id, active.id, now)
    await enqueueMail(tx, passcodeChangedInSettingsMail(user.email), now)
  })
  deps.mailQueued()
  return { status: true, message: passcodeChanged }
}

export const supdatepin: Handler<'supdatepin'> = async ({ input, deps, session }) => {
  const active = requireSession(session)
  if (input.n_pwd !== input.con_pwd) return { status: false, message: mismatch }
  const user = await currentUser(active.userId, deps.db)
  const now = deps.now()
  // The transfers' PIN check: one count and one block for Settings and transfers.
  const check = await checkPinLimited(deps.db, user.id, input.c_pwd, now)
  if (!check.ok) {
    if (check.reason === 'no-pin') return { status: false, message: noPinYet }
    if (check.reason === 'blocked') return blocked(check.blockedUntil, now)
    if (check.blockedUntil) return blocked(check.blockedUntil, now)
    return wrong('The current PIN is wrong.', check.triesLeft, pinLockout.blockMs)
  }
  const pinHash = await hashSecret(input.n_pwd)
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ pinHash }).where(eq(users.id, user.id))
    await enqueueMail(tx, pinChangedInSettingsMail(user.email), now)
  })
  deps.mailQueued()
  return { status: true, message: pinChanged }
}
