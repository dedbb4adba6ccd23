import * as v from 'valibot'
import { countries } from '../countries'
import { fieldRules, isPhoneNumber, normalisedPhone } from './field-rules'

export { isAdultOn, minimumAge } from './field-rules'

import { isCalendarDay, plainString, text } from './fields'
import { labelled } from './labels'
import { wire } from './wire-fields'

/**
 * The profile form's rules, shared by the screen and the server: the choices a bank's form
 * offers, a phone number in international (E.164) form and an adult's date of birth. An empty
 * optional field clears it. See docs/decisions/029-profile-and-picture.md.
 */
export const genders = ['Male', 'Female', 'Other'] as const
export const maritalStatuses = [
  'Single',
  'Married',
  'Civil partnership',
  'Separated',
  'Divorced',
  'Widowed',
] as const

const emptyOr = <T extends readonly string[]>(options: T, message: string) =>
  v.pipe(plainString(), v.trim(), v.picklist(['', ...options], message))

/**
 * The profile's phone: the one phone rule (`fieldRules.phone`, also the KYC form's), or empty
 * to clear it. Spaces, dots, dashes and brackets are dropped: "+1 (555) 010-0200" is
 * "+15550100200".
 */
export const phoneNumber = v.pipe(
  plainString(),
  v.transform(normalisedPhone),
  v.check((value) => value === '' || isPhoneNumber(value), fieldRules.phone.message),
)

/** The KYC submission's phone: the same rule, and required. */
export const requiredPhoneNumber = v.pipe(
  plainString(),
  v.transform(normalisedPhone),
  v.nonEmpty('is required'),
  v.check(isPhoneNumber, fieldRules.phone.message),
)

export const dateOfBirth = v.pipe(
  plainString(),
  v.trim(),
  v.check((value) => value === '' || isCalendarDay(value), 'must be a date (YYYY-MM-DD)'),
)

export const profileFields = v.object({
  fullname: v.pipe(
    plainString(),
    v.trim(),
    v.nonEmpty('is required'),
    v.maxLength(121, 'must be at most 121 characters'),
    v.title('Your full name'),
  ),
  phone: labelled(phoneNumber, 'Your phone number'),
  gender: labelled(emptyOr(genders, `must be one of ${genders.join(', ')}`), 'Your gender'),
  dateOfBirth: wire('dob', labelled(dateOfBirth, 'Your date of birth')),
  country: v.pipe(
    plainString(),
    v.trim(),
    v.check(
      (value) => value === '' || countries().some((country) => country.name === value),
      'must be a country from the list',
    ),
    v.title('Your country'),
  ),
  maritalStatus: wire(
    'marital_status',
    labelled(
      emptyOr(maritalStatuses, `must be one of ${maritalStatuses.join(', ')}`),
      'Your marital status',
    ),
  ),
  homeAddress: wire('home_address', labelled(text(300), 'Your home address')),
  nextOfKin: wire('next_of_kin', labelled(text(121), 'Your next of kin')),
})
