import { t } from '@lingui/core/macro'
import { assertEvent, assign, setup } from 'xstate'
import { genericFailureMessage, refusalNotice } from '#api/call-failure'
import type { CallResult } from '#api/client'
import { fieldRules, isDigits } from '#api/contract/field-rules'
import { errorNotice, type Notice } from '#api/notice'
import { blockEndText } from '#api/secret-check'
import { appCall, appEffect, appEffects, appStep, redirectDelay } from './app-provided'
import type { PasskeyRequestOptions } from './passkey-sign-in.machine'
import {
  defaultChargePercent,
  emptyTransferForm,
  type FieldErrors,
  normalisedTransfer,
  type TransferField,
  type TransferForm,
  transferFieldProblem,
  transferFormProblems,
  transferSums,
} from './send.rules'
import { endsSession, leaveEndedSession } from './session-ended'

/**
 * Sending money (spec sections 2, 4, 5, 8, 9; docs/decisions/031 and 043): one statechart
 * across the three addresses `dashboard/send` (the form), `dashboard/send/confirm` (amount,
 * service charge, amount received) and `dashboard/send/pin` (PIN, step-up code, submission).
 * The state decides the address: each step's entry is its `show…Step` effect, so a deep link
 * to a later step without a form goes back to the form.
 *
 * - The form keeps what was typed through Back and the steps; Cancel leaves for the dashboard.
 * - The PIN (`confirmmypin`) answers an authorization; when the server wants a step-up it
 *   answers `requiresanother` and the customer enters the e-mailed code (`confirmtpin`), as
 *   often as needed, before `newtrs`. A customer with a passkey approves with it instead
 *   (`confirmtpasskey`): the browser signs a challenge the server derived from this
 *   authorization, amount and payee (docs/decisions/081). Where the browser offers Secure
 *   Payment Confirmation and the customer has a payment passkey, the browser's own dialog shows
 *   the amount and payee and the passkey signs what it showed (082).
 * - One idempotency key per transfer, made when it is first submitted. The key, the
 *   form and, once complete, the authorization are the pending transfer (`keepPendingTransfer`,
 *   session storage): a reload on send/pin sends the same key again, so the server answers the
 *   first submission instead of moving money twice. A final refusal (Insufficient balance) ends
 *   that key: the next attempt is a new transfer with a new key.
 * - Send later or Repeat (docs/decisions/088): on the confirm step the customer may choose a
 *   later day, or a weekly or monthly repeat until a day or for a count; the same PIN (and
 *   step-up) then authorises the series, which `trsschedule` sets up instead of `newtrs`. Its
 *   runs are made by the server on their days, so today's balance does not limit it.
 */

export const sendMessages = {
  /** Spec 5 and 8. */
  get insufficient() {
    return t`Insufficient balance`
  },
  get emptyPin() {
    return t`Invalid Pin`
  },
  pinLength: fieldRules.pin.message,
  get emptyCode() {
    return t`Enter the Transfer Authorization Code`
  },
  get passkeyNotUsed() {
    return t`Your passkey was not used. Approve with it to continue, or go back.`
  },
  get paymentDialogClosed() {
    return t`You closed the confirmation, so nothing was approved. Approve again to see it once more, or go back.`
  },
  get paymentDialogFailed() {
    return t`Your browser could not show its payment confirmation. Approve again to use your passkey without it.`
  },
  codeLength: fieldRules.code.message,
  /** Spec 8: a failed call on the PIN screen. */
  failed: genericFailureMessage,
  get submitted() {
    return t`Transfer Submitted`
  },
  get noDate() {
    return t`Choose the date of the transfer.`
  },
  get noEnd() {
    return t`Choose when the repeat ends: an end date, or a number of transfers.`
  },
} as const

/** Transfers blocked after wrong PINs: until when, in the customer's time. */
export const pinBlockedMessage = (blockedUntil: string, now = new Date()) => {
  const until = blockEndText(blockedUntil, now)
  return t`Too many incorrect PINs. Transfers are blocked until ${until}; try again then, or reset your PIN from Settings.`
}

/** What the browser's payment dialog shows, and the payment passkeys (decision 082). */
export type PaymentConfirmation = NonNullable<
  Extract<CallResult<'confirmTransferPin'>, { ok: true }>['data']['payment']
>

/** A passkey approval in the browser's payment dialog: the passkey's options and what it shows. */
export interface PaymentApproval {
  options: PasskeyRequestOptions
  payment: PaymentConfirmation
}

export type SavedPayee =
  CallResult<'transferList'> extends infer R
    ? R extends { ok: true; data: { payees: (infer P)[] } }
      ? P
      : never
    : never

/** What the layout route's loader read, and a pending transfer from this tab, if any. */
export interface SendInput {
  payees: readonly SavedPayee[]
  /** getperc's percent; null when the server gave none. */
  percent: number | null
  /** The balance in minor units. */
  balance: number
  currency: string
  pending: PendingTransfer | null
  /** A form to start from (a draft); the empty form when absent. */
  draft?: TransferForm
}

/**
 * When the transfer is made (decision 088): now, once on a later UTC day, or repeating weekly or
 * monthly from that day, until a day (`ends: 'on'`) or for a count of transfers.
 */
export interface TransferSchedule {
  when: 'now' | 'later' | 'repeat'
  startsOn: string
  repeat: 'weekly' | 'monthly'
  ends: 'on' | 'after'
  endsOn: string
  runCount: string
}

export const sendNow: TransferSchedule = {
  when: 'now',
  startsOn: '',
  repeat: 'monthly',
  ends: 'after',
  endsOn: '',
  runCount: '',
}

/** What is missing from a later or repeating schedule, or null. */
export function scheduleProblem(schedule: TransferSchedule): string | null {
  if (schedule.when === 'now') return null
  if (schedule.startsOn === '') return sendMessages.noDate
  if (
    schedule.when === 'repeat' &&
    (schedule.ends === 'on' ? schedule.endsOn : schedule.runCount) === ''
  )
    return sendMessages.noEnd
  return null
}

/** The transfer being confirmed, as kept in session storage across a reload. */
export interface PendingTransfer {
  form: TransferForm
  /** Absent on transfers kept before scheduling existed: now. */
  schedule?: TransferSchedule
  savePayee: boolean
  /** Made when the transfer is first submitted. */
  idempotencyKey: string | null
  /** Set once the PIN (and the code, when asked) completed it. */
  authorization: string | null
}

/** The Transfer Submitted card. */
export interface TransferReceipt {
  bank: string
  name: string
  amount: string
  currency: string
  date: string
}

export interface SendContext {
  /** Started from a pending transfer of this tab (a reload on send/pin). */
  resumed: boolean
  payees: readonly SavedPayee[]
  percent: number
  balance: number
  currency: string
  form: TransferForm
  schedule: TransferSchedule
  savePayee: boolean
  fieldErrors: FieldErrors
  /** The message on the confirm or PIN step. */
  alert: Notice | null
  /** The e-mailed code's notice (stepUp), while the code (or the passkey) is asked for. */
  stepUp: Notice | null
  /** The passkey's options for this authorization (a customer with a passkey), and its answer. */
  passkeyOptions: PasskeyRequestOptions | null
  /** What the browser's payment dialog would show (a customer with a payment passkey). */
  payment: PaymentConfirmation | null
  /** The browser offers its payment dialog for this approval: the passkey is asked for there. */
  paymentDialog: boolean
  credential: string
  idempotencyKey: string | null
  authorization: string | null
  /** Goes up each time the view must empty the PIN or code field. */
  secretResets: number
  receipt: TransferReceipt | null
  pinAnswer: CallResult<'confirmTransferPin'> | null
  codeAnswer: CallResult<'confirmTransferCode'> | null
  passkeyAnswer: CallResult<'confirmTransferPasskey'> | null
  submitAnswer: CallResult<'submitTransfer'> | null
  scheduleAnswer: CallResult<'scheduleTransfer'> | null
  /** The server's words once a later or repeating transfer is set up. */
  scheduled: string | null
}

export type SendEvent =
  | { type: 'EDIT'; field: TransferField; value: string }
  | { type: 'PICK_PAYEE'; id: number }
  | { type: 'SAVE_PAYEE'; save: boolean }
  | { type: 'SUBMIT' }
  | { type: 'EDIT_AMOUNT'; amount: string }
  | { type: 'SET_SCHEDULE'; schedule: Partial<TransferSchedule> }
  | { type: 'CONFIRM' }
  | { type: 'SUBMIT_PIN'; pin: string }
  | { type: 'SUBMIT_CODE'; code: string }
  | { type: 'APPROVE_WITH_PASSKEY' }
  | { type: 'RETRY' }
  | { type: 'BACK' }
  | { type: 'CANCEL' }
  | { type: 'CONTINUE' }

function secretProblem(value: string, digits: number, empty: string, length: string) {
  if (value === '') return empty
  return isDigits(value, digits) ? null : length
}

const pinProblem = (pin: string) =>
  secretProblem(pin, fieldRules.pin.digits, sendMessages.emptyPin, sendMessages.pinLength)
const codeProblem = (code: string) =>
  secretProblem(code, fieldRules.code.digits, sendMessages.emptyCode, sendMessages.codeLength)

function pendingOf(context: SendContext): PendingTransfer {
  return {
    form: context.form,
    schedule: context.schedule,
    savePayee: context.savePayee,
    idempotencyKey: context.idempotencyKey,
    authorization: context.authorization,
  }
}

function payeeOf(form: TransferForm) {
  return {
    amount: form.amount,
    currency: form.currency,
    bank: form.bank,
    swiftCode: form.swiftCode,
    routingNumber: form.routingNumber,
    country: form.country,
    accountNumber: form.accountNumber,
    accountHolderName: form.accountHolderName,
  }
}

/** What the browser's payment dialog is asked with: the passkey's options and what it shows. */
const paymentDialogInput = ({ context }: { context: SendContext }) => ({
  options: context.passkeyOptions as PasskeyRequestOptions,
  payment: context.payment as PaymentConfirmation,
})

export const sendMachine = setup({
  types: {
    context: {} as SendContext,
    events: {} as SendEvent,
    input: {} as SendInput,
    tags: {} as
      | 'formStep'
      | 'confirmStep'
      | 'pinStep'
      | 'codeStep'
      | 'passkeyStep'
      | 'busy'
      | 'redirecting',
  },
  actors: {
    confirmTransferPin: appCall('confirmTransferPin'),
    confirmTransferCode: appCall('confirmTransferCode'),
    passkeyApproval: appStep<string, { options: PasskeyRequestOptions }>('passkeyApproval'),
    paymentDialogOffered: appStep<boolean, PaymentApproval>('paymentDialogOffered'),
    paymentConfirmation: appStep<string, PaymentApproval>('paymentConfirmation'),
    confirmTransferPasskey: appCall('confirmTransferPasskey'),
    submitTransfer: appCall('submitTransfer'),
    scheduleTransfer: appCall('scheduleTransfer'),
  },
  delays: { redirectDelay },
  guards: {
    hasAuthorizedTransfer: ({ context }) => context.authorization !== null,
    hasPendingTransfer: ({ context }) => context.resumed,
    isFormComplete: ({ context }) => Object.keys(transferFormProblems(context.form)).length === 0,
    isAffordable: ({ context }) => {
      const sums = transferSums(context.form.amount, context.percent)
      return sums !== null && sums.amount < context.balance
    },
    isScheduleIncomplete: ({ context }) => scheduleProblem(context.schedule) !== null,
    /** A later or repeating transfer: today's balance does not limit it, a well-formed amount does. */
    isSchedulable: ({ context }) =>
      context.schedule.when !== 'now' &&
      transferFieldProblem('amount', context.form.amount) === null,
    isScheduled: ({ context }) => context.schedule.when !== 'now',
    isScheduleCallFailure: ({ context }) => context.scheduleAnswer?.ok === false,
    isScheduleSetUp: ({ context }) =>
      context.scheduleAnswer?.ok === true && context.scheduleAnswer.data.status,
    isWellFormedPin: (_, { pin }: { pin: string }) => pinProblem(pin) === null,
    isWellFormedCode: (_, { code }: { code: string }) => codeProblem(code) === null,
    isSessionEnded: ({ context }) =>
      [
        context.pinAnswer,
        context.codeAnswer,
        context.passkeyAnswer,
        context.submitAnswer,
        context.scheduleAnswer,
      ].some(endsSession),
    isPinCallFailure: ({ context }) => context.pinAnswer?.ok === false,
    isPinRefused: ({ context }) =>
      context.pinAnswer?.ok === true &&
      (!context.pinAnswer.data.status || !context.pinAnswer.data.authorization),
    needsPasskey: ({ context }) =>
      context.pinAnswer?.ok === true &&
      context.pinAnswer.data.stepUp !== null &&
      !!context.pinAnswer.data.passkey,
    needsPaymentPasskey: ({ context }) =>
      context.pinAnswer?.ok === true &&
      context.pinAnswer.data.stepUp !== null &&
      !!context.pinAnswer.data.passkey &&
      !!context.pinAnswer.data.payment,
    usesPaymentDialog: ({ context }) => context.paymentDialog && context.payment !== null,
    /** The customer closed the browser's dialog (its AbortError), rather than it failing. */
    isPaymentDialogClosed: ({ event }) =>
      (event as { error?: { name?: unknown } }).error?.name === 'AbortError',
    needsStepUp: ({ context }) =>
      context.pinAnswer?.ok === true && context.pinAnswer.data.stepUp !== null,
    isPasskeyCallFailure: ({ context }) => context.passkeyAnswer?.ok === false,
    isPasskeyRefused: ({ context }) =>
      context.passkeyAnswer?.ok === true && !context.passkeyAnswer.data.status,
    isCodeCallFailure: ({ context }) => context.codeAnswer?.ok === false,
    isCodeRefused: ({ context }) =>
      context.codeAnswer?.ok === true && !context.codeAnswer.data.status,
    isSubmitCallFailure: ({ context }) => context.submitAnswer?.ok === false,
    isSubmitted: ({ context }) =>
      context.submitAnswer?.ok === true && context.submitAnswer.data.icon === 'success',
  },
  actions: {
    editField: assign(({ context, event }) => {
      assertEvent(event, 'EDIT')
      if (event.field === 'currency') return {}
      const { [event.field]: _gone, ...fieldErrors } = context.fieldErrors
      return { form: { ...context.form, [event.field]: event.value }, fieldErrors }
    }),
    pickPayee: assign(({ context, event }) => {
      assertEvent(event, 'PICK_PAYEE')
      const payee = context.payees.find((saved) => saved.id === event.id)
      if (!payee) return {}
      // The account's currency stays: a transfer is in no other (the server refuses one).
      const { id: _id, currency: _currency, nickname: _nickname, ...fields } = payee
      return { form: { ...context.form, ...fields }, fieldErrors: {}, savePayee: false }
    }),
    setSavePayee: assign(({ event }) => {
      assertEvent(event, 'SAVE_PAYEE')
      return { savePayee: event.save }
    }),
    showFieldErrors: assign(({ context }) => ({
      fieldErrors: transferFormProblems(context.form),
    })),
    normaliseForm: assign(({ context }) => ({
      form: normalisedTransfer(context.form),
      fieldErrors: {},
    })),
    editAmount: assign(({ context, event }) => {
      assertEvent(event, 'EDIT_AMOUNT')
      return { form: { ...context.form, amount: event.amount }, alert: null }
    }),
    showAmountProblem: assign(({ context }) => ({
      alert: errorNotice(
        transferFieldProblem('amount', context.form.amount) ?? sendMessages.insufficient,
      ),
    })),
    setSchedule: assign(({ context, event }) => {
      assertEvent(event, 'SET_SCHEDULE')
      return { schedule: { ...context.schedule, ...event.schedule }, alert: null }
    }),
    showScheduleProblem: assign(({ context }) => ({
      alert: errorNotice(scheduleProblem(context.schedule) ?? sendMessages.noDate),
    })),
    keepScheduleAnswer: assign((_, scheduleAnswer: CallResult<'scheduleTransfer'>) => ({
      scheduleAnswer,
    })),
    keepScheduled: assign(({ context }) => ({
      scheduled: context.scheduleAnswer?.ok ? context.scheduleAnswer.data.message : null,
      alert: null,
    })),
    showScheduleFailure: assign(({ context }) => ({
      alert: refusalNotice(context.scheduleAnswer, sendMessages.failed),
    })),
    /** A refused schedule (a date the server does not take): fix it, and authorise again. */
    showScheduleRefusal: assign(({ context }) => ({
      alert: refusalNotice(context.scheduleAnswer, sendMessages.failed),
      authorization: null,
      idempotencyKey: null,
    })),
    clearAlert: assign({ alert: null }),
    /** A new transfer (or one whose key a final answer ended) gets a new key. */
    makeKeyIfNone: assign(({ context }) => ({
      idempotencyKey: context.idempotencyKey ?? crypto.randomUUID(),
    })),
    showPinProblem: assign((_, { pin }: { pin: string }) => ({
      alert: errorNotice(pinProblem(pin) ?? sendMessages.emptyPin),
    })),
    showCodeProblem: assign((_, { code }: { code: string }) => ({
      alert: errorNotice(codeProblem(code) ?? sendMessages.emptyCode),
    })),
    keepPinAnswer: assign((_, pinAnswer: CallResult<'confirmTransferPin'>) => ({ pinAnswer })),
    keepCodeAnswer: assign((_, codeAnswer: CallResult<'confirmTransferCode'>) => ({ codeAnswer })),
    keepCredential: assign((_, credential: string) => ({ credential })),
    keepPasskeyAnswer: assign((_, passkeyAnswer: CallResult<'confirmTransferPasskey'>) => ({
      passkeyAnswer,
    })),
    keepSubmitAnswer: assign((_, submitAnswer: CallResult<'submitTransfer'>) => ({ submitAnswer })),
    keepAuthorization: assign(({ context }) => ({
      authorization: context.pinAnswer?.ok ? (context.pinAnswer.data.authorization ?? null) : null,
      stepUp: null,
      alert: null,
    })),
    askForCode: assign(({ context }) => ({
      stepUp:
        context.pinAnswer?.ok && context.pinAnswer.data.stepUp
          ? { tone: 'warning' as const, message: context.pinAnswer.data.stepUp.body }
          : null,
      alert: null,
    })),
    askForPasskey: assign(({ context }) => ({
      stepUp:
        context.pinAnswer?.ok && context.pinAnswer.data.stepUp
          ? { tone: 'warning' as const, message: context.pinAnswer.data.stepUp.body }
          : null,
      passkeyOptions: context.pinAnswer?.ok ? (context.pinAnswer.data.passkey ?? null) : null,
      payment: context.pinAnswer?.ok ? (context.pinAnswer.data.payment ?? null) : null,
      paymentDialog: false,
      alert: null,
    })),
    keepPaymentDialog: assign((_, offered: boolean) => ({ paymentDialog: offered })),
    showPaymentDialogClosed: assign(() => ({
      alert: errorNotice(sendMessages.paymentDialogClosed),
    })),
    /** The dialog failed (not closed by the customer): the next try asks for the passkey alone. */
    showPaymentDialogFailed: assign(() => ({
      alert: errorNotice(sendMessages.paymentDialogFailed),
      paymentDialog: false,
    })),
    keepStepUpCodeAccepted: assign({ stepUp: null, alert: null }),
    keepPasskeyApproved: assign({
      stepUp: null,
      passkeyOptions: null,
      payment: null,
      paymentDialog: false,
      alert: null,
    }),
    showPasskeyNotUsed: assign(() => ({ alert: errorNotice(sendMessages.passkeyNotUsed) })),
    showPasskeyRefusal: assign(({ context }) => ({
      alert: refusalNotice(context.passkeyAnswer, sendMessages.failed),
    })),
    /**
     * Spec 8: the server's words (tries left), else 'An error has Occured.'; a block says until
     * when in the customer's own time (decision 039).
     */
    showPinRefusal: assign(({ context }) => ({
      alert:
        context.pinAnswer?.ok && context.pinAnswer.data.blockedUntil
          ? errorNotice(pinBlockedMessage(context.pinAnswer.data.blockedUntil))
          : refusalNotice(context.pinAnswer, sendMessages.failed),
      secretResets: context.secretResets + 1,
    })),
    showCodeRefusal: assign(({ context }) => ({
      alert: refusalNotice(context.codeAnswer, sendMessages.failed),
      secretResets: context.secretResets + 1,
    })),
    showSubmitFailure: assign(({ context }) => ({
      alert: refusalNotice(context.submitAnswer, sendMessages.failed),
    })),
    /** A final refusal ends this key and this authorization: the next try is a new transfer. */
    showSubmitRefusal: assign(({ context }) => ({
      alert: refusalNotice(context.submitAnswer, sendMessages.failed),
      idempotencyKey: null,
      authorization: null,
      secretResets: context.secretResets + 1,
    })),
    showUnexpectedFailure: assign(({ context }) => ({
      alert: errorNotice(sendMessages.failed),
      secretResets: context.secretResets + 1,
    })),
    keepReceipt: assign(({ context }) => {
      const data = context.submitAnswer?.ok ? context.submitAnswer.data : null
      return {
        receipt: {
          bank: data?.bank ?? context.form.bank,
          name: data?.accountHolderName ?? context.form.accountHolderName,
          amount: data?.amount ?? context.form.amount,
          currency: data?.currency ?? context.currency,
          date: data?.date ?? '',
        },
        alert: null,
      }
    }),
    forgetTransfer: assign({
      idempotencyKey: null,
      authorization: null,
      stepUp: null,
      passkeyOptions: null,
      payment: null,
      paymentDialog: false,
    }),
    forgetAuthorization: assign({
      authorization: null,
      stepUp: null,
      passkeyOptions: null,
      payment: null,
      paymentDialog: false,
      alert: null,
    }),
    // The steps' addresses and the pending transfer's storage: provided by the screen.
    showFormStep: appEffect(),
    showConfirmStep: appEffect(),
    showPinStep: appEffect(),
    keepPendingTransfer: appEffect<PendingTransfer>(),
    forgetPendingTransfer: appEffect(),
    /** The dashboard's statement and balance load again: the transfer shows there. */
    refreshStatement: appEffect(),
    leaveEndedSession,
    ...appEffects,
  },
}).createMachine({
  id: 'send',
  description:
    'Bank Transfer: the form, the confirm step (amount, charge, amount received), then PIN, step-up code and submitTransfer.',
  context: ({ input }) => ({
    resumed: input.pending !== null,
    payees: input.payees,
    percent:
      input.percent !== null && Number.isFinite(input.percent) && input.percent >= 0
        ? input.percent
        : defaultChargePercent,
    balance: input.balance,
    currency: input.currency,
    form: {
      ...(input.pending?.form ?? input.draft ?? emptyTransferForm),
      currency: input.currency,
    },
    schedule: input.pending?.schedule ?? sendNow,
    savePayee: input.pending?.savePayee ?? false,
    fieldErrors: {},
    alert: null,
    stepUp: null,
    passkeyOptions: null,
    payment: null,
    paymentDialog: false,
    credential: '',
    idempotencyKey: input.pending?.idempotencyKey ?? null,
    authorization: input.pending?.authorization ?? null,
    secretResets: 0,
    receipt: null,
    pinAnswer: null,
    codeAnswer: null,
    passkeyAnswer: null,
    submitAnswer: null,
    scheduleAnswer: null,
    scheduled: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      id: 'sendStarting',
      meta: {
        description:
          'A transfer pending in this tab (a reload on send/pin) resumes: sent again with its key once authorized, else at the PIN; otherwise the form.',
      },
      always: [
        { guard: 'hasAuthorizedTransfer', target: '#sendAuthorized' },
        { guard: 'hasPendingTransfer', target: 'pin' },
        { target: 'form' },
      ],
    },
    form: {
      id: 'sendForm',
      tags: ['formStep'],
      meta: {
        description:
          'dashboard/send: Bank, Swift Code, Currency, Routing Number, Country, Account Number, Account Holder Name, Amount, Note (all required), the saved payees and "save this payee".',
      },
      entry: 'showFormStep',
      on: {
        EDIT: { actions: 'editField' },
        PICK_PAYEE: { actions: 'pickPayee' },
        SAVE_PAYEE: { actions: 'setSavePayee' },
        SUBMIT: [
          { guard: 'isFormComplete', target: 'confirm', actions: 'normaliseForm' },
          { actions: 'showFieldErrors' },
        ],
        CANCEL: 'leftForDashboard',
      },
    },
    confirm: {
      id: 'sendConfirm',
      tags: ['confirmStep'],
      meta: {
        description:
          "dashboard/send/confirm: the amount (editable), the service charge and the amount received; 'Insufficient balance' and Confirmed disabled unless the amount is below the balance. When: Send now, Send later (a date) or Repeat (weekly or monthly, until a date or for a count).",
      },
      entry: 'showConfirmStep',
      on: {
        EDIT_AMOUNT: { actions: 'editAmount' },
        SET_SCHEDULE: { actions: 'setSchedule' },
        CONFIRM: [
          { guard: 'isScheduleIncomplete', actions: 'showScheduleProblem' },
          { guard: 'isSchedulable', target: 'pin', actions: ['clearAlert', 'normaliseForm'] },
          { guard: 'isAffordable', target: 'pin', actions: ['clearAlert', 'normaliseForm'] },
          { actions: 'showAmountProblem' },
        ],
        BACK: { target: 'form', actions: 'clearAlert' },
        CANCEL: 'leftForDashboard',
      },
    },
    pin: {
      id: 'sendPin',
      tags: ['pinStep'],
      meta: {
        description: 'dashboard/send/pin: the PIN, the step-up code when asked, submitTransfer.',
      },
      entry: [
        'showPinStep',
        { type: 'keepPendingTransfer', params: ({ context }) => pendingOf(context) },
      ],
      initial: 'pinEntry',
      on: {
        CANCEL: {
          target: 'leftForDashboard',
          actions: ['forgetTransfer', 'forgetPendingTransfer'],
        },
      },
      states: {
        pinEntry: {
          id: 'sendPinEntry',
          meta: {
            description:
              "The 4-digit PIN and Confirm; 'Invalid Pin' when empty; a refusal says the server's words (tries left, blocked until).",
          },
          on: {
            SUBMIT_PIN: [
              {
                guard: { type: 'isWellFormedPin', params: ({ event }) => ({ pin: event.pin }) },
                target: 'checkingPin',
                actions: 'clearAlert',
              },
              { actions: { type: 'showPinProblem', params: ({ event }) => ({ pin: event.pin }) } },
            ],
            BACK: { target: '#sendConfirm', actions: ['clearAlert', 'forgetPendingTransfer'] },
          },
        },
        checkingPin: {
          id: 'sendCheckingPin',
          tags: ['busy'],
          meta: { description: 'confirmTransferPin is in flight.' },
          invoke: {
            id: 'confirmTransferPin',
            src: 'confirmTransferPin',
            input: ({ context, event }) => {
              assertEvent(event, 'SUBMIT_PIN')
              return { pin: event.pin, ...payeeOf(context.form) }
            },
            onDone: {
              target: 'pinAnswered',
              actions: { type: 'keepPinAnswer', params: ({ event }) => event.output },
            },
            onError: { target: 'pinEntry', actions: 'showUnexpectedFailure' },
          },
        },
        pinAnswered: {
          id: 'sendPinAnswered',
          meta: { description: 'Decides on the answer of confirmTransferPin at once.' },
          always: [
            { guard: 'isSessionEnded', target: '#sendLeftForLogin' },
            { guard: 'isPinCallFailure', target: 'pinEntry', actions: 'showPinRefusal' },
            { guard: 'isPinRefused', target: 'pinEntry', actions: 'showPinRefusal' },
            {
              guard: 'needsPaymentPasskey',
              target: 'checkingPaymentDialog',
              actions: ['keepAuthorization', 'askForPasskey'],
            },
            {
              guard: 'needsPasskey',
              target: 'passkeyEntry',
              actions: ['keepAuthorization', 'askForPasskey'],
            },
            {
              guard: 'needsStepUp',
              target: 'codeEntry',
              actions: ['keepAuthorization', 'askForCode'],
            },
            { target: 'authorized', actions: 'keepAuthorization' },
          ],
        },
        codeEntry: {
          id: 'sendCodeEntry',
          tags: ['codeStep'],
          meta: {
            description:
              'The e-mailed Transfer Authorization Code (6 digits), as often as the server asks; Back returns to the PIN.',
          },
          on: {
            SUBMIT_CODE: [
              {
                guard: { type: 'isWellFormedCode', params: ({ event }) => ({ code: event.code }) },
                target: 'checkingCode',
                actions: 'clearAlert',
              },
              {
                actions: { type: 'showCodeProblem', params: ({ event }) => ({ code: event.code }) },
              },
            ],
            BACK: { target: 'pinEntry', actions: 'forgetAuthorization' },
          },
        },
        checkingCode: {
          id: 'sendCheckingCode',
          tags: ['codeStep', 'busy'],
          meta: { description: 'confirmTransferCode is in flight.' },
          invoke: {
            id: 'confirmTransferCode',
            src: 'confirmTransferCode',
            input: ({ context, event }) => {
              assertEvent(event, 'SUBMIT_CODE')
              const { amount, swiftCode, accountNumber } = context.form
              return {
                pin: event.code,
                authorization: context.authorization ?? '',
                amount,
                swiftCode,
                accountNumber,
              }
            },
            onDone: {
              target: 'codeAnswered',
              actions: { type: 'keepCodeAnswer', params: ({ event }) => event.output },
            },
            onError: { target: 'codeEntry', actions: 'showUnexpectedFailure' },
          },
        },
        codeAnswered: {
          id: 'sendCodeAnswered',
          meta: { description: 'Decides on the answer of confirmTransferCode at once.' },
          always: [
            { guard: 'isSessionEnded', target: '#sendLeftForLogin' },
            { guard: 'isCodeCallFailure', target: 'codeEntry', actions: 'showCodeRefusal' },
            { guard: 'isCodeRefused', target: 'codeEntry', actions: 'showCodeRefusal' },
            { target: 'authorized', actions: 'keepStepUpCodeAccepted' },
          ],
        },
        checkingPaymentDialog: {
          id: 'sendCheckingPaymentDialog',
          tags: ['passkeyStep', 'busy'],
          meta: {
            description:
              'A customer with a payment passkey: whether the browser offers its Secure Payment Confirmation dialog (canMakePayment); otherwise the passkey alone.',
          },
          invoke: {
            id: 'paymentDialogOffered',
            src: 'paymentDialogOffered',
            input: paymentDialogInput,
            onDone: {
              target: 'passkeyEntry',
              actions: { type: 'keepPaymentDialog', params: ({ event }) => event.output },
            },
            onError: 'passkeyEntry',
          },
        },
        passkeyEntry: {
          id: 'sendPasskeyEntry',
          tags: ['passkeyStep'],
          meta: {
            description:
              '"Approve with your passkey" (a customer with one): it approves this amount and payee only, in the browser’s payment dialog where it offers one; Back returns to the PIN.',
          },
          on: {
            APPROVE_WITH_PASSKEY: [
              { guard: 'usesPaymentDialog', target: 'askingPaymentDialog', actions: 'clearAlert' },
              { target: 'askingPasskey', actions: 'clearAlert' },
            ],
            BACK: { target: 'pinEntry', actions: 'forgetAuthorization' },
          },
        },
        askingPaymentDialog: {
          id: 'sendAskingPaymentDialog',
          tags: ['passkeyStep', 'busy'],
          meta: {
            description:
              'The browser’s Secure Payment Confirmation dialog shows the amount, payee and account; the passkey signs the challenge with what it showed.',
          },
          invoke: {
            id: 'paymentConfirmation',
            src: 'paymentConfirmation',
            input: paymentDialogInput,
            onDone: {
              target: 'checkingPasskey',
              actions: { type: 'keepCredential', params: ({ event }) => event.output },
            },
            onError: [
              {
                guard: 'isPaymentDialogClosed',
                target: 'passkeyEntry',
                actions: 'showPaymentDialogClosed',
              },
              { target: 'passkeyEntry', actions: 'showPaymentDialogFailed' },
            ],
          },
        },
        askingPasskey: {
          id: 'sendAskingPasskey',
          tags: ['passkeyStep', 'busy'],
          meta: {
            description:
              'The browser asks for the passkey, to sign the challenge derived from this transfer.',
          },
          invoke: {
            id: 'passkeyApproval',
            src: 'passkeyApproval',
            input: ({ context }) => ({ options: context.passkeyOptions as PasskeyRequestOptions }),
            onDone: {
              target: 'checkingPasskey',
              actions: { type: 'keepCredential', params: ({ event }) => event.output },
            },
            onError: { target: 'passkeyEntry', actions: 'showPasskeyNotUsed' },
          },
        },
        checkingPasskey: {
          id: 'sendCheckingPasskey',
          tags: ['passkeyStep', 'busy'],
          meta: { description: 'confirmTransferPasskey is in flight.' },
          invoke: {
            id: 'confirmTransferPasskey',
            src: 'confirmTransferPasskey',
            input: ({ context }) => ({
              ...payeeOf(context.form),
              authorization: context.authorization ?? '',
              credential: context.credential,
            }),
            onDone: {
              target: 'passkeyAnswered',
              actions: { type: 'keepPasskeyAnswer', params: ({ event }) => event.output },
            },
            onError: { target: 'passkeyEntry', actions: 'showUnexpectedFailure' },
          },
        },
        passkeyAnswered: {
          id: 'sendPasskeyAnswered',
          meta: { description: 'Decides on the answer of confirmTransferPasskey at once.' },
          always: [
            { guard: 'isSessionEnded', target: '#sendLeftForLogin' },
            {
              guard: 'isPasskeyCallFailure',
              target: 'passkeyEntry',
              actions: 'showPasskeyRefusal',
            },
            { guard: 'isPasskeyRefused', target: 'passkeyEntry', actions: 'showPasskeyRefusal' },
            { target: 'authorized', actions: 'keepPasskeyApproved' },
          ],
        },
        authorized: {
          id: 'sendAuthorized',
          meta: {
            description:
              'The PIN (and the step-up) authorised it: a transfer now is submitted, a later or repeating one is set up.',
          },
          always: [{ guard: 'isScheduled', target: 'scheduling' }, { target: 'submitting' }],
        },
        scheduling: {
          id: 'sendScheduling',
          tags: ['busy'],
          meta: {
            description:
              'scheduleTransfer is in flight: the authorization, the first day and the repeat (decision 088).',
          },
          entry: { type: 'keepPendingTransfer', params: ({ context }) => pendingOf(context) },
          invoke: {
            id: 'scheduleTransfer',
            src: 'scheduleTransfer',
            input: ({ context }) => {
              const { schedule } = context
              const repeating = schedule.when === 'repeat'
              return {
                ...context.form,
                authorization: context.authorization ?? '',
                startsOn: schedule.startsOn,
                repeat: repeating ? schedule.repeat : ('once' as const),
                endsOn: repeating && schedule.ends === 'on' ? schedule.endsOn : '',
                runCount: repeating && schedule.ends === 'after' ? schedule.runCount : '',
              }
            },
            onDone: {
              target: 'scheduleAnswered',
              actions: { type: 'keepScheduleAnswer', params: ({ event }) => event.output },
            },
            onError: { target: 'scheduleFailed', actions: 'showUnexpectedFailure' },
          },
        },
        scheduleAnswered: {
          id: 'sendScheduleAnswered',
          meta: { description: 'Decides on the answer of scheduleTransfer at once.' },
          always: [
            { guard: 'isSessionEnded', target: '#sendLeftForLogin' },
            {
              guard: 'isScheduleCallFailure',
              target: 'scheduleFailed',
              actions: 'showScheduleFailure',
            },
            {
              guard: 'isScheduleSetUp',
              target: '#sendScheduled',
              actions: ['keepScheduled', 'forgetTransfer', 'forgetPendingTransfer'],
            },
            {
              target: '#sendConfirm',
              actions: ['showScheduleRefusal', 'forgetPendingTransfer'],
            },
          ],
        },
        scheduleFailed: {
          id: 'sendScheduleFailed',
          meta: {
            description:
              'No answer from scheduleTransfer: Try again sends the same authorization, which sets the series up at most once.',
          },
          on: { RETRY: 'scheduling' },
        },
        submitting: {
          id: 'sendSubmitting',
          tags: ['busy'],
          meta: {
            description:
              'submitTransfer is in flight with the authorization and the transfer’s idempotency key (kept for a reload).',
          },
          entry: [
            'makeKeyIfNone',
            { type: 'keepPendingTransfer', params: ({ context }) => pendingOf(context) },
          ],
          invoke: {
            id: 'submitTransfer',
            src: 'submitTransfer',
            input: ({ context }) => ({
              ...context.form,
              extra: '',
              authorization: context.authorization ?? '',
              idempotencyKey: context.idempotencyKey ?? '',
              ...(context.savePayee ? { savePayee: 'on' as const } : {}),
            }),
            onDone: {
              target: 'submitAnswered',
              actions: { type: 'keepSubmitAnswer', params: ({ event }) => event.output },
            },
            onError: { target: 'submitFailed', actions: 'showUnexpectedFailure' },
          },
        },
        submitAnswered: {
          id: 'sendSubmitAnswered',
          meta: { description: 'Decides on the answer of submitTransfer at once.' },
          always: [
            { guard: 'isSessionEnded', target: '#sendLeftForLogin' },
            { guard: 'isSubmitCallFailure', target: 'submitFailed', actions: 'showSubmitFailure' },
            {
              guard: 'isSubmitted',
              target: '#sendSubmitted',
              actions: ['keepReceipt', 'forgetTransfer', 'forgetPendingTransfer'],
            },
            { target: 'pinEntry', actions: ['showSubmitRefusal', 'forgetPendingTransfer'] },
          ],
        },
        submitFailed: {
          id: 'sendSubmitFailed',
          meta: {
            description:
              'No answer from submitTransfer: Try again sends the same key and authorization, so the transfer is made at most once.',
          },
          on: { RETRY: 'submitting' },
        },
      },
    },
    submitted: {
      id: 'sendSubmitted',
      tags: ['redirecting'],
      meta: {
        description:
          'The Transfer Submitted card (bank, date, name, Bank Transfer, amount); Okay or 5 s later the dashboard.',
      },
      entry: 'refreshStatement',
      after: { redirectDelay: 'leftForDashboard' },
      on: { CONTINUE: 'leftForDashboard' },
    },
    scheduled: {
      id: 'sendScheduled',
      meta: {
        description:
          'The Transfer Scheduled card: the server’s words (the days), a link to the scheduled transfers; Okay leaves for the dashboard.',
      },
      on: { CONTINUE: 'leftForDashboard' },
    },
    leftForDashboard: {
      id: 'sendLeftForDashboard',
      type: 'final',
      meta: { description: 'Left for the dashboard.' },
      entry: 'goToDashboard',
    },
    leftForLogin: {
      id: 'sendLeftForLogin',
      type: 'final',
      meta: { description: 'The session has ended (401): baUid is removed; left for login.' },
      entry: ['forgetPendingTransfer', 'leaveEndedSession'],
    },
  },
})
