import * as v from 'valibot'

/**
 * Field schemas shared by the calls. Requests arrive form-encoded, so every value is a string
 * (or a File for uploads); these check shape and size only. Business rules (wrong passcode,
 * insufficient balance, ...) are the handlers' answers, not protocol errors.
 */

export const maxUploadBytes = 5 * 1024 * 1024

export const text = (max = 200) =>
  v.pipe(v.string(), v.trim(), v.maxLength(max, `must be at most ${max} characters`))

export const requiredText = (max = 200) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('is required'),
    v.maxLength(max, `must be at most ${max} characters`),
  )

export const email = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('is required'),
  v.maxLength(254, 'must be at most 254 characters'),
  v.email('must be an e-mail address'),
  v.toLowerCase(),
)

export const digits = (count: number) =>
  v.pipe(v.string(), v.trim(), v.regex(new RegExp(`^\\d{${count}}$`), `must be ${count} digits`))

export const passcode = digits(6)
export const pin = digits(4)

/** A password field: the admin's password or a customer's passcode, checked by the handler. */
export const secret = v.pipe(v.string(), v.nonEmpty('is required'), v.maxLength(128, 'is too long'))

export const amount = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^\d{1,13}(\.\d{1,2})?$/, 'must be an amount with at most 2 decimals'),
)

export const numericId = v.pipe(v.string(), v.trim(), v.regex(/^\d{1,18}$/, 'must be a numeric id'))

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

/** A calendar day, YYYY-MM-DD, that exists (no 2026-02-30). */
export const isCalendarDay = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const day = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value
}

export const calendarDay = v.pipe(
  v.string(),
  v.trim(),
  v.check(isCalendarDay, 'must be a date (YYYY-MM-DD)'),
)

/** The answer to a checked secret (current passcode or PIN): how many tries remain, or until when it is blocked. */
export const secretCheckAnswer = v.object({
  ...statusAnswer.entries,
  /** Wrong secret: tries left before the block. */
  attempts_left: v.optional(v.number()),
  /** Blocked: until when (ISO 8601). */
  blocked_until: v.optional(isoDate),
})
