/** Customer-facing texts shared by the sign-in, signup and recovery calls. */

/** The one answer to a wrong e-mail or a wrong passcode, so neither is revealed. */
export const invalidCredentials = 'Invalid Credentials'

/** The one answer to a wrong, used, expired or exhausted code, or an e-mail without an account. */
export const invalidCode =
  'Invalid or expired code. Check the code in your latest e-mail, or ask for a new one.'

export function tooManyAttempts(until: Date, now: Date): string {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000))
  return `Too many failed attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
}

export const waitBeforeNewCode = (seconds: number) =>
  `Please wait ${seconds} seconds before asking for a new code.`

export const codeSent = 'Code Sent, Please Wait'
