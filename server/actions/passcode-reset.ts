import { eq, sql } from 'drizzle-orm'
import { hashSecret } from '../auth/secrets'
import { revokeUserSessions } from '../auth/sessions'
import { users } from '../db/schema'
import type { AppDeps } from '../deps'
import { type PreparedCode, prepareCode, sendCodeByMail } from '../domain/code-mail'
import { findUserByEmail } from '../domain/users'
import { enqueueMail } from '../mail/outbox'
import { passcodeChangedMail, passcodeResetMail } from '../mail/templates'
import type { Handler } from '../rpc/handler'
import { codeSent, waitBeforeNewCode } from './messages'
import { redeemResetCode } from './redeem-reset-code'

/**
 * Forgot passcode: a code and a link by e-mail, then a new 6-digit passcode. Known and unknown
 * e-mails get the same answers. See docs/decisions/006-signup-and-recovery.md.
 */

export const passcodeResetLink = (publicUrl: string, email: string, code: string) =>
  `${publicUrl}/wp-user/account/reset/r/${encodeURIComponent(email)}/${code}`

const checkYourEmail = 'Check your Email for further instructions.'

/** Sends the reset e-mail to a customer; null (and nothing sent) for other e-mails. */
async function sendResetCode(deps: AppDeps, email: string, prepared: PreparedCode) {
  const user = await findUserByEmail(deps.db, email)
  // Admins keep their password outside the customer portal's recovery.
  if (user?.role !== 'customer') return null
  return sendCodeByMail(deps, {
    userId: user.id,
    purpose: 'reset_passcode',
    prepared,
    mail: (code) =>
      passcodeResetMail(user.email, code, passcodeResetLink(deps.publicUrl, user.email, code)),
  })
}

export const userforgot: Handler<'userforgot'> = async ({ input, deps, clientAddress }) => {
  if (input.action === 'code') {
    // A request sooner than 180 s after the last sends nothing, and answers the same.
    await sendResetCode(deps, input.email, await prepareCode())
    return { icon: 'success', message: checkYourEmail, email: input.email }
  }

  const passcodeHash = await hashSecret(input.new_password)
  const outcome = await redeemResetCode(deps, {
    email: input.email,
    code: input.reset_code,
    purpose: 'reset_passcode',
    clientAddress,
    async apply(tx, user, now) {
      await tx
        .update(users)
        .set({
          passcodeHash,
          failedLoginCount: 0,
          lockedUntil: null,
          // The code came from the mailbox, which is what verification proves.
          emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
        })
        .where(eq(users.id, user.id))
      await revokeUserSessions(tx, user.id, now)
      await enqueueMail(tx, passcodeChangedMail(user.email), now)
    },
  })
  if (!outcome.ok) return { icon: 'error', message: outcome.message }
  return {
    icon: 'success',
    message: 'Your passcode has been reset. You can now log in with your new passcode.',
  }
}

export const resendforgotcode: Handler<'resendforgotcode'> = async ({ input, deps }) => {
  const outcome = await sendResetCode(deps, input.email, await prepareCode())
  return outcome && !outcome.issued
    ? { status: false, message: waitBeforeNewCode(outcome.waitSeconds) }
    : { status: true, message: codeSent }
}
