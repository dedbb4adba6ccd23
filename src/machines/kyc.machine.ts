import { t } from '@lingui/core/macro'
import { assertEvent, assign, type NonReducibleUnknown, setup } from 'xstate'
import { failureNotice, genericFailureMessage, refusalNotice } from '#api/call-failure'
import type { CallResult, FieldValue } from '#api/client'
import type { CallRequest } from '#api/contract'
import {
  fieldRules,
  hasExpiredOn,
  isAdultOn,
  isDocumentNumber,
  isPhoneNumber,
  minimumAge,
  oldestBirthYear,
  todayUtc,
} from '#api/contract/field-rules'
import { isCountryCode } from '#api/countries'
import { parseDayMonthYear } from '#api/day-month-year'
import { errorNotice, type Notice, successNotice } from '#api/notice'
import { type UploadKind, uploadProblem } from '#api/upload-rules'
import { appCall, appEffects, redirectDelay } from './app-provided'
import { endsSession } from './session-ended'

/**
 * The KYC form of a signed-out customer who holds the temporary token tempbaUid (spec section 4:
 * "KYC submit: on success remove the temp token and go to under-review after 5 s"), at
 * account/kyc/form.
 *
 * - The document types are Driver's License plus the names `getdocs` gives (spec section 9);
 *   when getdocs fails the form still works with Driver's License alone.
 * - SUBMIT carries the form; a form with a missing field stays here with a message per field,
 *   and so does a phone number that breaks the phone rule the profile uses too (international
 *   form, `fieldRules.phone`), a date of birth that is not an adult's, and a document whose
 *   number is not 5 to 20 letters or digits, whose issuing country is not from the list or
 *   which has expired (docs/decisions/099); the server checks them again with the contract and
 *   on its own day. Dates are typed as dd/mm/yyyy and sent as YYYY-MM-DD (decision 065).
 * - `submit_verification` sends it as multipart with tempbaUid. Success removes tempbaUid and
 *   goes to kyc/under-review after 5 s (or on Continue). A refusal shows the server's message,
 *   a failed call the fallback; an unauthorized answer (the temporary token expired) goes to
 *   login.
 *
 * Storage and navigation are the shared effects `forgetKycToken`, `goToKycUnderReview` and
 * `goToLogin` (app-provided.ts), provided by the screen.
 */

export const driversLicense = "Driver's License"
export const submittedFallbackMessage = () =>
  t`Thank you. Your documents have been submitted for review.`

/** The fields of the form, named as the contract names them (`submitKyc`; the wire names are its business). */
export const kycFields = [
  'dateOfBirth',
  'phone',
  'country',
  'homeAddress',
  'pic',
  'type',
  'documentNumber',
  'documentCountry',
  'documentExpiry',
  'idcardFront',
  'idcardBack',
] as const

export type KycField = (typeof kycFields)[number]

export interface KycForm {
  country: string
  phone: string
  homeAddress: string
  /** As typed: dd/mm/yyyy. */
  dateOfBirth: string
  type: string
  documentNumber: string
  /** ISO 3166-1 alpha-2, chosen from the list. */
  documentCountry: string
  /** As typed: dd/mm/yyyy. */
  documentExpiry: string
  /** A file the customer chose, or null. */
  pic: File | null
  idcardFront: File | null
  idcardBack: File | null
}

/** What the form says about a field that is missing. */
export const missingFieldMessages: Readonly<Record<KycField, string>> = {
  get country() {
    return t`Choose your country`
  },
  get phone() {
    return t`Enter your phone number`
  },
  get homeAddress() {
    return t`Enter your home address`
  },
  get dateOfBirth() {
    return t`Enter your date of birth`
  },
  get documentNumber() {
    return t`Enter the document number`
  },
  get documentCountry() {
    return t`Choose the country that issued the document`
  },
  get documentExpiry() {
    return t`Enter the document's expiry date`
  },
  get pic() {
    return t`Add a photo of yourself`
  },
  get type() {
    return t`Choose a document type`
  },
  get idcardFront() {
    return t`Add the front of your document`
  },
  get idcardBack() {
    return t`Add the back of your document`
  },
}

export type KycFieldErrors = Partial<Record<KycField, string>>

/** A phone number outside the one phone rule (the profile's too). */
export function phoneRuleMessage(): string {
  const rule = fieldRules.phone.message
  return t`Phone number ${rule}`
}

/** What the form says about a field that breaks its rule (beyond being missing). */
export const fieldRuleMessages = {
  get dateShape() {
    return t`Enter the date as dd/mm/yyyy`
  },
  get birthInFuture() {
    return t`Your date of birth must be in the past`
  },
  get notAdult() {
    const age = minimumAge
    return t`You must be at least ${age} years old`
  },
  get bornTooEarly() {
    const year = oldestBirthYear
    return t`Enter a date of birth in ${year} or later`
  },
  get documentNumber() {
    const { min, max } = fieldRules.documentNumber
    return t`Enter ${min} to ${max} letters or digits, as printed on the document`
  },
  get documentCountry() {
    return t`Choose the issuing country from the list`
  },
  get expired() {
    return t`This document has expired: use one that is still valid`
  },
} as const

/** A date of birth's problem on `today`, or undefined. */
function birthDateProblem(typed: string, today: string): string | undefined {
  const day = parseDayMonthYear(typed)
  if (!day) return fieldRuleMessages.dateShape
  if (day >= today) return fieldRuleMessages.birthInFuture
  if (!isAdultOn(day, today)) return fieldRuleMessages.notAdult
  if (Number(day.slice(0, 4)) < oldestBirthYear) return fieldRuleMessages.bornTooEarly
  return undefined
}

/** An expiry date's problem on `today` (a document is valid through its expiry day), or undefined. */
function expiryProblem(typed: string, today: string): string | undefined {
  const day = parseDayMonthYear(typed)
  if (!day) return fieldRuleMessages.dateShape
  return hasExpiredOn(day, today) ? fieldRuleMessages.expired : undefined
}

/** The missing fields of a form, with their messages (empty when the form is complete). */
export function missingFields(form: KycForm): KycFieldErrors {
  const errors: KycFieldErrors = {}
  for (const field of kycFields) {
    const value = form[field]
    if (value === null || (typeof value === 'string' && value.trim() === '')) {
      errors[field] = missingFieldMessages[field]
    }
  }
  return errors
}

/** What each file may be, as the server judges it: the photo a picture, the document's sides a picture or a PDF. */
const kycFiles = {
  pic: 'photo',
  idcardFront: 'file',
  idcardBack: 'file',
} as const satisfies Record<string, UploadKind>

/**
 * What keeps the form from being sent: the missing fields, then each field's rule (the phone,
 * the date of birth and the document's number, issuing country and expiry on `today`, the UTC
 * day the server checks on), then a file too large or of another type ('File too large: at
 * most 5 MB').
 */
export function kycFormErrors(form: KycForm, today = todayUtc()): KycFieldErrors {
  const errors = missingFields(form)
  if (!errors.phone && !isPhoneNumber(form.phone)) errors.phone = phoneRuleMessage()
  const birth = errors.dateOfBirth ? undefined : birthDateProblem(form.dateOfBirth, today)
  if (birth) errors.dateOfBirth = birth
  if (!errors.documentNumber && !isDocumentNumber(form.documentNumber))
    errors.documentNumber = fieldRuleMessages.documentNumber
  if (!errors.documentCountry && !isCountryCode(form.documentCountry))
    errors.documentCountry = fieldRuleMessages.documentCountry
  const expiry = errors.documentExpiry ? undefined : expiryProblem(form.documentExpiry, today)
  if (expiry) errors.documentExpiry = expiry
  for (const [field, kind] of Object.entries(kycFiles) as [keyof typeof kycFiles, UploadKind][]) {
    const file = form[field]
    const problem = file && uploadProblem(file, kind)
    if (!errors[field] && problem) errors[field] = problem
  }
  return errors
}

/** The form as `submitKyc` takes it: the dates as YYYY-MM-DD, an empty file as none. */
export function kycRequest(form: KycForm): SubmitFields {
  const { pic, idcardFront, idcardBack, dateOfBirth, documentExpiry, ...details } = form
  return {
    ...details,
    dateOfBirth: parseDayMonthYear(dateOfBirth) ?? dateOfBirth,
    documentExpiry: parseDayMonthYear(documentExpiry) ?? documentExpiry,
    pic: pic ?? undefined,
    idcardFront: idcardFront ?? undefined,
    idcardBack: idcardBack ?? undefined,
  }
}

export type DocsResult = CallResult<'kycDocumentTypes'>
export type SubmitResult = CallResult<'submitKyc'>
/** The fields as the API client takes them (files as File objects, sent as multipart). */
export type SubmitFields = { [K in keyof CallRequest<'submitKyc'>]?: FieldValue }

export interface KycContext {
  /** The document type options: Driver's License first, then the server's names. */
  documentTypes: string[]
  fieldErrors: KycFieldErrors
  answer: SubmitResult | null
  alert: Notice | null
}

export type KycEvent = { type: 'SUBMIT'; form: KycForm } | { type: 'CONTINUE' }

function submittedMessage(context: KycContext): string {
  return (context.answer?.ok && context.answer.data.message) || submittedFallbackMessage()
}

export const kycMachine = setup({
  types: {
    context: {} as KycContext,
    events: {} as KycEvent,
  },
  actors: {
    kycDocumentTypes: appCall<'kycDocumentTypes', NonReducibleUnknown>('kycDocumentTypes'),
    /** Multipart, with tempbaUid. */
    submitKyc: appCall<'submitKyc', SubmitFields>('submitKyc'),
  },
  delays: { redirectDelay },
  guards: {
    isCompleteForm: ({ event }) =>
      event.type === 'SUBMIT' && Object.keys(kycFormErrors(event.form)).length === 0,
    isUnauthorized: ({ context }) => endsSession(context.answer),
    isCallFailure: ({ context }) => context.answer?.ok === false,
    isRefused: ({ context }) => context.answer?.ok === true && !context.answer.data.status,
  },
  actions: {
    keepDocumentTypes: assign(({ context }, docs: DocsResult) => {
      if (!docs.ok) return {}
      const names = docs.data.docs.map((doc) => doc.name.trim()).filter(Boolean)
      return { documentTypes: [...new Set([...context.documentTypes, ...names])] }
    }),
    showFieldErrors: assign(({ event }) => {
      assertEvent(event, 'SUBMIT')
      return { fieldErrors: kycFormErrors(event.form), alert: null }
    }),
    clearMessages: assign({ fieldErrors: {}, alert: null }),
    keepAnswer: assign((_, answer: SubmitResult) => ({ answer })),
    showCallFailure: assign(({ context }) => ({
      alert:
        context.answer?.ok === false
          ? failureNotice(context.answer)
          : errorNotice(genericFailureMessage),
    })),
    showRefusal: assign(({ context }) => ({ alert: refusalNotice(context.answer) })),
    showUnexpectedFailure: assign({ alert: errorNotice(genericFailureMessage) }),
    showSubmitted: assign(({ context }) => ({ alert: successNotice(submittedMessage(context)) })),
    ...appEffects,
  },
}).createMachine({
  id: 'kyc',
  description: 'The KYC form: details, a photo and both sides of an identity document.',
  context: { documentTypes: [driversLicense], fieldErrors: {}, answer: null, alert: null },
  initial: 'loadingDocumentTypes',
  states: {
    loadingDocumentTypes: {
      id: 'kycLoadingDocumentTypes',
      tags: ['form', 'loading'],
      meta: {
        description: "The form shows; kycDocumentTypes adds document types to Driver's License.",
      },
      invoke: {
        id: 'kycDocumentTypes',
        src: 'kycDocumentTypes',
        onDone: {
          target: 'editing',
          actions: { type: 'keepDocumentTypes', params: ({ event }) => event.output },
        },
        onError: 'editing',
      },
    },
    editing: {
      id: 'kycEditing',
      tags: ['form'],
      meta: {
        description:
          "The form: date of birth, phone, country, home address, photo, and the document's type, number, issuing country, expiry and both sides; messages of a missing field, a field outside its rule (phone, an adult's date of birth, the document's number, country, an expired document), or a failed submission.",
      },
      on: {
        SUBMIT: [
          { guard: 'isCompleteForm', target: 'submitting', actions: 'clearMessages' },
          { actions: 'showFieldErrors' },
        ],
      },
    },
    submitting: {
      id: 'kycSubmitting',
      tags: ['form', 'busy'],
      meta: { description: 'submitKyc sends the form with tempbaUid; Submit is busy.' },
      invoke: {
        id: 'submitKyc',
        src: 'submitKyc',
        input: ({ event }) => {
          assertEvent(event, 'SUBMIT')
          return kycRequest(event.form)
        },
        onDone: {
          target: 'submitAnswered',
          actions: { type: 'keepAnswer', params: ({ event }) => event.output },
        },
        onError: { target: 'editing', actions: 'showUnexpectedFailure' },
      },
    },
    submitAnswered: {
      id: 'kycSubmitAnswered',
      meta: { description: 'Decides on the answer of submitKyc at once.' },
      always: [
        { guard: 'isUnauthorized', target: 'leftForLogin', actions: 'forgetKycToken' },
        { guard: 'isCallFailure', target: 'editing', actions: 'showCallFailure' },
        { guard: 'isRefused', target: 'editing', actions: 'showRefusal' },
        { target: 'submitted', actions: ['forgetKycToken', 'showSubmitted'] },
      ],
    },
    submitted: {
      id: 'kycSubmitted',
      tags: ['redirecting'],
      meta: {
        description:
          "tempbaUid is removed; the server's message, then kyc/under-review after 5 s or on Continue.",
      },
      after: { redirectDelay: 'leftForKycUnderReview' },
      on: { CONTINUE: 'leftForKycUnderReview' },
    },
    leftForKycUnderReview: {
      id: 'kycLeftForKycUnderReview',
      type: 'final',
      meta: { description: 'Left for kyc/under-review.' },
      entry: 'goToKycUnderReview',
    },
    leftForLogin: {
      id: 'kycLeftForLogin',
      type: 'final',
      meta: { description: 'The temporary token is no longer valid; left for login.' },
      entry: 'goToLogin',
    },
  },
})
