/** Customer-facing texts shared by the sign-in, signup and recovery calls. */

/** The one answer to a wrong e-mail or a wrong passcode, so neither is revealed. */
export const invalidCredentials = 'Invalid Credentials'

/** The one answer to a wrong, used, expired or exhausted code, or an e-mail without an account. */
export const invalidCode =
  'Invalid or expired code. Check the code in your latest e-mail, or ask for a new one.'

const clockTime = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
})

/** The block message: how long, and until when (UTC; the answer's blockedUntil is exact). */
export function tooManyAttempts(until: Date, now: Date): string {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000))
  // Rounded up like the minutes, so "at" is never earlier than the block's real end.
  const shownEnd = new Date(Math.ceil(until.getTime() / 60_000) * 60_000)
  return `Too many failed attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'} (at ${clockTime.format(shownEnd)} UTC).`
}

/** A reset code that was not taken: blocked until when, or the one answer to a bad code. */
export const refusedResetCode = (refusal: { blockedUntil?: Date | null; now: Date }) => ({
  icon: 'error' as const,
  message: refusal.blockedUntil ? tooManyAttempts(refusal.blockedUntil, refusal.now) : invalidCode,
})

/** How many tries remain before a block of `blockMinutes`. */
export const attemptsLeftText = (left: number, blockMinutes: number) =>
  `${left} attempt${left === 1 ? '' : 's'} left before a ${blockMinutes}-minute block.`

export const waitBeforeNewCode = (seconds: number) =>
  `Please wait ${seconds} seconds before asking for a new code.`

export const codeSent = 'Code Sent, Please Wait'
