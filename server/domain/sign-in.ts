import type { AuthenticationResponseJSON } from '@simplewebauthn/server'
import type { Language } from '#api/languages'
import { addressBucket } from '../auth/client-address'
import { checkPasscodeLimited, checkSignInLimited, type LimitedCheck } from '../auth/limited-checks'
import { createSession } from '../auth/sessions'
import type { Database } from '../db/database'
import type { AppDeps } from '../deps'
import { accountNoticeOf, isOnHold } from './account-notices'
import { type DeviceSignIn, deviceForSignIn, greetingOnDevice } from './customer-devices'
import { passkeySignsIn } from './customer-passkeys'
import { recordSecurityEvent } from './security-log'
import { alertNewSignIn } from './sign-in-alerts'
import { findUserByEmail, keepLanguage, type UserRow } from './users'

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
  /**
   * Signed in, on this device (the cookie to set: decision 080); `alerted` when it was a new
   * device and the customer was told by e-mail.
   */
  | { outcome: 'session'; user: UserRow; jwt: string; device: DeviceSignIn; alerted: boolean }

/** The browser a sign-in comes from: its device cookie's token and User-Agent. */
export interface SigningInDevice {
  cookieToken: string | null
  userAgent: string | null
  /** The portal's address, for the new sign-in alert's link. */
  publicUrl: string
  /** The language the browser asked in: kept as the customer's (docs/decisions/091). */
  language: Language
}

/** How the customer proved who they are: the passcode, or a passkey (decision 081). */
export type SignInMethod = 'passcode' | 'passkey'

/** What every sign-in has, whatever proves it: who, Remember me, and the browser. */
export type SigningIn = {
  email: string
  remember: boolean
  clientAddress: string | null
} & SigningInDevice

export async function signIn(
  db: Database,
  attempt: SigningIn & { password: string },
  now: Date,
): Promise<SignIn> {
  const user = await findUserByEmail(db, attempt.email)
  // Wrong e-mail and wrong passcode: the same answer after the same argon2id work, and the same
  // lockout (docs/decisions/007-login-limits.md).
  const check = await checkPasscodeLimited(db, {
    user,
    email: attempt.email,
    password: attempt.password,
    address: addressBucket(attempt.clientAddress),
    now,
  })
  return signedInAfter(db, { user, check, attempt, method: 'passcode' }, now)
}

/**
 * Login with a passkey (docs/decisions/081): one of the e-mail's customer's passkeys signing
 * the challenge given for that e-mail, under the passcode's limits; then as with the passcode.
 */
export async function signInWithPasskey(
  deps: AppDeps,
  attempt: SigningIn & { credential: AuthenticationResponseJSON },
): Promise<SignIn> {
  const now = deps.now()
  const user = await findUserByEmail(deps.db, attempt.email)
  const check = await checkSignInLimited(
    deps.db,
    { user, email: attempt.email, address: addressBucket(attempt.clientAddress), now },
    () =>
      passkeySignsIn(deps, {
        userId: user?.id ?? null,
        email: attempt.email,
        credential: attempt.credential,
      }),
  )
  return signedInAfter(deps.db, { user, check, attempt, method: 'passkey' }, now)
}

/** After the check: the refusal (logged for a customer), or the session the account allows. */
async function signedInAfter(
  db: Database,
  signing: {
    user: UserRow | undefined
    check: LimitedCheck<object>
    attempt: SigningIn
    method: SignInMethod
  },
  now: Date,
): Promise<SignIn> {
  const { user, check, attempt } = signing
  const { clientAddress } = attempt
  if (!check.ok) {
    if (user)
      await recordSecurityEvent(db, {
        userId: user.id,
        kind: 'sign_in_failed',
        method: signing.method,
        userAgent: attempt.userAgent,
        clientAddress,
        at: now,
      })
    return {
      outcome: 'refused',
      blockedUntil: check.blockedUntil,
      attemptsLeft: check.attemptsLeft,
    }
  }
  if (!user) throw new Error('a sign-in passed its check without a user')
  // The customer's e-mails follow the language they last signed in with (decision 091).
  if (user.language !== attempt.language) await keepLanguage(db, user.id, attempt.language)
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
    const alerted = device.isNew && !device.first
    if (alerted)
      await alertNewSignIn(tx, {
        userId: user.id,
        email: user.email,
        language: attempt.language,
        userAgent: attempt.userAgent,
        clientAddress,
        publicUrl: attempt.publicUrl,
        now,
      })
    await recordSecurityEvent(tx, {
      userId: user.id,
      kind: alerted ? 'new_device' : 'signed_in',
      method: signing.method,
      userAgent: attempt.userAgent,
      clientAddress,
      at: now,
    })
    return { outcome: 'session', user, jwt, device, alerted }
  })
}
