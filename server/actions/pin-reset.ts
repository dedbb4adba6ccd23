import { eq } from 'drizzle-orm'
import { clearPinFailures } from '../auth/secret-lockouts'
import { hashSecret } from '../auth/secrets'
import { findSession } from '../auth/sessions'
import { users } from '../db/schema'
import { prepareCode, sendCodeByMail } from '../domain/code-mail'
import { findUserById } from '../domain/users'
import { enqueueMail } from '../mail/outbox'
import { pinChangedMail, pinResetMail } from '../mail/templates'
import type { Handler } from '../rpc/handler'
import { ProtocolError, sessionEnded } from '../rpc/protocol-error'
import { redeemResetCode } from './redeem-reset-code'

/**
 * Forgot PIN: a signed-in customer asks for a reset link (the call is public because the reset
 * itself comes from the e-mailed link, so this handler checks the token itself); the link's page
 * sends the code back with the new 4-digit PIN.
 */

export const pinResetLink = (publicUrl: string, email: string, code: string) =>
  `${publicUrl}/wp-user/account/resetpin/r/${encodeURIComponent(email)}/${code}`

export const userforgotpin: Handler<'userforgotpin'> = async ({
  input,
  deps,
  token,
  clientAddress,
}) => {
  if (input.action === 'code') {
    const session = token
      ? await findSession(deps.db, token, ['session'], deps.now(), { idleMs: deps.sessionIdleMs })
      : null
    if (!session) throw new ProtocolError(401, sessionEnded)
    const user = await findUserById(deps.db, session.userId)
    if (!user) throw new ProtocolError(401, sessionEnded)
    const outcome = await sendCodeByMail(deps, {
      userId: user.id,
      purpose: 'reset_pin',
      prepared: await prepareCode(),
      mail: (code) => pinResetMail(user.email, pinResetLink(deps.publicUrl, user.email, code)),
    })
    return outcome.issued
      ? {
          icon: 'success',
          message:
            'We have sent a link to reset your PIN to your registered email address. Please check your inbox.',
        }
      : {
          icon: 'error',
          message: `We have just sent you a link. Please wait ${outcome.waitSeconds} seconds before asking for a new one.`,
        }
  }

  const pinHash = await hashSecret(input.new_password)
  const outcome = await redeemResetCode(deps, {
    email: input.email,
    code: input.reset_code,
    purpose: 'reset_pin',
    clientAddress,
    async apply(tx, user, now) {
      await tx.update(users).set({ pinHash }).where(eq(users.id, user.id))
      await clearPinFailures(tx, user.id)
      await enqueueMail(tx, pinChangedMail(user.email), now)
    },
  })
  if (!outcome.ok) return { icon: 'error', message: outcome.message }
  return { icon: 'success', message: 'Your PIN has been reset.' }
}
