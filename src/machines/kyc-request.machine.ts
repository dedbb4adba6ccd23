import { t } from '@lingui/core/macro'
import { assertEvent, assign, setup } from 'xstate'
import { answerMessage, refusalNotice } from '#api/call-failure'
import type { CallResult } from '#api/client'
import { type Notice, successNotice } from '#api/notice'
import { uploadProblem } from '#api/upload-rules'
import { appCall, appEffects } from './app-provided'
import { isSessionEnded, leaveEndedSession } from './session-ended'

/**
 * The dashboard's KYC request (spec section 2: "a fixed address with a copy button, a document
 * type (only Driver's License), a file, and a Request verification button";
 * docs/decisions/045). `requestkyc` files the document in the operators' review queue.
 *
 * - SUBMIT carries the document type and the file; without a file it goes to `invalid` with
 *   the field's message, and nothing is sent.
 * - Sent: the server's words (else `kycRequestMessages.sent`) as a success notice, and an empty
 *   form. Refused (one already pending, a file the server does not accept): the server's words,
 *   else 'Something went wrong!'; no answer: the one network message. 401 leaves for login.
 */

export const driversLicense = "Driver's License"

/** Read when shown, in the language in use (docs/decisions/090). */
export const kycRequestMessages = {
  get sent() {
    return t`Your verification request has been sent. We will let you know when it has been checked.`
  },
  get failed() {
    return t`Something went wrong!`
  },
  get noDocument() {
    return t`Add a photo or scan of your document`
  },
  get noType() {
    return t`Choose a document type`
  },
} as const

/** The document type's name as the customer reads it; the value sent stays `driversLicense`. */
export const driversLicenseLabel = () => t`Driver's License`

export interface KycRequestEntry {
  type: string
  document: File | null
}

export type KycRequestFieldErrors = Partial<Record<keyof KycRequestEntry, string>>

/** What keeps the request from being sent: a missing field, or a file too large or of another type. */
export function kycEntryErrors(entry: KycRequestEntry): KycRequestFieldErrors {
  const errors: KycRequestFieldErrors = {}
  if (entry.type.trim() === '') errors.type = kycRequestMessages.noType
  const problem = entry.document && uploadProblem(entry.document, 'file')
  if (entry.document === null) errors.document = kycRequestMessages.noDocument
  else if (problem) errors.document = problem
  return errors
}

export type KycRequestResult = CallResult<'requestKycDocument'>

export interface KycRequestContext {
  entry: KycRequestEntry | null
  fieldErrors: KycRequestFieldErrors
  /** The last answer of requestkyc, as the client gave it. */
  answer: KycRequestResult | null
  /** What the form says about the last request. */
  notice: Notice | null
  /** Requests sent in this visit: the view starts an empty form after each. */
  sentCount: number
}

export type KycRequestEvent = { type: 'SUBMIT'; entry: KycRequestEntry }

export const kycRequestMachine = setup({
  types: {
    context: {} as KycRequestContext,
    events: {} as KycRequestEvent,
    tags: {} as 'busy',
  },
  actors: {
    requestKycDocument: appCall<'requestKycDocument', { type: string; document: File | undefined }>(
      'requestKycDocument',
    ),
  },
  guards: {
    isCompleteEntry: ({ event }) => Object.keys(kycEntryErrors(event.entry)).length === 0,
    isSent: ({ context }) => context.answer?.ok === true && context.answer.data.status,
    isSessionEnded,
  },
  actions: {
    keepEntry: assign(({ event }) => {
      assertEvent(event, 'SUBMIT')
      return { entry: event.entry, fieldErrors: {}, answer: null, notice: null }
    }),
    showFieldErrors: assign(({ event }) => {
      assertEvent(event, 'SUBMIT')
      return { fieldErrors: kycEntryErrors(event.entry), notice: null }
    }),
    keepAnswer: assign((_, answer: KycRequestResult) => ({ answer })),
    showSent: assign(({ context }) => ({
      entry: null,
      sentCount: context.sentCount + 1,
      notice: successNotice(
        answerMessage(
          context.answer?.ok ? context.answer.data.message : '',
          kycRequestMessages.sent,
        ),
      ),
    })),
    showFailure: assign(({ context }) => ({
      notice: refusalNotice(context.answer, kycRequestMessages.failed),
    })),
    leaveEndedSession,
    ...appEffects,
  },
}).createMachine({
  id: 'kycRequest',
  description: "The dashboard's KYC request: a document type and its file (requestKycDocument).",
  context: { entry: null, fieldErrors: {}, answer: null, notice: null, sentCount: 0 },
  initial: 'form',
  states: {
    form: {
      id: 'kycRequestForm',
      initial: 'editing',
      meta: {
        description:
          "The fixed address with Copy, the document type (Driver's License), the file and Request verification.",
      },
      on: {
        SUBMIT: [
          { guard: 'isCompleteEntry', target: 'submitting', actions: 'keepEntry' },
          { target: '.invalid', actions: 'showFieldErrors' },
        ],
      },
      states: {
        editing: { id: 'kycRequestEditing', meta: { description: 'The empty form.' } },
        invalid: {
          id: 'kycRequestInvalid',
          meta: { description: 'A message under each missing field; nothing sent.' },
        },
        sent: {
          id: 'kycRequestSent',
          meta: {
            description:
              "The server's words (or 'Your verification request has been sent…') as a success notice; an empty form.",
          },
        },
        failed: {
          id: 'kycRequestFailed',
          meta: {
            description:
              "The server's words (one already pending, a file it does not accept), else 'Something went wrong!'; no answer: the network message. The entry stays.",
          },
        },
      },
    },
    submitting: {
      id: 'kycRequestSubmitting',
      tags: ['busy'],
      meta: { description: 'requestKycDocument is in flight; Request verification is busy.' },
      invoke: {
        id: 'requestKycDocument',
        src: 'requestKycDocument',
        input: ({ context }) => ({
          type: context.entry?.type.trim() ?? '',
          document: context.entry?.document ?? undefined,
        }),
        onDone: {
          target: 'answered',
          actions: { type: 'keepAnswer', params: ({ event }) => event.output },
        },
        onError: { target: '#kycRequestFailed', actions: 'showFailure' },
      },
    },
    answered: {
      id: 'kycRequestAnswered',
      meta: { description: 'Decides on the answer of requestKycDocument at once.' },
      always: [
        { guard: 'isSent', target: '#kycRequestSent', actions: 'showSent' },
        { guard: 'isSessionEnded', target: 'leftForLogin' },
        { target: '#kycRequestFailed', actions: 'showFailure' },
      ],
    },
    leftForLogin: {
      id: 'kycRequestLeftForLogin',
      type: 'final',
      meta: { description: 'The session has ended (401): baUid is removed; left for login.' },
      entry: 'leaveEndedSession',
    },
  },
})
