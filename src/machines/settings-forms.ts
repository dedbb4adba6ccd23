import * as v from 'valibot'
import { genericFailureMessage } from '#api/call-failure'
import type { FieldValue } from '#api/client'
import { fieldRules, isDigits } from '#api/contract/fields'
import { isAdultOn, minimumAge, profileFields } from '#api/contract/profile-fields'
import { dayMonthYearShape, parseDayMonthYear } from '#api/day-month-year'
import { uploadKinds, uploadMessages, uploadProblem } from '#api/upload-rules'

/**
 * The forms of Settings and Profile that one statechart serves (settings-form.machine.ts):
 * their call, their rules, the fields they send and the spec's words. Rules come from the
 * contract (`fields.ts`, `profile-fields.ts`), the same the server checks requests with.
 */

/** What the customer entered, by field name: texts as typed, a file as chosen. */
export type SettingsEntry = Readonly<Record<string, string | File | null>>
export type SettingsFieldErrors = Partial<Record<string, string>>

export const settingsMessages = {
  /** Spec 8: after PIN, profile and settings actions. */
  saved: 'Action Successful!',
  /** Spec 8: a failed call; the server's words when it gave any. */
  failed: genericFailureMessage,
  /** Spec 8: Reset PIN by e-mail. */
  resetPinSent:
    'We have sent a link to reset your PIN to your registered email address. Please check your inbox.',
  resetPinFailed: 'Something went wrong.',
  mismatch: fieldRules.confirmation.message,
  passcode: fieldRules.passcode.message,
  pin: fieldRules.pin.message,
  pictureMissing: 'Choose a picture',
  /** One rule and one wording for every upload (field-rules.ts): 'File too large: at most 5 MB'. */
  pictureType: uploadMessages.wrongType('photo'),
  pictureSize: uploadMessages.tooLarge,
  fullname: 'Enter your full name',
  dobShape: `Enter your date of birth as ${dayMonthYearShape}`,
  dobFuture: 'Your date of birth must be in the past',
  dobAdult: `You must be at least ${minimumAge} years old`,
  dobTooOld: 'Enter a date of birth in 1900 or later',
  deviceMissing: 'Choose a device to sign out',
  passkeyName: 'Give your passkey a name, such as the device it is on',
} as const

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

const profileLabels: Record<string, string> = {
  fullname: 'Full name',
  phone: 'Phone',
  gender: 'Gender',
  dateOfBirth: 'Date of birth',
  country: 'Country',
  maritalStatus: 'Marital status',
  homeAddress: 'Home address',
  nextOfKin: 'Next of kin',
}

export const profileFieldNames = Object.keys(profileLabels)

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
      if (name && !errors[name]) errors[name] = `${profileLabels[name] ?? name} ${issue.message}`
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
  /** The words of a saved form, and the fallback of a failed one. */
  savedMessage: string
  failedMessage: string
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
    savedMessage: settingsMessages.saved,
    failedMessage: settingsMessages.failed,
    clearsWhenSaved: true,
  },
  pin: {
    call: 'changeTransferPin',
    errors: (entry) => secretErrors(entry, fieldRules.pin.digits, settingsMessages.pin),
    request: secrets,
    savedMessage: settingsMessages.saved,
    failedMessage: settingsMessages.failed,
    clearsWhenSaved: true,
  },
  resetPin: {
    call: 'resetPin',
    errors: () => ({}),
    request: () => ({ action: 'code' }),
    savedMessage: settingsMessages.resetPinSent,
    failedMessage: settingsMessages.resetPinFailed,
    clearsWhenSaved: false,
  },
  profile: {
    call: 'updateProfile',
    errors: (entry) => profileErrors(entry),
    request: profileRequest,
    savedMessage: settingsMessages.saved,
    failedMessage: settingsMessages.failed,
    clearsWhenSaved: false,
  },
  picture: {
    call: 'updatePicture',
    errors: pictureErrors,
    request: (entry) => ({ profilePic: entry.profilePic ?? undefined }),
    savedMessage: settingsMessages.saved,
    failedMessage: settingsMessages.failed,
    clearsWhenSaved: true,
  },
  /** Settings' devices (decision 080): "Sign out" on one of them. */
  signOutDevice: {
    call: 'signOutDevice',
    errors: (entry) =>
      /^\d+$/.test(text(entry, 'device')) ? {} : { device: settingsMessages.deviceMissing },
    request: (entry) => ({ device: text(entry, 'device') }),
    savedMessage: settingsMessages.saved,
    failedMessage: settingsMessages.failed,
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
    savedMessage: settingsMessages.saved,
    failedMessage: settingsMessages.failed,
    clearsWhenSaved: true,
  },
  /** Removing a passkey, after the passcode. */
  removePasskey: {
    call: 'removePasskey',
    errors: passcodeError,
    request: (entry) => ({ passkey: text(entry, 'passkey'), passcode: text(entry, 'passcode') }),
    savedMessage: settingsMessages.saved,
    failedMessage: settingsMessages.failed,
    clearsWhenSaved: true,
  },
  /** "Sign out everywhere else". */
  signOutOthers: {
    call: 'signOutOtherDevices',
    errors: () => ({}),
    request: () => ({}),
    savedMessage: settingsMessages.saved,
    failedMessage: settingsMessages.failed,
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
