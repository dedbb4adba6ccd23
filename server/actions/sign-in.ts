import { eq } from 'drizzle-orm'
import { addressBucket } from '../auth/client-address'
import { checkPasscodeLimited } from '../auth/limited-checks'
import { createSession, revokeSession } from '../auth/sessions'
import { accountNotices } from '../db/schema'
import { isOnHold } from '../domain/account-notices'
import { findUserByEmail } from '../domain/users'
import type { Handler } from '../rpc/handler'
import { requireSession } from '../rpc/handler'
import { loadCustomer } from '../views/customer'
import { invalidCredentials, tooManyAttempts } from './messages'

export const iduser: Handler<'iduser'> = async ({ input, deps }) => {
  const user = await findUserByEmail(deps.db, input.email)
  if (!user) {
    // Same shape as for a known e-mail: step 2 then fails with Invalid Credentials.
    return { error: false, message: '', user: { fullname: '', picture: null }, role: 'customer' }
  }
  const customer = await loadCustomer(deps.db, user.id)
  return {
    error: false,
    message: '',
    user: { fullname: user.fullname, picture: customer.picture },
    role: user.role,
  }
}

export const userlogin: Handler<'userlogin'> = async ({ input, deps, clientAddress }) => {
  const now = deps.now()
  const user = await findUserByEmail(deps.db, input.email)
  // Wrong e-mail and wrong passcode: the same answer after the same argon2id work, and the same
  // lockout (docs/decisions/007-login-limits.md).
  const check = await checkPasscodeLimited(deps.db, {
    user,
    email: input.email,
    password: input.password,
    address: addressBucket(clientAddress),
    now,
  })
  if (!check.ok) {
    if (check.blockedUntil)
      return {
        error: true,
        message: tooManyAttempts(check.blockedUntil, now),
        blocked_until: check.blockedUntil.toISOString(),
      }
    return { error: true, message: invalidCredentials, attempts_left: check.attemptsLeft }
  }
  if (!user) throw new Error('a passcode matched without a user')

  const base = {
    error: false,
    email: user.email,
    role: user.role,
    verified: user.emailVerifiedAt !== null,
    submitted: user.kycSubmittedAt !== null,
    verification_status: user.verificationStatus,
  }
  if (!base.verified) return { ...base, message: 'Please verify your e-mail address to continue.' }
  if (user.role === 'admin') return { ...base, message: 'Taking you to the admin area.' }

  const remember = input.remeber !== undefined && ['on', 'true', '1', 'yes'].includes(input.remeber)
  // In one transaction with the account's hold read under its row lock: a notice being set is
  // waited for and then seen, so a sign-in racing it never keeps a session the notice missed.
  return deps.db.transaction(async (tx) => {
    await isOnHold(tx, user.id)
    const [notice] = await tx
      .select()
      .from(accountNotices)
      .where(eq(accountNotices.userId, user.id))
    if (notice) {
      const jwt = await createSession(tx, { userId: user.id, kind: 'notice', clientAddress, now })
      return { ...base, ismsg: true, jwt, message: notice.head }
    }
    if (user.verificationStatus !== 'Verified') {
      const jwt = await createSession(tx, { userId: user.id, kind: 'kyc', clientAddress, now })
      return { ...base, jwt, message: user.verificationStatus }
    }
    const jwt = await createSession(tx, {
      userId: user.id,
      kind: 'session',
      remember,
      clientAddress,
      now,
    })
    return { ...base, jwt, message: 'Welcome Back' }
  })
}

export const logout: Handler<'logout'> = async ({ deps, token }) => {
  if (token) await revokeSession(deps.db, token, deps.now())
  return { status: true }
}

export const getsinfo: Handler<'getsinfo'> = async ({ deps, session }) => {
  const { userId } = requireSession(session)
  const [notice] = await deps.db
    .select()
    .from(accountNotices)
    .where(eq(accountNotices.userId, userId))
  return { notice: notice ? { head: notice.head, body: notice.body } : null }
}
