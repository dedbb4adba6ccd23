import { eq } from 'drizzle-orm'
import { fieldRules, isDigits } from '#api/contract/fields'
import { addressBucket } from '../auth/client-address'
import { checkCodeLimited } from '../auth/limited-checks'
import { consumeCode } from '../auth/one-time-codes'
import { hashSecret } from '../auth/secrets'
import { createSession } from '../auth/sessions'
import { violatedUniqueIndex } from '../db/errors'
import { users } from '../db/schema'
import { issueCodeByMail, prepareCode, sendCodeByMail } from '../domain/code-mail'
import { openCustomerAccount } from '../domain/customer-accounts'
import { findUserByEmail, lockUser, usernameTaken } from '../domain/users'
import { enqueueMail, mailedSince } from '../mail/outbox'
import { signupWithRegisteredEmailMail, verificationCodeMail } from '../mail/templates'
import type { Handler } from '../rpc/handler'
import { codeSent, invalidCode, tooManyAttempts, waitBeforeNewCode } from './messages'

/**
 * Signup, e-mail verification and the verification-code resend (spec sections 4 and 5).
 * An e-mail that already has an account gets the same answer as a new one, and its owner a
 * short notice instead of a code: see docs/decisions/006-signup-and-recovery.md.
 */

const usernameRule = /^[A-Za-z0-9._-]{3,40}$/
/** At most one "someone tried to open an account with your e-mail" notice per address per hour. */
const registeredNoticeIntervalMs = 3_600_000

const signedUp = {
  error: false,
  message: 'Your account has been created. Enter the 6-digit code we sent to your e-mail.',
}
const usernameInUse = {
  error: true,
  message: 'That username is already taken. Please choose another.',
}

export const newuser: Handler<'newuser'> = async ({ input, deps }) => {
  if (!isDigits(input.password, fieldRules.passcode.digits))
    return { error: true, message: 'Your passcode must be exactly 6 digits.' }
  if (!usernameRule.test(input.username))
    return {
      error: true,
      message:
        'Your username must be 3 to 40 characters: letters, digits, dots, dashes or underscores.',
    }
  const now = deps.now()
  // The same argon2id work whether or not the e-mail is registered.
  const [passcodeHash, prepared] = await Promise.all([hashSecret(input.password), prepareCode()])

  let outcome: 'created' | 'registered' | 'noticed' | 'username taken'
  try {
    outcome = await deps.db.transaction(async (tx) => {
      if (await usernameTaken(tx, input.username)) return 'username taken'
      if (await findUserByEmail(tx, input.email)) {
        const notice = signupWithRegisteredEmailMail(input.email)
        const since = new Date(now.getTime() - registeredNoticeIntervalMs)
        if (await mailedSince(tx, notice, since)) return 'registered'
        await enqueueMail(tx, notice, now)
        return 'noticed'
      }
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email,
          username: input.username,
          firstName: input.first_name,
          lastName: input.last_name,
          fullname: input.fullname || `${input.first_name} ${input.last_name}`,
          passcodeHash,
          createdAt: now,
        })
        .returning({ id: users.id })
      if (!user) throw new Error('user insert returned nothing')
      await openCustomerAccount(tx, user.id)
      await issueCodeByMail(tx, {
        userId: user.id,
        purpose: 'verify_email',
        prepared,
        mail: (code) => verificationCodeMail(input.email, code),
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
  if (outcome === 'username taken') return usernameInUse
  if (outcome === 'created' || outcome === 'noticed') deps.mailQueued()
  return { ...signedUp, data: { email: input.email } }
}

export const verifyuser: Handler<'verifyuser'> = async ({ input, deps, clientAddress }) => {
  const now = deps.now()
  const user = await findUserByEmail(deps.db, input.email)
  const check = await checkCodeLimited(deps.db, {
    userId: user && !user.emailVerifiedAt ? user.id : null,
    email: input.email,
    purpose: 'verify_email',
    code: input.ver_code,
    address: addressBucket(clientAddress),
    now,
  })
  if (!check.ok)
    return {
      error: true,
      message: check.blockedUntil ? tooManyAttempts(check.blockedUntil, now) : invalidCode,
    }
  if (!user) throw new Error('a code matched without a user')

  const verified = await deps.db.transaction(async (tx) => {
    if (!(await consumeCode(tx, check.codeId, now))) return null
    const locked = await lockUser(tx, user.id)
    if (!locked) return null
    await tx.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, user.id))
    return locked
  })
  if (!verified) return { error: true, message: invalidCode }

  const status = verified.verificationStatus
  const base = { error: false, message: 'Your e-mail address is verified.' }
  if (verified.role === 'admin') return { ...base, verification_status: status }
  const jwt = await createSession(deps.db, {
    userId: verified.id,
    kind: status === 'Verified' ? 'session' : 'kyc',
    clientAddress,
    now,
  })
  return { ...base, verification_status: status, jwt }
}

export const resendconfirmcode: Handler<'resendconfirmcode'> = async ({ input, deps }) => {
  const prepared = await prepareCode()
  const user = await findUserByEmail(deps.db, input.email)
  // Unknown and already verified e-mails get the same answer, and nothing is sent.
  if (!user || user.emailVerifiedAt) return { status: true, message: codeSent }
  const outcome = await sendCodeByMail(deps, {
    userId: user.id,
    purpose: 'verify_email',
    prepared,
    mail: (code) => verificationCodeMail(user.email, code),
  })
  return outcome.issued
    ? { status: true, message: codeSent }
    : { status: false, message: waitBeforeNewCode(outcome.waitSeconds) }
}
