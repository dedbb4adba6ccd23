import { sendPasscodeResetCode, resetPasscode as setNewPasscode } from '../domain/passcodes'
import type { Handler } from '../rpc/handler'
import { codeSent, refusedResetCode, waitBeforeNewCode } from './messages'

/**
 * Forgot passcode: a code and a link by e-mail, then a new 6-digit passcode. Known and unknown
 * e-mails get the same answers. See docs/decisions/006-signup-and-recovery.md.
 */

const checkYourEmail = 'Check your Email for further instructions.'

export const resetPasscode: Handler<'resetPasscode'> = async ({
  input,
  deps,
  clientAddress,
  language,
}) => {
  if (input.action === 'code') {
    // A request sooner than 180 s after the last sends nothing, and answers the same.
    await sendPasscodeResetCode(deps, input.email, language)
    return { icon: 'success', message: checkYourEmail, email: input.email }
  }

  const outcome = await setNewPasscode(deps, {
    email: input.email,
    code: input.resetCode,
    newPasscode: input.newSecret,
    clientAddress,
  })
  if (!outcome.ok) return refusedResetCode(outcome)
  return {
    icon: 'success',
    message: 'Your passcode has been reset. You can now log in with your new passcode.',
  }
}

export const resendPasscodeResetCode: Handler<'resendPasscodeResetCode'> = async ({
  input,
  deps,
  language,
}) => {
  const outcome = await sendPasscodeResetCode(deps, input.email, language)
  return outcome && !outcome.issued
    ? { status: false, message: waitBeforeNewCode(outcome.waitSeconds) }
    : { status: true, message: codeSent }
}
