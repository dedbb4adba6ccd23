import {
  confirmEmailChange as finishEmailChange,
  requestEmailChange as startEmailChange,
} from '../domain/email-change'
import type { Handler } from '../rpc/handler'
import { requireSession } from '../rpc/handler'
import { ProtocolError, sessionEnded } from '../rpc/protocol-error'
import { invalidCode, tooManyAttempts, waitBeforeNewCode } from './messages'

/**
 * Changing the e-mail address in two steps (docs/decisions/026-email-change.md): `updateemail`
 * sends a 6-digit code to the new address and remembers the address with the code; only
 * `confirmemail` with that code replaces the old address, which is then told.
 */
export const sameAddress = 'This is already your e-mail address.'
export const addressUnavailable = 'This e-mail address cannot be used. Please choose another.'

export const requestEmailChange: Handler<'requestEmailChange'> = async ({
  input,
  deps,
  session,
}) => {
  const { userId } = requireSession(session)
  const request = await startEmailChange(deps, userId, input.email)
  switch (request.outcome) {
    case 'signed out':
      throw new ProtocolError(401, sessionEnded)
    case 'same address':
      return { status: false, message: sameAddress }
    case 'unavailable':
      return { status: false, message: addressUnavailable }
    case 'wait':
      return { status: false, message: waitBeforeNewCode(request.waitSeconds) }
    case 'sent':
      return {
        status: true,
        message: `We have sent a 6-digit code to ${input.email}. Enter it to confirm your new address.`,
      }
  }
}

export const confirmEmailChange: Handler<'confirmEmailChange'> = async ({
  input,
  deps,
  session,
  clientAddress,
}) => {
  const { userId } = requireSession(session)
  const confirmed = await finishEmailChange(deps, userId, { code: input.code, clientAddress })
  switch (confirmed.outcome) {
    case 'signed out':
      throw new ProtocolError(401, sessionEnded)
    case 'refused':
      return {
        status: false,
        message: confirmed.blockedUntil
          ? tooManyAttempts(confirmed.blockedUntil, confirmed.now)
          : invalidCode,
      }
    case 'unavailable':
      return { status: false, message: addressUnavailable }
    case 'changed':
      return {
        status: true,
        message: 'Your e-mail address has been changed.',
        email: confirmed.email,
      }
  }
}
