import { addressBucket } from '../auth/client-address'
import { checkPasscodeLimited } from '../auth/limited-checks'
import { createSession } from '../auth/sessions'
import type { Database } from '../db/database'
import { accountNoticeOf, isOnHold } from './account-notices'
import { type DeviceSignIn, deviceForSignIn, greetingOnDevice } from './customer-devices'
import { findUserByEmail, type UserRow } from './users'

/**
 * Signing in (docs/decisions/007-login-limits.md, 008): the e-mail first, for the greeting, then
 * the passcode under the login's limits, and the session the account's state allows.
 */

/**
 * Whom login step 1 greets: the e-mail's owner with their picture, only on a device they chose
 * to be remembered on (docs/decisions/080); undefined anywhere else, registered e-mail or not.
 */
export const greetingFor = (db: Database, email: string, deviceToken: string | null, now: Date) =>
  greetingOnDevice(db, deviceToken, email, now)

export type SignIn =
  /** A wrong e-mail or passcode, told apart by nothing; `blockedUntil` when the limits block. */
  | { outcome: 'refused'; blockedUntil: Date | null; attemptsLeft?: number }
  /** The passcode is right, but no session yet: the e-mail is not verified, or an admin. */
  | { outcome: 'unverified' | 'admin'; user: UserRow }
  /** A session of the kind the account allows: a blocking notice's, KYC's, or the dashboard's. */
  | { outcome: 'notice'; user: UserRow; jwt: string; head: string }
  | { outcome: 'kyc'; user: UserRow; jwt: string }
  /** Signed in, on this device (the cookie to set: decision 080). */
  | { outcome: 'session'; user: UserRow; jwt: string; device: DeviceSignIn }

/** The browser a sign-in comes from: its device cookie's token and User-Agent. */
export interface SigningInDevice {
  cookieToken: string | null
  userAgent: string | null
}

export async function signIn(
  db: Database,
  attempt: {
    email: string
    password: string
    remember: boolean
    clientAddress: string | null
  } & SigningInDevice,
  now: Date,
): Promise<SignIn> {
  const { clientAddress } = attempt
  const user = await findUserByEmail(db, attempt.email)
  // Wrong e-mail and wrong passcode: the same answer after the same argon2id work, and the same
  // lockout (docs/decisions/007-login-limits.md).
  const check = await checkPasscodeLimited(db, {
    user,
    email: attempt.email,
    password: attempt.password,
    address: addressBucket(clientAddress),
    now,
  })
  if (!check.ok)
    return {
      outcome: 'refused',
      blockedUntil: check.blockedUntil,
      attemptsLeft: check.attemptsLeft,
    }
  if (!user) throw new Error('a passcode matched without a user')
  if (user.emailVerifiedAt === null) return { outcome: 'unverified', user }
  if (user.role === 'admin') return { outcome: 'admin', user }

  // In one transaction with the account's hold read under its row lock: a notice being set is
  // waited for and then seen, so a sign-in racing it never keeps a session the notice missed.
  return db.transaction(async (tx): Promise<SignIn> => {
    await isOnHold(tx, user.id)
    const notice = await accountNoticeOf(tx, user.id)
    if (notice) {
      const jwt = await createSession(tx, { userId: user.id, kind: 'notice', clientAddress, now })
      return { outcome: 'notice', user, jwt, head: notice.head }
    }
    if (user.verificationStatus !== 'Verified') {
      const jwt = await createSession(tx, { userId: user.id, kind: 'kyc', clientAddress, now })
      return { outcome: 'kyc', user, jwt }
    }
    const device = await deviceForSignIn(tx, {
      userId: user.id,
      cookieToken: attempt.cookieToken,
      remember: attempt.remember,
      userAgent: attempt.userAgent,
      clientAddress,
      now,
    })
    const jwt = await createSession(tx, {
      userId: user.id,
      kind: 'session',
      remember: attempt.remember,
      deviceId: device.deviceId,
      clientAddress,
      now,
    })
    return { outcome: 'session', user, jwt, device }
  })
}
