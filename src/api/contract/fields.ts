import * as v from 'valibot'

/**
 * Field schemas shared by the calls. Requests arrive form-encoded, so every value is a string
 * (or a File for uploads); these check shape and size only. Business rules (wrong passcode,
 * insufficient balance, ...) are the handlers' answers, not protocol errors.
 */

export const maxUploadBytes = 5 * 1024 * 1024

/**
 * C0 controls except tab, line feed and carriage return, DEL and the C1 controls. PostgreSQL
 * refuses a NUL in text outright, and none of these belongs in a name, an address or a code.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const controlCharacters = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/

/**
 * The base of every text field of every call: a string without control characters. Build new
 * field kinds on this (never on a bare `v.string()`), so every call refuses them with a 400
 * naming the field; a test walks the contract and holds every text field to it.
 */
export const plainString = () =>
  v.pipe(
    v.string(),
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
  v.maxLength(254, 'must be at most 254 characters'),
  v.email('must be an e-mail address'),
  v.toLowerCase(),
)

export const digits = (count: number) =>
  v.pipe(plainString(), v.trim(), v.regex(new RegExp(`^\\d{${count}}$`), `must be ${count} digits`))

export const passcode = digits(6)
export const pin = digits(4)

/** A password field: the admin's password or a customer's passcode, checked by the handler. */
export const secret = v.pipe(
  plainString(),
  v.nonEmpty('is required'),
  v.maxLength(128, 'is too long'),
)

export const amount = v.pipe(
  plainString(),
  v.trim(),
  v.regex(/^\d{1,13}(\.\d{1,2})?$/, 'must be an amount with at most 2 decimals'),
)

export const numericId = v.pipe(
  plainString(),
  v.trim(),
  v.regex(/^\d{1,18}$/, 'must be a numeric id'),
)

/** A checkbox: present means on. */
export const checkbox = v.optional(v.picklist(['on', 'true', '1', 'yes', 'false', '0', 'no', '']))

export const upload = v.pipe(
  v.file('must be a file'),
  v.maxSize(maxUploadBytes, `must be at most ${maxUploadBytes / 1024 / 1024} MB`),
)

// ---- response building blocks ----

/** Decimal string with exactly two decimals, as produced by `toDecimalString`. */
export const money = v.pipe(v.string(), v.regex(/^-?\d+\.\d{2}$/))

export const isoDate = v.pipe(v.string(), v.isoTimestamp())

export const notice = v.object({ head: v.string(), body: v.string() })

export const transaction = v.object({
  name: v.string(),
  date: isoDate,
  amount: money,
  transaction_type: v.picklist(['credit', 'debit']),
  status: v.string(),
  ref2: v.string(),
  bank: v.nullable(v.string()),
  act_hold_name: v.nullable(v.string()),
  act_no: v.nullable(v.string()),
  country: v.nullable(v.string()),
  type: v.string(),
  status2: v.nullable(v.string()),
})

export const fundingRequest = v.object({
  type: v.string(),
  amount: money,
  status: v.picklist(['pending', 'confirmed', 'declined']),
  created_at: isoDate,
})

export const statusAnswer = v.object({ status: v.boolean(), message: v.string() })

export const iconAnswer = v.object({ icon: v.picklist(['success', 'error']), message: v.string() })
