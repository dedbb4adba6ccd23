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
  /**
   * An identity document's number (the KYC form, docs/decisions/099): letters A-Z and digits,
   * as on the document's machine-readable zone; spaces and dashes typed between groups are
   * dropped and letters kept upper-case.
   */
  documentNumber: { min: 5, max: 20, message: 'must be 5 to 20 letters or digits' },
} as const

/** The age a customer must have reached: at the KYC form and on the profile. */
export const minimumAge = 18

/** The earliest year a date of birth may be in. */
export const oldestBirthYear = 1900

/** Whether YYYY-MM-DD names a day of the calendar (no 31 April, 29 February in leap years). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value.startsWith('0000')) return false
  const day = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value
}

/** Whether someone born on `dob` (YYYY-MM-DD) is at least 18 on `today` (YYYY-MM-DD). */
export function isAdultOn(dob: string, today: string): boolean {
  if (!isCalendarDay(dob)) return false
  const [year = 0, month = 0, day = 0] = dob.split('-').map(Number)
  const eighteenth = `${String(year + minimumAge).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
  // Born on 29 February: adult on 1 March of a year without one (the string compares so).
  return eighteenth <= today
}

/** A date of birth the bank takes on `today`: an adult's, in 1900 or later. */
export function isAcceptedBirthDate(dob: string, today: string): boolean {
  return isAdultOn(dob, today) && Number(dob.slice(0, 4)) >= oldestBirthYear
}

/**
 * Whether a document that expires on `expiry` (YYYY-MM-DD) has expired on `today`: it is valid
 * through its expiry day, so one expiring today is still taken.
 */
export function hasExpiredOn(expiry: string, today: string): boolean {
  return expiry < today
}

/** Today as YYYY-MM-DD in UTC: the day the server checks an age or an expiry on. */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10)

/** A document number as it is kept: " ab-123 456 " is "AB123456". */
export function normalisedDocumentNumber(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase()
}

/** Whether a document number (as typed) is 5 to 20 letters A-Z or digits, once normalised. */
export function isDocumentNumber(value: string): boolean {
  const { min, max } = fieldRules.documentNumber
  return new RegExp(`^[A-Z0-9]{${min},${max}}$`).test(normalisedDocumentNumber(value))
}

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
