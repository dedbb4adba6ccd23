import * as v from 'valibot'
import { isCountryCode } from '../countries'
import {
  fieldRules,
  isCalendarDay,
  isDocumentNumber,
  normalisedDocumentNumber,
} from './field-rules'
import { plainString } from './fields'

/**
 * The KYC form's identity details (docs/decisions/099), as the contract checks them: the date
 * of birth and the identity document's number, issuing country and expiry date. What depends on
 * the day (an adult's birth date, a document not yet expired) the server checks against its own
 * clock with the same rules (`isAcceptedBirthDate`, `hasExpiredOn` in ./field-rules.ts), as the
 * profile's age is checked.
 */

/** A day of the calendar, YYYY-MM-DD, required. */
const requiredDay = v.pipe(
  plainString(),
  v.trim(),
  v.nonEmpty('is required'),
  v.check(isCalendarDay, 'must be a date (YYYY-MM-DD)'),
)

export const birthDate = requiredDay

/** 5 to 20 letters or digits; spaces and dashes between groups dropped, letters upper-cased. */
export const documentNumber = v.pipe(
  plainString(),
  v.transform(normalisedDocumentNumber),
  v.nonEmpty('is required'),
  v.check(isDocumentNumber, fieldRules.documentNumber.message),
)

/** An ISO 3166-1 alpha-2 code of the country list (`es` is taken as ES). */
export const documentCountry = v.pipe(
  plainString(),
  v.trim(),
  v.toUpperCase(),
  v.nonEmpty('is required'),
  v.check(isCountryCode, 'must be a country from the list'),
)

export const documentExpiry = requiredDay
