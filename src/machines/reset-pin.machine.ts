import { assertEvent, assign, fromPromise, setup } from 'xstate'
import type { CallResult } from '#api/client'
import {
  changedValues,
  initialContext,
  type ResetContext,
  type ResetEvent,
  type ResetInput,
  type ResetPinRequest,
  type ResetResult,
  resetAlert,
  resetMessages,
  resetRequest,
  validateReset,
} from './reset-rules'

/**
 * Resetting the transaction PIN (spec sections 2, 5, 7, 9): `userforgotpin` with action=reset,
 * reset_code, email and new_password, from `account/resetpin` (e-mail, the code from the e-mail,
 * the new PIN twice) or `account/resetpin/r/$email/$token` (only the new PIN twice). Both are
 * reachable signed in and signed out. The PIN is 4 digits; a confirmation that differs shows
 * 'Password Mismatch'. A reset shows the server's message and goes to login after the redirect
 * delay (5 s), or at once with Continue. Shared rules: reset-rules.ts.
 */

export const resetPinMachine = setup({
  types: {
    context: {} as ResetContext,
    events: {} as ResetEvent,
    input: {} as ResetInput,
    tags: {} as 'busy' | 'redirecting',
  },
  actors: {
    /** The `userforgotpin` crud call (action=reset); the app provides it. */
    userforgotpin: fromPromise<CallResult<'userforgotpin'>, ResetPinRequest>(async () => {
      throw new Error('userforgotpin is provided by the app')
    }),
  },
  delays: {
    /** Spec section 9: redirect delay 5 s after a reset. */
    redirectDelay: 5000,
  },
  guards: {
    isFormValid: ({ context }) => Object.keys(validateReset('pin', context.values)).length === 0,
    isReset: (_, { result }: ResetResult) => result.ok && result.data.icon === 'success',
  },
  actions: {
    updateValues: assign(({ context, event }) => {
      assertEvent(event, ['CHANGE', 'CODE_CHANGED'])
      const values = changedValues('pin', context, event)
      return { values, errors: context.showErrors ? validateReset('pin', values) : {} }
    }),
    showValidationErrors: assign(({ context }) => ({
      showErrors: true,
      errors: validateReset('pin', context.values),
      alert: null,
    })),
    clearAlert: assign({ alert: null, errors: {} }),
    showResult: assign((_, { result }: ResetResult) => ({
      alert: resetAlert(result, resetMessages.pinReset),
    })),
    showFailure: assign({ alert: { type: 'error', message: resetMessages.failed } }),
    /** Navigation, provided by the route: login, which sends a signed-in customer on to the
     * dashboard. */
    goToLogin: () => {},
  },
}).createMachine({
  id: 'resetPin',
  description: 'A new 4-digit PIN with the code from the e-mail (userforgotpin, action=reset).',
  context: ({ input }) => initialContext(input),
  initial: 'editing',
  states: {
    editing: {
      id: 'resetPinEditing',
      meta: {
        description:
          'E-mail, code and the new PIN twice (only the PIN with a link); rules show after a SUBMIT.',
      },
      on: {
        CHANGE: { actions: 'updateValues' },
        CODE_CHANGED: { actions: 'updateValues' },
        SUBMIT: [
          { guard: 'isFormValid', target: 'saving', actions: 'clearAlert' },
          { actions: 'showValidationErrors' },
        ],
      },
    },
    saving: {
      id: 'resetPinSaving',
      meta: { description: 'userforgotpin (action=reset) is in flight.' },
      tags: ['busy'],
      invoke: {
        id: 'userforgotpin',
        src: 'userforgotpin',
        input: ({ context }) => resetRequest(context.values),
        onDone: [
          {
            guard: { type: 'isReset', params: ({ event }) => ({ result: event.output }) },
            target: 'done',
            actions: { type: 'showResult', params: ({ event }) => ({ result: event.output }) },
          },
          {
            target: 'editing',
            actions: { type: 'showResult', params: ({ event }) => ({ result: event.output }) },
          },
        ],
        onError: { target: 'editing', actions: 'showFailure' },
      },
    },
    done: {
      id: 'resetPinDone',
      meta: {
        description: "The server's message (success); login after the redirect delay or Continue.",
      },
      tags: ['redirecting'],
      after: { redirectDelay: { target: 'leftForLogin' } },
      on: { CONTINUE: { target: 'leftForLogin' } },
    },
    leftForLogin: {
      id: 'resetPinLeftForLogin',
      type: 'final',
      tags: ['redirecting'],
      entry: 'goToLogin',
    },
  },
})
