/**
 * The rules of the fields customers type, without valibot: the forms check with these on a
 * page's first load, while the contract (./fields.ts, loaded with the first call) builds its
 * schemas on them, so a form and the request it sends agree.
 */

/**
 * C0 controls except tab, line feed and carriage return, DEL and the C1 controls. PostgreSQL
 * refuses a NUL in text outright, and none of these belongs in a name, an address or a code.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
export const controlCharacters = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/

/**
 * The rules of the fields customers type, once: the contract checks requests with them, the
 * machines check the forms with them, the server's handlers with them. The messages are what
 * the forms say (spec section 5); the contract's own messages (`must be 6 digits`) name the
 * field in a 400 answer.
 */
export const fieldRules = {
  /** The customer's secret for signing in (spec 5: 6 digits). */
  passcode: { digits: 6, message: 'Passcode must be 6 digits' },
  /** The transaction PIN (spec 5: 4 digits). */
  pin: { digits: 4, message: 'PIN must be 4 digits' },
  /** A code the bank e-mails: verification and reset. */
  code: { digits: 6, message: 'Enter the 6-digit code from the e-mail' },
  /** Spec 5: the e-mail must contain @; the contract's `email` (./fields.ts) is the full rule. */
  email: { maxLength: 254, message: "That doesn't look like an email address" },
  /** Spec 5 and 8: a new secret differing from its confirmation. */
  confirmation: { message: 'Password Mismatch' },
  /**
   * A phone number, the one rule of the KYC form and the profile: international (E.164) form,
   * + and the country code, 7 to 15 digits; spaces, dots, dashes and brackets are dropped.
   * `message` follows the field's label ("Phone number must be …").
   */
  phone: {
    example: '+15550100200',
    message: 'must be in international form: + and the country code, e.g. +15550100200',
  },
} as const

/** A phone number as it is kept: "+1 (555) 010-0200" is "+15550100200". */
export function normalisedPhone(value: string): string {
  return value.trim().replace(/[\s.()-]/g, '')
}

/** Whether a phone number (as typed) is in international form, once normalised. */
export function isPhoneNumber(value: string): boolean {
  return /^\+[1-9]\d{6,14}$/.test(normalisedPhone(value))
}

/** Exactly `count` digits, nothing else (no spaces). */
export function digitsPattern(count: number): RegExp {
  return new RegExp(`^\\d{${count}}$`)
}

export function isDigits(value: string, count: number): boolean {
  return digitsPattern(count).test(value)
}

/** Digits only, at most `max` of them: what a numeric secret field keeps of its input. */
export function digitsOnly(value: string, max: number): string {
  return value.replace(/\D/g, '').slice(0, max)
}

/**
 * valibot's `email()` pattern, which the contract's `email` applies; the forms test an address
 * with it without loading valibot (test/ui/call-failure.test.ts holds the two together). A copy:
 * importing valibot's `EMAIL_REGEX` adds valibot, 2.9 KB, to login and signup (decision 070).
 */
export const emailPattern = /^[\w+-]+(?:\.[\w+-]+)*@[\da-zA-Z]+(?:[.-][\da-zA-Z]+)*\.[a-zA-Z]{2,}$/u

/** An address the server will take (the contract's `email`), as a form checks it. */
export function isEmailAddress(value: string): boolean {
  const trimmed = value.trim()
  return (
    !controlCharacters.test(value) &&
    trimmed !== '' &&
    trimmed.length <= fieldRules.email.maxLength &&
    emailPattern.test(trimmed)
  )
}
