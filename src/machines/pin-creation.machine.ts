import { t } from '@lingui/core/macro'
import { assign, setup } from 'xstate'
import { answerMessage, genericFailureMessage, refusalNotice } from '#api/call-failure'
import type { CallResult } from '#api/client'
import { fieldRules, isDigits } from '#api/contract/field-rules'
import { appCall, appEffect, appEffects } from './app-provided'
import { isSessionEnded, leaveEndedSession } from './session-ended'

/**
 * Creating the transaction PIN (spec sections 4, 5, 8, 9): a customer whose dashboard loads
 * with `haspin` false is sent here. They enter 4 digits and press Confirm, enter them again
 * and press Confirm; equal entries are sent with `updatepin`, and the dashboard follows after
 * 3 s (or at once with Continue); different entries show the mismatch message and empty the
 * second field.
 *
 * - The two steps are the spec's two addresses: `dashboard/pincreation` (first entry) and
 *   `dashboard/pincreation/new1` (re-entry). The route owns the machine and follows it: the
 *   named actions `showEntryStep` / `showReentryStep` (entry actions of the two steps) put
 *   the step's address in the URL, so a `new1` opened without a first entry (a reload, a deep
 *   link) starts at the first step. See docs/decisions/010-pin-creation.md.
 * - The fields keep their own digits; Confirm sends them in the CONFIRM event. The first PIN
 *   lives only in this machine's context (never in storage) and is forgotten once created.
 * - A failed call ('An error has Occured.', or the server's message when it answers status
 *   false) keeps the customer on the re-entry step with that field emptied; an ended session
 *   leaves for login. The toast on success (3 s, spec 9) is the route's `notifyCreated`.
 */

/** Read when shown, in the language in use (docs/decisions/090). */
export const pinCreationMessages = {
  /** Spec 8, word for word. */
  get mismatch() {
    return t`We have detected that the PIN you entered does not match. Please Re-enter PIN.`
  },
  get created() {
    return t`Your transaction PIN has been successfully created`
  },
  /** Spec 5 and 8: an empty PIN. */
  get empty() {
    return t`Invalid Pin`
  },
  /** Spec 5: the PIN is 4 digits (a shorter entry). */
  get length() {
    return fieldRules.pin.message
  },
  /** Spec 8: a failed call. */
  get failed() {
    return genericFailureMessage
  },
} as const

/** What is wrong with an entry, or null for 4 digits: empty is 'Invalid Pin' (spec 8). */
export function pinProblem(pin: string): string | null {
  if (pin === '') return pinCreationMessages.empty
  return isDigits(pin, fieldRules.pin.digits) ? null : pinCreationMessages.length
}

export interface PinCreationContext {
  /** The first entry, kept until createTransferPin (updatepin) has created it ('' before and after). */
  pin: string
  /** The message under the current step's field. */
  error: string | null
  /** What the success toast says: the server's words, else the spec's. */
  createdMessage: string
  /** Goes up each time the view must empty the re-entry field (mismatch, failed call). */
  reentryResets: number
  /** The last answer of createTransferPin (updatepin), as the client gave it. */
  answer: PinCreationResult | null
}

export type PinCreationEvent =
  /** Confirm, with what the current step's field holds. */
  | { type: 'CONFIRM'; pin: string }
  /** The customer changed the field: the message under it goes. */
  | { type: 'EDIT' }
  /** Back to the first entry from the re-entry step. */
  | { type: 'START_OVER' }
  /** Skips the 3 s wait after the PIN is created. */
  | { type: 'CONTINUE' }

export type PinCreationResult = CallResult<'createTransferPin'>

type Entry = { pin: string }

export const pinCreationMachine = setup({
  types: {
    context: {} as PinCreationContext,
    events: {} as PinCreationEvent,
    tags: {} as 'entryStep' | 'reentryStep' | 'busy' | 'redirecting',
  },
  actors: { createTransferPin: appCall('createTransferPin') },
  delays: {
    /** Spec section 9: the dashboard 3 s after the PIN is created. */
    pinCreatedDelay: 3000,
  },
  guards: {
    isWellFormedPin: (_, { pin }: Entry) => pinProblem(pin) === null,
    matchesFirstPin: ({ context }, { pin }: Entry) => context.pin !== '' && pin === context.pin,
    /** 4 digits, but not the first entry's. */
    isDifferentPin: ({ context }, { pin }: Entry) =>
      pinProblem(pin) === null && pin !== context.pin,
    isPinCreated: ({ context }) => context.answer?.ok === true && context.answer.data.status,
    isSessionEnded,
  },
  actions: {
    keepPin: assign((_, { pin }: Entry) => ({ pin, error: null })),
    showPinProblem: assign((_, { pin }: Entry) => ({ error: pinProblem(pin) })),
    showMismatch: assign(({ context }) => ({
      error: pinCreationMessages.mismatch,
      reentryResets: context.reentryResets + 1,
    })),
    forgetPin: assign({ pin: '', error: null }),
    clearError: assign({ error: null }),
    keepAnswer: assign((_, answer: PinCreationResult) => ({ answer })),
    keepCreatedMessage: assign(({ context }) => ({
      createdMessage: answerMessage(
        context.answer?.ok ? context.answer.data.message : '',
        pinCreationMessages.created,
      ),
    })),
    showRefusal: assign(({ context }) => ({
      error: refusalNotice(context.answer, pinCreationMessages.failed).message,
      reentryResets: context.reentryResets + 1,
    })),
    showUnexpectedFailure: assign(({ context }) => ({
      error: pinCreationMessages.failed,
      reentryResets: context.reentryResets + 1,
    })),
    // The step's address and the toast are this flow's own effects, provided by its screen.
    showEntryStep: appEffect(),
    showReentryStep: appEffect(),
    notifyCreated: appEffect<{ message: string }>(),
    leaveEndedSession,
    ...appEffects,
  },
}).createMachine({
  id: 'pinCreation',
  description:
    'Creating the 4-digit transaction PIN: enter, confirm, re-enter, then createTransferPin.',
  context: () => ({
    pin: '',
    error: null,
    createdMessage: pinCreationMessages.created,
    reentryResets: 0,
    answer: null,
  }),
  initial: 'entering',
  states: {
    entering: {
      id: 'pinCreationEntering',
      tags: ['entryStep'],
      meta: {
        description:
          "dashboard/pincreation: the 4-digit PIN field and Confirm; 'Invalid Pin' when empty.",
      },
      entry: 'showEntryStep',
      on: {
        EDIT: { actions: 'clearError' },
        CONFIRM: [
          {
            guard: { type: 'isWellFormedPin', params: ({ event }) => ({ pin: event.pin }) },
            target: 'reentering',
            actions: { type: 'keepPin', params: ({ event }) => ({ pin: event.pin }) },
          },
          { actions: { type: 'showPinProblem', params: ({ event }) => ({ pin: event.pin }) } },
        ],
      },
    },
    reentering: {
      id: 'pinCreationReentering',
      tags: ['reentryStep'],
      meta: {
        description:
          'dashboard/pincreation/new1: the same PIN again and Confirm; a mismatch or a failed call empties the field and says why.',
      },
      entry: 'showReentryStep',
      on: {
        EDIT: { actions: 'clearError' },
        CONFIRM: [
          {
            guard: { type: 'matchesFirstPin', params: ({ event }) => ({ pin: event.pin }) },
            target: 'sending',
            actions: 'clearError',
          },
          {
            guard: { type: 'isDifferentPin', params: ({ event }) => ({ pin: event.pin }) },
            actions: 'showMismatch',
          },
          { actions: { type: 'showPinProblem', params: ({ event }) => ({ pin: event.pin }) } },
        ],
        START_OVER: { target: 'entering', actions: 'forgetPin' },
      },
    },
    sending: {
      id: 'pinCreationSending',
      tags: ['reentryStep', 'busy'],
      meta: { description: 'createTransferPin is in flight; Confirm is busy.' },
      invoke: {
        id: 'createTransferPin',
        src: 'createTransferPin',
        input: ({ context }) => ({ pin: context.pin }),
        onDone: {
          target: 'answered',
          actions: { type: 'keepAnswer', params: ({ event }) => event.output },
        },
        onError: { target: 'reentering', actions: 'showUnexpectedFailure' },
      },
    },
    answered: {
      id: 'pinCreationAnswered',
      meta: { description: 'Decides on the answer of createTransferPin at once.' },
      always: [
        { guard: 'isPinCreated', target: 'created', actions: ['keepCreatedMessage', 'forgetPin'] },
        { guard: 'isSessionEnded', target: 'leftForLogin' },
        { target: 'reentering', actions: 'showRefusal' },
      ],
    },
    created: {
      id: 'pinCreationCreated',
      tags: ['redirecting'],
      meta: {
        description:
          'The PIN is created: the success toast (3 s) and the dashboard after 3 s or on Continue.',
      },
      entry: {
        type: 'notifyCreated',
        params: ({ context }) => ({ message: context.createdMessage }),
      },
      after: { pinCreatedDelay: { target: 'leftForDashboard' } },
      on: { CONTINUE: { target: 'leftForDashboard' } },
    },
    leftForDashboard: {
      id: 'pinCreationLeftForDashboard',
      type: 'final',
      tags: ['redirecting'],
      meta: { description: 'Left for the dashboard.' },
      entry: 'goToDashboard',
    },
    leftForLogin: {
      id: 'pinCreationLeftForLogin',
      type: 'final',
      meta: { description: 'The session has ended (401): baUid is removed; left for login.' },
      entry: 'leaveEndedSession',
    },
  },
})
