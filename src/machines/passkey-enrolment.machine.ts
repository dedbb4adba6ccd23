import { t } from '@lingui/core/macro'
import { assertEvent, assign, setup } from 'xstate'
import { failureNotice, genericFailureMessage } from '#api/call-failure'
import type { CallResult } from '#api/client'
import type { CallResponse } from '#api/contract'
import { fieldRules, isDigits } from '#api/contract/field-rules'
import { errorNotice, type Notice, successNotice, warningNotice } from '#api/notice'
import { secretRefusalMessage } from '#api/secret-check'
import { appCall, appEffect, appEffects, appStep } from './app-provided'
import { endsSession, leaveEndedSession } from './session-ended'

/**
 * Adding a passkey in Settings (issue 19 item 3, docs/decisions/081): its name and the passcode
 * again (`passkeynew` checks it under the login's limits and gives the creation options), the
 * browser makes the passkey, then `passkeyadd` keeps it under that name. Where the browser
 * offers Secure Payment Confirmation, the passkey is made for payments too (decision 082). A wrong passcode says
 * the tries left or the block's end; a passkey the browser did not make, or the server could
 * not check, says so and the form stays. The list is read again once one is added.
 */

/** Read when shown, in the language in use (docs/decisions/090). */
export const passkeyEnrolmentMessages = {
  get nameMissing() {
    return t`Give your passkey a name, such as the device it is on`
  },
  get notCreated() {
    return t`Your passkey was not added: the browser did not make one. Please try again.`
  },
  get added() {
    return t`Your passkey is added. You can sign in and approve transfers with it.`
  },
} as const

/** WebAuthn creation options as the server sent them (for @simplewebauthn/browser). */
export type PasskeyCreationOptions = NonNullable<
  CallResponse<'passkeyRegistrationOptions'>['options']
>

export interface PasskeyEnrolmentContext {
  name: string
  passcode: string
  fieldErrors: { name?: string; passcode?: string }
  /** The browser offers Secure Payment Confirmation: the passkey is asked for as a payment one. */
  payment: boolean
  options: CallResult<'passkeyRegistrationOptions'> | null
  credential: string
  answer: CallResult<'addPasskey'> | null
  notice: Notice | null
}

export type PasskeyEnrolmentEvent =
  | { type: 'START' }
  | { type: 'SUBMIT'; name: string; passcode: string }
  | { type: 'CANCEL' }

const entryErrors = (name: string, passcode: string) => ({
  ...(name.trim() === '' ? { name: passkeyEnrolmentMessages.nameMissing } : {}),
  ...(isDigits(passcode, fieldRules.passcode.digits)
    ? {}
    : { passcode: fieldRules.passcode.message }),
})

export const passkeyEnrolmentMachine = setup({
  types: {
    context: {} as PasskeyEnrolmentContext,
    events: {} as PasskeyEnrolmentEvent,
    tags: {} as 'busy' | 'form',
  },
  actors: {
    paymentPasskeysOffered: appStep<boolean, void>('paymentPasskeysOffered'),
    passkeyRegistrationOptions: appCall('passkeyRegistrationOptions'),
    passkeyCreation: appStep<string, { options: PasskeyCreationOptions }>('passkeyCreation'),
    addPasskey: appCall('addPasskey'),
  },
  guards: {
    isCompleteEntry: ({ event }) => {
      assertEvent(event, 'SUBMIT')
      return Object.keys(entryErrors(event.name, event.passcode)).length === 0
    },
    isSessionEnded: ({ context }) => [context.options, context.answer].some(endsSession),
    hasOptions: ({ context }) =>
      context.options?.ok === true && context.options.data.status && !!context.options.data.options,
    isAdded: ({ context }) => context.answer?.ok === true && context.answer.data.status,
  },
  actions: {
    clear: assign({ name: '', passcode: '', fieldErrors: {}, notice: null }),
    keepEntry: assign(({ event }) => {
      assertEvent(event, 'SUBMIT')
      return { name: event.name.trim(), passcode: event.passcode, fieldErrors: {}, notice: null }
    }),
    showEntryErrors: assign(({ event }) => {
      assertEvent(event, 'SUBMIT')
      return { fieldErrors: entryErrors(event.name, event.passcode), notice: null }
    }),
    keepPaymentOffer: assign((_, payment: boolean) => ({ payment })),
    keepOptions: assign((_, options: CallResult<'passkeyRegistrationOptions'>) => ({ options })),
    keepCredential: assign((_, credential: string) => ({ credential, passcode: '' })),
    keepAnswer: assign((_, answer: CallResult<'addPasskey'>) => ({ answer })),
    /** The server's words (a wrong passcode's tries left, a block's end in the customer's time). */
    showOptionsRefusal: assign(({ context }) => ({
      passcode: '',
      notice: !context.options
        ? errorNotice(genericFailureMessage)
        : context.options.ok
          ? errorNotice(
              secretRefusalMessage(
                context.options.data.message || genericFailureMessage,
                context.options.data,
              ),
            )
          : failureNotice(context.options),
    })),
    showNotCreated: assign(() => ({
      passcode: '',
      notice: warningNotice(passkeyEnrolmentMessages.notCreated),
    })),
    showAddRefusal: assign(({ context }) => ({
      notice: !context.answer
        ? errorNotice(genericFailureMessage)
        : context.answer.ok
          ? errorNotice(context.answer.data.message || genericFailureMessage)
          : failureNotice(context.answer),
    })),
    showAdded: assign(() => ({
      name: '',
      passcode: '',
      notice: successNotice(passkeyEnrolmentMessages.added),
    })),
    showUnexpectedFailure: assign(() => ({
      passcode: '',
      notice: errorNotice(genericFailureMessage),
    })),
    /** Settings reads its data again: the new passkey shows in the list. */
    refreshPasskeys: appEffect(),
    leaveEndedSession,
    ...appEffects,
  },
}).createMachine({
  id: 'passkeyEnrolment',
  description:
    'Adding a passkey in Settings: its name and the passcode (passkeyRegistrationOptions), the browser makes it, then addPasskey.',
  context: {
    name: '',
    passcode: '',
    fieldErrors: {},
    payment: false,
    options: null,
    credential: '',
    answer: null,
    notice: null,
  },
  initial: 'idle',
  states: {
    idle: {
      id: 'passkeyEnrolmentIdle',
      meta: { description: 'The passkeys and "Add a passkey".' },
      on: { START: { target: 'entering', actions: 'clear' } },
    },
    entering: {
      id: 'passkeyEnrolmentEntering',
      tags: ['form'],
      meta: {
        description:
          "The passkey's name and the passcode again, Continue and Cancel; what went wrong above them.",
      },
      on: {
        SUBMIT: [
          { guard: 'isCompleteEntry', target: 'checkingPaymentPasskeys', actions: 'keepEntry' },
          { actions: 'showEntryErrors' },
        ],
        CANCEL: { target: 'idle', actions: 'clear' },
      },
    },
    checkingPaymentPasskeys: {
      id: 'passkeyEnrolmentCheckingPaymentPasskeys',
      tags: ['form', 'busy'],
      meta: {
        description:
          'Whether the browser offers Secure Payment Confirmation (canMakePayment): then the passkey is asked for as a payment one.',
      },
      invoke: {
        id: 'paymentPasskeysOffered',
        src: 'paymentPasskeysOffered',
        onDone: {
          target: 'requestingOptions',
          actions: { type: 'keepPaymentOffer', params: ({ event }) => event.output },
        },
        onError: {
          target: 'requestingOptions',
          actions: { type: 'keepPaymentOffer', params: false },
        },
      },
    },
    requestingOptions: {
      id: 'passkeyEnrolmentRequestingOptions',
      tags: ['form', 'busy'],
      meta: { description: 'passkeyRegistrationOptions checks the passcode.' },
      invoke: {
        id: 'passkeyRegistrationOptions',
        src: 'passkeyRegistrationOptions',
        input: ({ context }) => ({
          passcode: context.passcode,
          ...(context.payment ? { payment: 'on' as const } : {}),
        }),
        onDone: {
          target: 'optionsAnswered',
          actions: { type: 'keepOptions', params: ({ event }) => event.output },
        },
        onError: { target: 'entering', actions: 'showUnexpectedFailure' },
      },
    },
    optionsAnswered: {
      id: 'passkeyEnrolmentOptionsAnswered',
      meta: { description: 'Decides on the answer of passkeyRegistrationOptions at once.' },
      always: [
        { guard: 'isSessionEnded', target: 'leftForLogin' },
        { guard: 'hasOptions', target: 'creating' },
        { target: 'entering', actions: 'showOptionsRefusal' },
      ],
    },
    creating: {
      id: 'passkeyEnrolmentCreating',
      tags: ['form', 'busy'],
      meta: {
        description: "The browser makes the passkey (the device's lock, a security key).",
      },
      invoke: {
        id: 'passkeyCreation',
        src: 'passkeyCreation',
        input: ({ context }) => ({
          options: (context.options?.ok
            ? context.options.data.options
            : null) as PasskeyCreationOptions,
        }),
        onDone: {
          target: 'adding',
          actions: { type: 'keepCredential', params: ({ event }) => event.output },
        },
        onError: { target: 'entering', actions: 'showNotCreated' },
      },
    },
    adding: {
      id: 'passkeyEnrolmentAdding',
      tags: ['form', 'busy'],
      meta: { description: 'addPasskey checks the new passkey and keeps it under its name.' },
      invoke: {
        id: 'addPasskey',
        src: 'addPasskey',
        input: ({ context }) => ({ credential: context.credential, name: context.name }),
        onDone: {
          target: 'addAnswered',
          actions: { type: 'keepAnswer', params: ({ event }) => event.output },
        },
        onError: { target: 'entering', actions: 'showUnexpectedFailure' },
      },
    },
    addAnswered: {
      id: 'passkeyEnrolmentAddAnswered',
      meta: { description: 'Decides on the answer of addPasskey at once.' },
      always: [
        { guard: 'isSessionEnded', target: 'leftForLogin' },
        { guard: 'isAdded', target: 'added', actions: 'showAdded' },
        { target: 'entering', actions: 'showAddRefusal' },
      ],
    },
    added: {
      id: 'passkeyEnrolmentAdded',
      meta: { description: 'Added: the list is read again; "Add a passkey" adds another.' },
      entry: 'refreshPasskeys',
      on: { START: { target: 'entering', actions: 'clear' } },
    },
    leftForLogin: {
      id: 'passkeyEnrolmentLeftForLogin',
      type: 'final',
      meta: { description: 'The session has ended (401): baUid is removed; left for login.' },
      entry: 'leaveEndedSession',
    },
  },
})
