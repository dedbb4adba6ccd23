import {
  resendVerificationCode as sendNewVerificationCode,
  signUp as signUpCustomer,
  verifyEmail as verifyCustomerEmail,
} from '../domain/sign-up'
import type { Handler } from '../rpc/handler'
import { codeSent, invalidCode, tooManyAttempts, waitBeforeNewCode } from './messages'

/**
 * Signup, e-mail verification and the verification-code resend (spec sections 4 and 5).
 * An e-mail that already has an account gets the same answer as a new one, and its owner a
 * short notice instead of a code: see docs/decisions/006-signup-and-recovery.md.
 */

const signedUp = {
  error: false,
  message: 'Your account has been created. Enter the 6-digit code we sent to your e-mail.',
}
const usernameInUse = {
  error: true,
  message: 'That username is already taken. Please choose another.',
}

export const signUp: Handler<'signUp'> = async ({ input, deps, language }) => {
  switch (await signUpCustomer(deps, { ...input, language })) {
    case 'passcode format':
      return { error: true, message: 'Your passcode must be exactly 6 digits.' }
    case 'username format':
      return {
        error: true,
        message:
          'Your username must be 3 to 40 characters: letters, digits, dots, dashes or underscores.',
      }
    case 'username taken':
      return usernameInUse
    case 'accepted':
      return { ...signedUp, data: { email: input.email } }
  }
}

export const verifyEmail: Handler<'verifyEmail'> = async ({ input, deps, clientAddress }) => {
  const verified = await verifyCustomerEmail(deps, {
    email: input.email,
    code: input.verificationCode,
    clientAddress,
  })
  if (!verified.ok)
    return {
      error: true,
      message: verified.blockedUntil
        ? tooManyAttempts(verified.blockedUntil, verified.now)
        : invalidCode,
    }
  const status = verified.user.verificationStatus
  const base = { error: false, message: 'Your e-mail address is verified.' }
  if (verified.jwt === null) return { ...base, verificationStatus: status }
  return { ...base, verificationStatus: status, jwt: verified.jwt }
}

export const resendVerificationCode: Handler<'resendVerificationCode'> = async ({
  input,
  deps,
}) => {
  const outcome = await sendNewVerificationCode(deps, input.email)
  // Unknown and already verified e-mails get the same answer, and nothing is sent.
  return !outcome || outcome.issued
    ? { status: true, message: codeSent }
    : { status: false, message: waitBeforeNewCode(outcome.waitSeconds) }
}
