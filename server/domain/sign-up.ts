import { eq } from 'drizzle-orm'
import { fieldRules, isDigits } from '#api/contract/fields'
import type { Language } from '#api/languages'
import { addressBucket } from '../auth/client-address'
import { checkCodeLimited } from '../auth/limited-checks'
import { consumeCode } from '../auth/one-time-codes'
import { hashSecret } from '../auth/secrets'
import { createSession } from '../auth/sessions'
import { violatedUniqueIndex } from '../db/errors'
import { users } from '../db/schema'
import type { AppDeps } from '../deps'
import { enqueueMail, mailedSince } from '../mail/outbox'
import { signupWithRegisteredEmailMail, verificationCodeMail } from '../mail/templates'
import { type CodeRefusal, issueCodeByMail, prepareCode, sendCodeByMail } from './code-mail'
import { openCustomerAccount } from './customer-accounts'
import { findUserByEmail, lockUser, type UserRow, usernameTaken } from './users'

/**
 * Signup, e-mail verification and the verification-code resend (spec sections 4 and 5).
 * An e-mail that already has an account is accepted like a new one, and its owner gets a short
 * notice instead of a code: see docs/decisions/006-signup-and-recovery.md.
 */

const usernameRule = /^[A-Za-z0-9._-]{3,40}$/
/** At most one "someone tried to open an account with your e-mail" notice per address per hour. */
const registeredNoticeIntervalMs = 3_600_000

export interface SignUpForm {
  email: string
  username: string
  firstName: string
  lastName: string
  fullname: string
  password: string
  /** The language the signup was made in: the customer's until they sign in in another (091). */
  language: Language
}

/**
 * Opens an unverified customer with its account and e-mails the verification code. 'accepted'
 * also when the e-mail already has an account (its owner is told, at most once an hour), so the
 * answer never says which e-mails are registered.
 */
export async function signUp(
  deps: AppDeps,
  form: SignUpForm,
): Promise<'passcode format' | 'username format' | 'username taken' | 'accepted'> {
  if (!isDigits(form.password, fieldRules.passcode.digits)) return 'passcode format'
  if (!usernameRule.test(form.username)) return 'username format'
  const now = deps.now()
  // The same argon2id work whether or not the e-mail is registered.
  const [passcodeHash, prepared] = await Promise.all([hashSecret(form.password), prepareCode()])

  let outcome: 'created' | 'registered' | 'noticed' | 'username taken'
  try {
    outcome = await deps.db.transaction(async (tx) => {
      if (await usernameTaken(tx, form.username)) return 'username taken'
      if (await findUserByEmail(tx, form.email)) {
        const notice = signupWithRegisteredEmailMail(form.email, form.language)
        const since = new Date(now.getTime() - registeredNoticeIntervalMs)
        if (await mailedSince(tx, notice, since)) return 'registered'
        await enqueueMail(tx, notice, now)
        return 'noticed'
      }
      const [user] = await tx
        .insert(users)
        .values({
          email: form.email,
          username: form.username,
          firstName: form.firstName,
          lastName: form.lastName,
          fullname: form.fullname || `${form.firstName} ${form.lastName}`,
          passcodeHash,
          language: form.language,
          createdAt: now,
        })
        .returning({ id: users.id })
      if (!user) throw new Error('user insert returned nothing')
      await openCustomerAccount(tx, user.id)
      await issueCodeByMail(tx, {
        userId: user.id,
        purpose: 'verify_email',
        prepared,
        mail: (code) => verificationCodeMail(form.email, form.language, code),
        now,
      })
      return 'created'
    })
  } catch (error) {
    // A parallel signup took the username or the e-mail between our check and our insert.
    const index = violatedUniqueIndex(error)
    if (index === 'users_username_key') outcome = 'username taken'
    else if (index === 'users_email_key') outcome = 'registered'
    else throw error
  }
  if (outcome === 'username taken') return 'username taken'
  if (outcome === 'created' || outcome === 'noticed') deps.mailQueued()
  return 'accepted'
}

/**
 * Checks the e-mailed code under the attempt limits and marks the e-mail verified; a customer
 * gets a session of the kind its KYC status allows (none for an admin, `jwt` null).
 */
export async function verifyEmail(
  deps: AppDeps,
  attempt: { email: string; code: string; clientAddress: string | null },
): Promise<{ ok: true; user: UserRow; jwt: string | null } | CodeRefusal> {
  const { clientAddress } = attempt
  const now = deps.now()
  const user = await findUserByEmail(deps.db, attempt.email)
  const check = await checkCodeLimited(deps.db, {
    userId: user && !user.emailVerifiedAt ? user.id : null,
    email: attempt.email,
    purpose: 'verify_email',
    code: attempt.code,
    address: addressBucket(clientAddress),
    now,
  })
  if (!check.ok) return { ok: false, blockedUntil: check.blockedUntil, now }
  if (!user) throw new Error('a code matched without a user')

  const verified = await deps.db.transaction(async (tx) => {
    if (!(await consumeCode(tx, check.codeId, now))) return null
    const locked = await lockUser(tx, user.id)
    if (!locked) return null
    await tx.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, user.id))
    return locked
  })
  if (!verified) return { ok: false, blockedUntil: null, now }

  if (verified.role === 'admin') return { ok: true, user: verified, jwt: null }
  const jwt = await createSession(deps.db, {
    userId: verified.id,
    kind: verified.verificationStatus === 'Verified' ? 'session' : 'kyc',
    clientAddress,
    now,
  })
  return { ok: true, user: verified, jwt }
}

/**
 * Sends a new verification code (unless one went less than 180 s ago); null, and nothing sent,
 * for an unknown or already verified e-mail. The code is prepared first either way.
 */
export async function resendVerificationCode(deps: AppDeps, email: string) {
  const prepared = await prepareCode()
  const user = await findUserByEmail(deps.db, email)
  if (!user || user.emailVerifiedAt) return null
  return sendCodeByMail(deps, {
    userId: user.id,
    purpose: 'verify_email',
    prepared,
    mail: (code) => verificationCodeMail(user.email, user.language, code),
  })
}
