import { findSession, sessionIdleOptions } from '../auth/sessions'
import { sendPinResetLink, resetPin as setNewPin } from '../domain/transaction-pins'
import type { Handler } from '../rpc/handler'
import { ProtocolError, sessionEnded } from '../rpc/protocol-error'
import { refusedResetCode } from './messages'

/**
 * Forgot PIN: a signed-in customer asks for a reset link (the call is public because the reset
 * itself comes from the e-mailed link, so this handler checks the token itself); the link's page
 * sends the code back with the new 4-digit PIN.
 */
export const resetPin: Handler<'resetPin'> = async ({ input, deps, token, clientAddress }) => {
  if (input.action === 'code') {
    const session = token
      ? await findSession(deps.db, token, ['session'], deps.now(), sessionIdleOptions(deps))
      : null
    if (!session) throw new ProtocolError(401, sessionEnded)
    const outcome = await sendPinResetLink(deps, session.userId)
    if (!outcome) throw new ProtocolError(401, sessionEnded)
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

  const outcome = await setNewPin(deps, {
    email: input.email,
    code: input.resetCode,
    newPin: input.newSecret,
    clientAddress,
  })
  if (!outcome.ok) return refusedResetCode(outcome)
  return { icon: 'success', message: 'Your PIN has been reset.' }
}
