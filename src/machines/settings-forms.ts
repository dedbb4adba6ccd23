import { t } from '@lingui/core/macro'
import * as v from 'valibot'
import { genericFailureMessage } from '#api/call-failure'
import type { FieldValue } from '#api/client'
import { fieldRules, isDigits } from '#api/contract/fields'
import { isAdultOn, minimumAge, profileFields } from '#api/contract/profile-fields'
import { parseDayMonthYear } from '#api/day-month-year'
import { uploadKinds, uploadMessages, uploadProblem } from '#api/upload-rules'

/**
 * The forms of Settings and Profile that one statechart serves (settings-form.machine.ts):
 * their call, their rules, the fields they send and the spec's words. Rules come from the
 * contract (`fields.ts`, `profile-fields.ts`), the same the server checks requests with.
 */

/** What the customer entered, by field name: texts as typed, a file as chosen. */
export type SettingsEntry = Readonly<Record<string, string | File | null>>
export type SettingsFieldErrors = Partial<Record<string, string>>

/**
 * The forms' words, each read when it is shown, in the language in use (docs/decisions/090);
 * the contract's own (the digits, the mismatch, a file's size and type) come from it as they are.
 */
export const settingsMessages = {
  /** Spec 8: after PIN, profile and settings actions. */
  get saved() {
    return t`Action Successful!`
  },
  /** Spec 8: a failed call; the server's words when it gave any. */
  get failed() {
    return genericFailureMessage
  },
  /** Spec 8: Reset PIN by e-mail. */
  get resetPinSent() {
    return t`We have sent a link to reset your PIN to your registered email address. Please check your inbox.`
  },
  get resetPinFailed() {
    return t`Something went wrong.`
  },
  get mismatch() {
    return fieldRules.confirmation.message
  },
  get passcode() {
    return fieldRules.passcode.message
  },
  get pin() {
    return fieldRules.pin.message
  },
  get pictureMissing() {
    return t`Choose a picture`
  },
  /** One rule and one wording for every upload (field-rules.ts): 'File too large: at most 5 MB'. */
  get pictureType() {
    return uploadMessages.wrongType('photo')
  },
  get pictureSize() {
    return uploadMessages.tooLarge
  },
  get fullname() {
    return t`Enter your full name`
  },
  get dobShape() {
    return t`Enter your date of birth as dd/mm/yyyy`
  },
  get dobFuture() {
    return t`Your date of birth must be in the past`
  },
  get dobAdult() {
    const age = minimumAge
    return t`You must be at least ${age} years old`
  },
  get dobTooOld() {
    return t`Enter a date of birth in 1900 or later`
  },
  get deviceMissing() {
    return t`Choose a device to sign out`
  },
  get passkeyName() {
    return t`Give your passkey a name, such as the device it is on`
  },
} as const

export type SettingsMessage = keyof typeof settingsMessages

export const pictureTypes = uploadKinds.photo.types

const text = (entry: SettingsEntry, name: string) => {
  const value = entry[name]
  return typeof value === 'string' ? value : ''
}

/** Today as YYYY-MM-DD in UTC, the day the server checks the age on. */
export const todayUtc = () => new Date().toISOString().slice(0, 10)

/** Current, new and confirmation: each `digits` long; a confirmation that differs is a mismatch. */
function secretErrors(entry: SettingsEntry, digits: number, message: string) {
  const errors: SettingsFieldErrors = {}
  for (const name of ['current', 'next'] as const)
    if (!isDigits(text(entry, name), digits)) errors[name] = message
  if (text(entry, 'confirmation') !== text(entry, 'next'))
    errors.confirmation = settingsMessages.mismatch
  else if (!isDigits(text(entry, 'confirmation'), digits)) errors.confirmation = message
  return errors
}

/** Each profile field's label, which the contract's message for it follows. */
const profileLabel = (name: string): string => {
  switch (name) {
    case 'fullname':
      return t`Full name`
    case 'phone':
      return t`Phone`
    case 'gender':
      return t`Gender`
    case 'dateOfBirth':
      return t`Date of birth`
    case 'country':
      return t`Country`
    case 'maritalStatus':
      return t`Marital status`
    case 'homeAddress':
      return t`Home address`
    case 'nextOfKin':
      return t`Next of kin`
    default:
      return name
  }
}

export const profileFieldNames = [
  'fullname',
  'phone',
  'gender',
  'dateOfBirth',
  'country',
  'maritalStatus',
  'homeAddress',
  'nextOfKin',
]

/**
 * The date of birth as the contract carries it (YYYY-MM-DD) from what the customer typed
 * (dd/mm/yyyy, decision 065): '' when empty, null when it is not a day of the calendar.
 */
function typedDateOfBirth(entry: SettingsEntry): string | null {
  const typed = text(entry, 'dateOfBirth').trim()
  return typed === '' ? '' : parseDayMonthYear(typed)
}

/** The profile fields as `updateprofile` takes them (the date of birth as YYYY-MM-DD). */
function profileRequest(entry: SettingsEntry): Record<string, string> {
  const values = Object.fromEntries(
    profileFieldNames.map((name) => [name, text(entry, name).trim()]),
  )
  return { ...values, dateOfBirth: typedDateOfBirth(entry) ?? values.dateOfBirth ?? '' }
}

/** The contract's rules with the field's label in front, then the age on `today`. */
export function profileErrors(entry: SettingsEntry, today = todayUtc()): SettingsFieldErrors {
  const errors: SettingsFieldErrors = {}
  const typedDob = typedDateOfBirth(entry)
  const values = {
    ...Object.fromEntries(profileFieldNames.map((name) => [name, text(entry, name)])),
    dateOfBirth: typedDob ?? '',
  }
  const result = v.safeParse(profileFields, values)
  if (!result.success) {
    for (const issue of result.issues) {
      const name = v.getDotPath(issue)
      if (name && !errors[name]) errors[name] = `${profileLabel(name)} ${issue.message}`
    }
  }
  if (!text(entry, 'fullname').trim()) errors.fullname = settingsMessages.fullname
  const dateOfBirth = typedDob ?? ''
  if (typedDob === null) errors.dateOfBirth = settingsMessages.dobShape
  else if (dateOfBirth && !errors.dateOfBirth) {
    if (dateOfBirth >= today) errors.dateOfBirth = settingsMessages.dobFuture
    else if (!isAdultOn(dateOfBirth, today)) errors.dateOfBirth = settingsMessages.dobAdult
    else if (Number(dateOfBirth.slice(0, 4)) < 1900) errors.dateOfBirth = settingsMessages.dobTooOld
  }
  return errors
}

/** A picture the server will take: one of its types, at most 5 MB (it still judges the bytes). */
export function pictureErrors(entry: SettingsEntry): SettingsFieldErrors {
  const file = entry.profilePic
  if (!(file instanceof File) || file.size === 0)
    return { profilePic: settingsMessages.pictureMissing }
  const problem = uploadProblem(file, 'photo')
  return problem ? { profilePic: problem } : {}
}

export type SettingsCall =
  | 'changePasscode'
  | 'changeTransferPin'
  | 'resetPin'
  | 'updateProfile'
  | 'updatePicture'
  | 'signOutDevice'
  | 'signOutOtherDevices'
  | 'renamePasskey'
  | 'removePasskey'

export interface SettingsForm {
  call: SettingsCall
  /** The fields that cannot be sent, with their messages (empty when it can be). */
  errors: (entry: SettingsEntry) => SettingsFieldErrors
  /** The request as the call takes it. */
  request: (entry: SettingsEntry) => Record<string, FieldValue>
  /** The words of a saved form, and the fallback of a failed one (read in the language in use). */
  savedMessage: SettingsMessage
  failedMessage: SettingsMessage
  /** Whether a saved form starts empty again (secrets are not left on screen). */
  clearsWhenSaved: boolean
}

/** The passcode entered again before a passkey changes. */
const passcodeError = (entry: SettingsEntry): SettingsFieldErrors =>
  isDigits(text(entry, 'passcode'), fieldRules.passcode.digits)
    ? {}
    : { passcode: settingsMessages.passcode }

const secrets = (entry: SettingsEntry) => ({
  current: text(entry, 'current'),
  next: text(entry, 'next'),
  confirmation: text(entry, 'confirmation'),
})

export const settingsForms = {
  passcode: {
    call: 'changePasscode',
    errors: (entry) => secretErrors(entry, fieldRules.passcode.digits, settingsMessages.passcode),
    // "Sign out my other devices" (decision 080): sent only when ticked, as a form's checkbox.
    request: (entry) => ({
      ...secrets(entry),
      signOutOthers: text(entry, 'signOutOthers') === 'on' ? 'on' : undefined,
    }),
    savedMessage: 'saved',
    failedMessage: 'failed',
    clearsWhenSaved: true,
  },
  pin: {
    call: 'changeTransferPin',
    errors: (entry) => secretErrors(entry, fieldRules.pin.digits, settingsMessages.pin),
    request: secrets,
    savedMessage: 'saved',
    failedMessage: 'failed',
    clearsWhenSaved: true,
  },
  resetPin: {
    call: 'resetPin',
    errors: () => ({}),
    request: () => ({ action: 'code' }),
    savedMessage: 'resetPinSent',
    failedMessage: 'resetPinFailed',
    clearsWhenSaved: false,
  },
  profile: {
    call: 'updateProfile',
    errors: (entry) => profileErrors(entry),
    request: profileRequest,
    savedMessage: 'saved',
    failedMessage: 'failed',
    clearsWhenSaved: false,
  },
  picture: {
    call: 'updatePicture',
    errors: pictureErrors,
    request: (entry) => ({ profilePic: entry.profilePic ?? undefined }),
    savedMessage: 'saved',
    failedMessage: 'failed',
    clearsWhenSaved: true,
  },
  /** Settings' devices (decision 080): "Sign out" on one of them. */
  signOutDevice: {
    call: 'signOutDevice',
    errors: (entry) =>
      /^\d+$/.test(text(entry, 'device')) ? {} : { device: settingsMessages.deviceMissing },
    request: (entry) => ({ device: text(entry, 'device') }),
    savedMessage: 'saved',
    failedMessage: 'failed',
    clearsWhenSaved: false,
  },
  /** Settings' passkeys (decision 081): a new name, after the passcode. */
  renamePasskey: {
    call: 'renamePasskey',
    errors: (entry) => ({
      ...(text(entry, 'name').trim() === '' ? { name: settingsMessages.passkeyName } : {}),
      ...passcodeError(entry),
    }),
    request: (entry) => ({
      passkey: text(entry, 'passkey'),
      name: text(entry, 'name').trim(),
      passcode: text(entry, 'passcode'),
    }),
    savedMessage: 'saved',
    failedMessage: 'failed',
    clearsWhenSaved: true,
  },
  /** Removing a passkey, after the passcode. */
  removePasskey: {
    call: 'removePasskey',
    errors: passcodeError,
    request: (entry) => ({ passkey: text(entry, 'passkey'), passcode: text(entry, 'passcode') }),
    savedMessage: 'saved',
    failedMessage: 'failed',
    clearsWhenSaved: true,
  },
  /** "Sign out everywhere else". */
  signOutOthers: {
    call: 'signOutOtherDevices',
    errors: () => ({}),
    request: () => ({}),
    savedMessage: 'saved',
    failedMessage: 'failed',
    clearsWhenSaved: false,
  },
} as const satisfies Record<string, SettingsForm>

export type SettingsFormName = keyof typeof settingsForms

/**
 * Spec 5, when Save is enabled. Passcode: all three filled and the new one equal to its
 * confirmation, longer than 4. PIN: the new one equal to its confirmation, 4 long.
 */
export function canSave(form: SettingsFormName, entry: SettingsEntry): boolean {
  const [current, next, confirmation] = [
    text(entry, 'current'),
    text(entry, 'next'),
    text(entry, 'confirmation'),
  ]
  if (form === 'passcode')
    return current !== '' && next !== '' && next === confirmation && next.length > 4
  if (form === 'pin') return next === confirmation && next.length === fieldRules.pin.digits
  return true
}

/** Spec 8: 'Password Mismatch' as soon as the confirmation is as long as the new one and differs. */
export function showsMismatch(entry: SettingsEntry): boolean {
  const [next, confirmation] = [text(entry, 'next'), text(entry, 'confirmation')]
  return confirmation.length >= next.length && confirmation !== '' && confirmation !== next
}
