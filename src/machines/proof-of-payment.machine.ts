import { t } from '@lingui/core/macro'
import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { refusalNotice } from '#api/call-failure'
import { isTransactionHash, type TransactionHashFormat } from '#api/chain-rules'
import type { CallResult, FieldValue } from '#api/client'
import { parseAmount, toDecimalString } from '#api/money'
import { type Notice, warningNotice } from '#api/notice'
import { uploadProblem } from '#api/upload-rules'
import { appEffect, appEffects } from './app-provided'
import { isSessionEnded, leaveEndedSession } from './session-ended'

/**
 * A request paid outside the portal, filed with its proof of payment (spec sections 2 and 8):
 * a crypto deposit (`newcd`), a payment for a purpose (`newmpc`), a fixed deposit (`newfdc`) or
 * a plan upgrade (`newupgrade`). One statechart serves the four forms; which fields and which
 * call are its input (`proofOfPaymentForms`).
 *
 * - SUBMIT carries what the customer entered; a form with a missing or malformed field goes to
 *   `invalid` with a message per field, and nothing is sent. The proof is checked as the server
 *   checks it, size and type ('File too large: at most 5 MB'), before anything is sent; so is
 *   the payment's transaction hash, against the chosen coin's format (docs/decisions/066).
 * - Each attempt carries a client-made idempotency key, kept in the context: a double click
 *   sends once (SUBMIT waits while a request is in flight), and a retry of the same entry after
 *   a failure reuses the key, so the server answers the first request instead of filing a
 *   second. A changed entry, or a new request after a filed one, gets a new key.
 * - Filed: the toast 'Payment Pending!' as a warning, and the screen reloads the request list.
 *   Anything else: 'Something went wrong!' (the server's words when it gave any; no answer: the
 *   one network message). An ended session (401) leaves for login.
 * - One notice at a time: a new attempt (sent, or refused on the device) withdraws the toast of
 *   the last one, so a 'Payment Pending!' never stands beside the next request's error.
 *
 * The toasts and the reload are this flow's own effects, provided by its screen.
 */

/** Read when shown, in the language in use (docs/decisions/090). */
export const proofOfPaymentMessages = {
  /** Spec 8, word for word. */
  get filed() {
    return t`Payment Pending!`
  },
  get failed() {
    return t`Something went wrong!`
  },
} as const

export type RequestCall =
  | 'submitCryptoDeposit'
  | 'submitPayment'
  | 'submitFixedDeposit'
  | 'submitUpgrade'

/** One form's configuration: its call, the name its proof is sent under, and its extra select. */
export interface ProofOfPaymentForm {
  call: RequestCall
  proofField: 'depositPic' | 'fixedDepositPic'
  /** The select besides the coin type: a payment's purpose or a plan; none for a deposit. */
  choice: 'purpose' | 'plan' | null
}

export const proofOfPaymentForms = {
  deposit: { call: 'submitCryptoDeposit', proofField: 'depositPic', choice: null },
  payment: { call: 'submitPayment', proofField: 'depositPic', choice: 'purpose' },
  fixedDeposit: { call: 'submitFixedDeposit', proofField: 'fixedDepositPic', choice: 'plan' },
  upgrade: { call: 'submitUpgrade', proofField: 'depositPic', choice: 'plan' },
} as const satisfies Record<string, ProofOfPaymentForm>

/** What the customer entered: the texts as typed, the proof as chosen. */
export interface ProofOfPaymentEntry {
  /** The purpose or plan; ignored by a form without one. */
  choice: string
  type: string
  amount: string
  /** The payment's transaction hash, as pasted from the wallet. */
  txHash: string
  /** How the chosen coin's chain writes a hash (`getcdform` tells it per coin). */
  hashFormat: TransactionHashFormat
  proof: File | null
}

export type ProofOfPaymentField = Exclude<keyof ProofOfPaymentEntry, 'hashFormat'>
export type ProofOfPaymentFieldErrors = Partial<Record<ProofOfPaymentField, string>>

/** How a chain writes a transaction hash (`transactionHashFormats[format].says`), in the language in use. */
export function hashFormatSays(format: TransactionHashFormat): string {
  switch (format) {
    case 'hex64':
      return t`64 characters, 0-9 and a-f`
    case '0x-hex64':
      return t`0x, then 64 characters, 0-9 and a-f`
    case 'hex64-or-0x':
      return t`64 characters, 0-9 and a-f (0x before them or not)`
  }
}

/** Read when shown, in the language in use (docs/decisions/090). */
export const fieldMessages = {
  get purpose() {
    return t`Choose a purpose`
  },
  get plan() {
    return t`Choose a plan`
  },
  get type() {
    return t`Choose a coin type`
  },
  get amountMissing() {
    return t`Enter an amount`
  },
  get amountMalformed() {
    return t`Enter an amount above 0 with at most 2 decimals`
  },
  get txHashMissing() {
    return t`Enter the transaction hash of your payment`
  },
  txHashMalformed: (format: TransactionHashFormat) => {
    const shape = hashFormatSays(format)
    return t`Enter the transaction hash as your wallet shows it: ${shape}`
  },
  get proof() {
    return t`Add your proof of payment`
  },
} as const

/** The fields of `entry` that `form` cannot send, with their messages (empty when it can). */
export function entryErrors(
  form: ProofOfPaymentForm,
  entry: ProofOfPaymentEntry,
): ProofOfPaymentFieldErrors {
  const errors: ProofOfPaymentFieldErrors = {}
  if (form.choice !== null && entry.choice.trim() === '') errors.choice = fieldMessages[form.choice]
  if (entry.type.trim() === '') errors.type = fieldMessages.type
  const minor = parseAmount(entry.amount)
  if (entry.amount.trim() === '') errors.amount = fieldMessages.amountMissing
  else if (minor === null || minor <= 0) errors.amount = fieldMessages.amountMalformed
  if (entry.txHash.trim() === '') errors.txHash = fieldMessages.txHashMissing
  else if (!isTransactionHash(entry.txHash, entry.hashFormat))
    errors.txHash = fieldMessages.txHashMalformed(entry.hashFormat)
  const proofProblem = entry.proof && uploadProblem(entry.proof, 'file')
  if (entry.proof === null) errors.proof = fieldMessages.proof
  else if (proofProblem) errors.proof = proofProblem
  return errors
}

/**
 * The same file again. Compared by what the browser tells of it, not by identity: reading the
 * form again may give a new File object for the file still chosen.
 */
function sameFile(a: File | null, b: File | null): boolean {
  if (a === null || b === null) return a === b
  return (
    a.name === b.name && a.size === b.size && a.type === b.type && a.lastModified === b.lastModified
  )
}

/** The same entry again: the same texts and the same chosen file. */
function sameEntry(a: ProofOfPaymentEntry, b: ProofOfPaymentEntry): boolean {
  return (
    a.choice === b.choice &&
    a.type === b.type &&
    a.amount === b.amount &&
    a.txHash === b.txHash &&
    sameFile(a.proof, b.proof)
  )
}

/** The fields as `form`'s call takes them (files as File objects, sent as multipart). */
export function requestFields(
  form: ProofOfPaymentForm,
  entry: ProofOfPaymentEntry,
  idempotencyKey: string,
): Record<string, FieldValue> {
  const fields: Record<string, FieldValue> = {
    type: entry.type.trim(),
    amount: toDecimalString(parseAmount(entry.amount) ?? 0),
    txHash: entry.txHash.trim(),
    [form.proofField]: entry.proof ?? undefined,
    idempotencyKey,
  }
  if (form.choice !== null) fields[form.choice] = entry.choice.trim()
  return fields
}

/** All four calls answer `{ icon, message }`. */
export type RequestResult = CallResult<'submitCryptoDeposit'>
export interface FileRequestInput {
  call: RequestCall
  fields: Record<string, FieldValue>
}

/** One attempt: the key the server files it under, and the entry it was made for. */
export interface Attempt {
  key: string
  entry: ProofOfPaymentEntry
}

export interface ProofOfPaymentContext {
  form: ProofOfPaymentForm
  attempt: Attempt | null
  fieldErrors: ProofOfPaymentFieldErrors
  /** The last answer of the form's call, as the client gave it. */
  answer: RequestResult | null
  /** Requests filed in this visit: the view starts an empty form after each. */
  filedCount: number
}

export type ProofOfPaymentEvent = { type: 'SUBMIT'; entry: ProofOfPaymentEntry }

/** Without input (the flow explorer, the flow docs) the machine is the deposit form. */
export type ProofOfPaymentInput = { form: ProofOfPaymentForm } | undefined

export const proofOfPaymentMachine = setup({
  types: {
    context: {} as ProofOfPaymentContext,
    events: {} as ProofOfPaymentEvent,
    input: {} as ProofOfPaymentInput,
    tags: {} as 'busy',
  },
  actors: {
    // One actor for the four calls (they take the same shape and answer alike); the screen
    // provides it with `call(input.call, input.fields)`.
    fileRequest: fromPromise<RequestResult, FileRequestInput>(async ({ input }) => {
      throw new Error(`${input.call} is provided by the app`)
    }),
  },
  guards: {
    isCompleteEntry: ({ context, event }) =>
      Object.keys(entryErrors(context.form, event.entry)).length === 0,
    isFiled: ({ context }) => context.answer?.ok === true && context.answer.data.icon === 'success',
    isSessionEnded,
  },
  actions: {
    startAttempt: assign(({ context, event }) => {
      assertEvent(event, 'SUBMIT')
      const retry = context.attempt !== null && sameEntry(context.attempt.entry, event.entry)
      const key = retry && context.attempt ? context.attempt.key : crypto.randomUUID()
      return { attempt: { key, entry: event.entry }, fieldErrors: {}, answer: null }
    }),
    showFieldErrors: assign(({ context, event }) => {
      assertEvent(event, 'SUBMIT')
      return { fieldErrors: entryErrors(context.form, event.entry) }
    }),
    keepAnswer: assign((_, answer: RequestResult) => ({ answer })),
    finishAttempt: assign(({ context }) => ({ attempt: null, filedCount: context.filedCount + 1 })),
    notify: appEffect<Notice>(),
    /** The toast of the last attempt no longer holds: take it away. */
    withdrawNotice: appEffect(),
    refreshRequests: appEffect(),
    leaveEndedSession,
    ...appEffects,
  },
}).createMachine({
  id: 'proofOfPayment',
  description:
    'A deposit, payment, fixed deposit or upgrade request with its proof of payment (submitCryptoDeposit, submitPayment, submitFixedDeposit, submitUpgrade).',
  context: ({ input }) => ({
    form: input?.form ?? proofOfPaymentForms.deposit,
    attempt: null,
    fieldErrors: {},
    answer: null,
    filedCount: 0,
  }),
  initial: 'form',
  states: {
    form: {
      id: 'proofOfPaymentForm',
      initial: 'editing',
      meta: { description: 'The form and, below it, the requests filed so far.' },
      on: {
        SUBMIT: [
          { guard: 'isCompleteEntry', target: 'submitting', actions: 'startAttempt' },
          { target: '.invalid', actions: 'showFieldErrors' },
        ],
      },
      states: {
        editing: {
          id: 'proofOfPaymentEditing',
          meta: {
            description:
              "Coin type (its network, and its address with Copy; the first chosen), amount, the payment's transaction hash, proof, and the purpose or plan where the form has one.",
          },
        },
        invalid: {
          id: 'proofOfPaymentInvalid',
          meta: {
            description:
              "A message under each missing or malformed field (a proof too large or of another type: 'File too large: at most 5 MB'); the last attempt's toast goes; nothing sent.",
          },
          entry: 'withdrawNotice',
        },
        submitted: {
          id: 'proofOfPaymentSubmitted',
          meta: {
            description:
              "'Payment Pending!' as a warning; an empty form, and the list shows the new request as pending.",
          },
          entry: [
            { type: 'notify', params: () => warningNotice(proofOfPaymentMessages.filed) },
            'refreshRequests',
          ],
        },
        failed: {
          id: 'proofOfPaymentFailed',
          meta: {
            description:
              "'Something went wrong!' (the server's words when it gave any; no answer: the network message); the entry stays, and Submit again retries with the same key.",
          },
          entry: {
            type: 'notify',
            params: ({ context }) => refusalNotice(context.answer, proofOfPaymentMessages.failed),
          },
        },
      },
    },
    submitting: {
      id: 'proofOfPaymentSubmitting',
      tags: ['busy'],
      meta: {
        description:
          "The form's call is in flight; the last attempt's toast goes; Submit is busy and a second click waits.",
      },
      entry: 'withdrawNotice',
      invoke: {
        id: 'fileRequest',
        src: 'fileRequest',
        input: ({ context }) => ({
          call: context.form.call,
          fields: context.attempt
            ? requestFields(context.form, context.attempt.entry, context.attempt.key)
            : {},
        }),
        onDone: {
          target: 'answered',
          actions: { type: 'keepAnswer', params: ({ event }) => event.output },
        },
        onError: { target: '#proofOfPaymentFailed' },
      },
    },
    answered: {
      id: 'proofOfPaymentAnswered',
      meta: { description: "Decides on the answer of the form's call at once." },
      always: [
        { guard: 'isFiled', target: '#proofOfPaymentSubmitted', actions: 'finishAttempt' },
        { guard: 'isSessionEnded', target: 'leftForLogin' },
        { target: '#proofOfPaymentFailed' },
      ],
    },
    leftForLogin: {
      id: 'proofOfPaymentLeftForLogin',
      type: 'final',
      meta: { description: 'The session has ended (401): baUid is removed; left for login.' },
      entry: 'leaveEndedSession',
    },
  },
})
