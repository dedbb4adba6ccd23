import * as v from 'valibot'
import {
  amountPattern,
  maximumAmount,
  maximumAmountText,
  parseAmount,
  wireAmountPattern,
} from '../money'
import { controlCharacters, digitsPattern, fieldRules, isCalendarDay } from './field-rules'
import { labelled } from './labels'
import { wire } from './wire-fields'

/**
 * Field schemas shared by the calls. Requests arrive form-encoded, so every value is a string
 * (or a File for uploads); these check shape and size only. Business rules (wrong passcode,
 * insufficient balance, ...) are the handlers' answers, not protocol errors.
 *
 * Every message is a predicate ("must be 6 digits") and every field of a call has a label
 * ("Your PIN"), so a refusal reads "Your PIN must be 4 digits." (./labels.ts). The fields whose
 * meaning is the same in every call carry their label here; the others get it where a call uses
 * them (`labelled(pin, 'Your current PIN')`).
 */

// The forms' rules live apart, without valibot, so a page's first load does not carry the
// contract (docs/decisions/036); they are re-exported here for the contract's users.
export {
  digitsOnly,
  digitsPattern,
  fieldRules,
  isCalendarDay,
  isDigits,
  isEmailAddress,
} from './field-rules'

/**
 * The base of every text field of every call: a string without control characters. Build new
 * field kinds on this (never on a bare `v.string()`), so every call refuses them with a 400
 * naming the field; a test walks the contract and holds every text field to it.
 */
export const plainString = (notText?: string) =>
  v.pipe(
    v.string(notText),
    v.check((value) => !controlCharacters.test(value), 'must not contain control characters'),
  )

export const text = (max = 200) =>
  v.pipe(plainString(), v.trim(), v.maxLength(max, `must be at most ${max} characters`))

export const requiredText = (max = 200) =>
  v.pipe(
    plainString(),
    v.trim(),
    v.nonEmpty('is required'),
    v.maxLength(max, `must be at most ${max} characters`),
  )

export const email = v.pipe(
  plainString(),
  v.trim(),
  v.nonEmpty('is required'),
  v.maxLength(
    fieldRules.email.maxLength,
    `must be at most ${fieldRules.email.maxLength} characters`,
  ),
  v.email('must look like name@example.com'),
  v.toLowerCase(),
  v.title('The e-mail address'),
)

export const digits = (count: number) =>
  v.pipe(plainString(), v.trim(), v.regex(digitsPattern(count), `must be ${count} digits`))

export const passcode = labelled(digits(fieldRules.passcode.digits), 'Your passcode')
export const pin = labelled(digits(fieldRules.pin.digits), 'Your PIN')
export const code = labelled(digits(fieldRules.code.digits), 'The code')

/** A password field: the admin's password or a customer's passcode, checked by the handler. */
export const secret = v.pipe(
  plainString(),
  v.nonEmpty('is required'),
  v.maxLength(128, 'is too long'),
)

/** An amount a customer enters: at most 2 decimals, and at most `maximumAmount`. */
export const amount = v.pipe(
  plainString(),
  v.trim(),
  v.regex(amountPattern, 'must be an amount with at most 2 decimals'),
  // Not an amount at all is the pattern's to say.
  v.check(
    (value) => (parseAmount(value) ?? 0) <= maximumAmount,
    `must be at most ${maximumAmountText}`,
  ),
  v.title('The amount'),
)

export const numericId = v.pipe(
  plainString(),
  v.trim(),
  v.regex(/^\d{1,18}$/, 'must be a numeric id'),
)

/** Numeric ids separated by commas ("12,14"), at most 500: the ids a list showed. */
export const numericIdList = v.pipe(
  plainString(),
  v.trim(),
  v.regex(/^\d{1,18}(,\d{1,18}){0,499}$/, 'must be up to 500 numeric ids separated by commas'),
  v.transform((list) => list.split(',')),
)

/** SWIFT/BIC: 4 letters (bank), 2 letters (country), 2 letters or digits, optional 3 more. */
export const swiftCode = v.pipe(
  plainString(),
  v.trim(),
  v.toUpperCase(),
  v.regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'must be a SWIFT/BIC code (8 or 11 characters)'),
  v.title('The SWIFT code'),
)

/** An account number or IBAN: letters and digits, spaces ignored. */
export const accountNumber = v.pipe(
  plainString(),
  v.transform((value) => value.replaceAll(' ', '').toUpperCase()),
  v.regex(/^[A-Z0-9]{4,34}$/, 'must be 4 to 34 letters or digits'),
  v.title('The account number'),
)

/** A client-generated key that makes a submission safe to retry (a UUID fits). */
export const idempotencyKey = v.pipe(
  plainString(),
  v.trim(),
  v.regex(/^[A-Za-z0-9_-]{16,100}$/, 'must be 16 to 100 letters, digits, - or _'),
  v.title('The submission key'),
)

/** The id confirmmypin answered for one transfer. */
export const authorizationId = v.pipe(
  plainString(),
  v.trim(),
  v.regex(/^[A-Za-z0-9_-]{16,64}$/, 'must be the one the PIN check gave'),
  v.title('The transfer authorization'),
)

/** A checkbox: present means on. */
export const checkbox = v.optional(
  v.picklist(['on', 'true', '1', 'yes', 'false', '0', 'no', ''], 'must be on or off'),
)

/** Whether a `checkbox` field was ticked. */
export const isTicked = (value: string | undefined) =>
  value !== undefined && ['on', 'true', '1', 'yes'].includes(value)

/**
 * The largest file any upload may be (proofs, KYC documents, pictures): 5 MB. The forms check a
 * chosen file against it before sending (src/api/upload-rules.ts takes it from here).
 */
export const maxUploadBytes = 5 * 1024 * 1024

export const upload = v.pipe(
  v.file('must be a file'),
  v.maxSize(maxUploadBytes, `must be at most ${maxUploadBytes / 1024 / 1024} MB`),
)

// ---- response building blocks ----

/** Decimal string with exactly two decimals, as produced by `toDecimalString`. */
export const money = v.pipe(v.string(), v.regex(wireAmountPattern))

export const isoDate = v.pipe(v.string(), v.isoTimestamp())

export const notice = v.object({ head: v.string(), body: v.string() })

export const transaction = v.object({
  name: v.string(),
  date: isoDate,
  /** What moved; for a transfer, what left the balance, its `charge` included. */
  amount: money,
  /** A transfer's service charge (the payee receives amount − charge); null for other lines. */
  charge: v.nullable(money),
  /** Money in (credit) or out (debit). */
  direction: wire('transaction_type', v.picklist(['credit', 'debit'])),
  status: v.string(),
  /** The receipt id: `getreceipt` and `receiptpdf` find the transaction by it. */
  receiptId: wire('ref2', v.string()),
  bank: v.nullable(v.string()),
  accountHolderName: wire('act_hold_name', v.nullable(v.string())),
  accountNumber: wire('act_no', v.nullable(v.string())),
  country: v.nullable(v.string()),
  type: v.string(),
  status2: v.nullable(v.string()),
})

export const fundingRequest = v.object({
  type: v.string(),
  amount: money,
  status: v.picklist(['pending', 'confirmed', 'declined']),
  createdAt: wire('created_at', isoDate),
  /** A payment's purpose; null for the other kinds. */
  purpose: v.nullable(v.string()),
  /** A fixed deposit's or an upgrade's plan; null for the other kinds. */
  plan: v.nullable(v.string()),
})

export const statusAnswer = v.object({ status: v.boolean(), message: v.string() })

export const iconAnswer = v.object({ icon: v.picklist(['success', 'error']), message: v.string() })

/**
 * A calendar day, YYYY-MM-DD, that exists (no 2026-02-30), from 0001-01-01 to 9999-12-31: the
 * year 0 is one to JavaScript (1 BC) but none to PostgreSQL.
 */
export const calendarDay = v.pipe(
  v.string(),
  v.trim(),
  v.check(isCalendarDay, 'must be a date (YYYY-MM-DD)'),
)

/** Wrong secret: tries left before the block. */
export const attemptsLeft = wire('attempts_left', v.optional(v.number()))
/** Blocked: until when (ISO 8601). */
export const blockedUntil = wire('blocked_until', v.optional(isoDate))

/** The answer to a checked secret (current passcode or PIN): how many tries remain, or until when it is blocked. */
export const secretCheckAnswer = v.object({
  ...statusAnswer.entries,
  attemptsLeft,
  blockedUntil,
})
