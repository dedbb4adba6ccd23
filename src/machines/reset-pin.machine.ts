import { assertEvent, assign, setup } from 'xstate'
import { errorNotice } from '#api/notice'
import { appCall, appEffects, redirectDelay } from './app-provided'
import {
  changedValues,
  initialContext,
  isResetDone,
  type ResetAnswer,
  type ResetContext,
  type ResetEvent,
  type ResetInput,
  type ResetPinRequest,
  resetMessages,
  resetNotice,
  resetRequest,
  validateReset,
} from './reset-rules'

/**
 * Resetting the transaction PIN (spec sections 2, 5, 7, 9): `userforgotpin` with action=reset,
 * reset_code, email and new_password, from `account/resetpin` (e-mail, the code from the e-mail,
 * the new PIN twice) or `account/resetpin/r/$email/$token` (only the new PIN twice). Both are
 * reachable signed in and signed out. The PIN is 4 digits; a confirmation that differs shows
 * 'Password Mismatch'. A reset shows the server's message and goes to login after the redirect
 * delay (5 s), or at once with Continue (login sends a signed-in customer on to the dashboard).
 * Shared rules: reset-rules.ts.
 */

export const resetPinMachine = setup({
  types: {
    context: {} as ResetContext,
    events: {} as ResetEvent,
    input: {} as ResetInput,
    tags: {} as 'busy' | 'redirecting',
  },
  actors: { userforgotpin: appCall<'userforgotpin', ResetPinRequest>('userforgotpin') },
  delays: { redirectDelay },
  guards: {
    isFormValid: ({ context }) => Object.keys(validateReset('pin', context.values)).length === 0,
    isReset: isResetDone,
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
    keepAnswer: assign((_, answer: ResetAnswer) => ({ answer })),
    showResult: assign(({ context }) => ({
      alert: resetNotice(context.answer, resetMessages.pinReset),
    })),
    showUnexpectedFailure: assign({ alert: errorNotice(resetMessages.failed) }),
    ...appEffects,
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
        onDone: {
          target: 'answered',
          actions: { type: 'keepAnswer', params: ({ event }) => event.output },
        },
        onError: { target: 'editing', actions: 'showUnexpectedFailure' },
      },
    },
    answered: {
      id: 'resetPinAnswered',
      meta: { description: 'Decides on the answer of userforgotpin at once.' },
      always: [
        { guard: 'isReset', target: 'done', actions: 'showResult' },
        { target: 'editing', actions: 'showResult' },
      ],
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
