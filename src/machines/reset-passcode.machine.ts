import { assertEvent, assign, fromPromise, setup } from 'xstate'
import type { CallResult } from '#api/client'
import { failureText, isEmailAddress, ruleMessages, serverText } from './form-rules'
import {
  changedValues,
  initialContext,
  type ResendforgotcodeRequest,
  type ResendResult,
  type ResetContext,
  type ResetEvent,
  type ResetInput,
  type ResetRequest,
  type ResetResult,
  resetAlert,
  resetMessages,
  resetRequest,
  validateReset,
} from './reset-rules'

/**
 * Resetting the passcode (spec sections 2, 5, 7, 9): `userforgot` with action=reset,
 * reset_code, email and new_password, from `account/reset` (e-mail, the code from the e-mail in
 * one-time-code cells, the new passcode twice) or `account/reset/r/$email/$token` (only the new
 * passcode twice). The new passcode is 6 digits; a confirmation that differs shows 'Password
 * Mismatch'. A reset shows the server's message and goes to login after the redirect delay
 * (5 s), or at once with Continue; a refusal shows the server's message or 'An unexpected error
 * occured'. Beside the form, a parallel region sends a new code (`resendforgotcode`), so the
 * form stays usable meanwhile. Shared rules: reset-rules.ts.
 */

export type ResetPasscodeEvent = ResetEvent | { type: 'SEND_NEW_CODE' }

export const resetPasscodeMachine = setup({
  types: {
    context: {} as ResetContext,
    events: {} as ResetPasscodeEvent,
    input: {} as ResetInput,
    tags: {} as 'busy' | 'redirecting',
  },
  actors: {
    /** The `userforgot` crud call (action=reset); the app provides it. */
    userforgot: fromPromise<CallResult<'userforgot'>, ResetRequest>(async () => {
      throw new Error('userforgot is provided by the app')
    }),
    /** The `resendforgotcode` action; the app provides it. */
    resendforgotcode: fromPromise<CallResult<'resendforgotcode'>, ResendforgotcodeRequest>(
      async () => {
        throw new Error('resendforgotcode is provided by the app')
      },
    ),
  },
  delays: {
    /** Spec section 9: redirect delay 5 s after a reset. */
    redirectDelay: 5000,
  },
  guards: {
    isFormValid: ({ context }) =>
      Object.keys(validateReset('passcode', context.values)).length === 0,
    hasEmailAddress: ({ context }) => isEmailAddress(context.values.email),
    isReset: (_, { result }: ResetResult) => result.ok && result.data.icon === 'success',
    isCodeResent: (_, { result }: ResendResult) => result.ok && result.data.status,
  },
  actions: {
    updateValues: assign(({ context, event }) => {
      assertEvent(event, ['CHANGE', 'CODE_CHANGED'])
      const values = changedValues('passcode', context, event)
      return { values, errors: context.showErrors ? validateReset('passcode', values) : {} }
    }),
    showValidationErrors: assign(({ context }) => ({
      showErrors: true,
      errors: validateReset('passcode', context.values),
      alert: null,
    })),
    clearAlert: assign({ alert: null, errors: {} }),
    showResult: assign((_, { result }: ResetResult) => ({
      alert: resetAlert(result, resetMessages.passcodeReset),
    })),
    showFailure: assign({ alert: { type: 'error', message: resetMessages.failed } }),
    showNewCodeEmailError: assign(({ context }) => ({
      errors: { ...context.errors, email: ruleMessages.invalidEmail },
      newCodeNotice: null,
    })),
    clearNewCodeNotice: assign({ newCodeNotice: null }),
    showCodeResent: assign({ newCodeNotice: { type: 'success', message: resetMessages.codeSent } }),
    showResendRefusal: assign((_, { result }: ResendResult) => ({
      newCodeNotice: {
        type: 'error' as const,
        message: result.ok
          ? serverText(result.data.message, resetMessages.resendFailed)
          : failureText(result, resetMessages.resendFailed),
      },
    })),
    showResendFailure: assign({
      newCodeNotice: { type: 'error', message: resetMessages.resendFailed },
    }),
    /** Navigation, provided by the route. */
    goToLogin: () => {},
  },
}).createMachine({
  id: 'resetPasscode',
  description: 'A new passcode with the code from the e-mail (userforgot, action=reset).',
  context: ({ input }) => initialContext(input),
  initial: 'resetting',
  states: {
    resetting: {
      id: 'resetPasscodeResetting',
      type: 'parallel',
      states: {
        form: {
          initial: 'editing',
          states: {
            editing: {
              id: 'resetPasscodeEditing',
              meta: {
                description:
                  'E-mail, code and the new passcode twice (only the passcode with a link); rules show after a SUBMIT.',
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
              id: 'resetPasscodeSaving',
              meta: { description: 'userforgot (action=reset) is in flight.' },
              tags: ['busy'],
              invoke: {
                id: 'userforgot',
                src: 'userforgot',
                input: ({ context }) => resetRequest(context.values),
                onDone: [
                  {
                    guard: { type: 'isReset', params: ({ event }) => ({ result: event.output }) },
                    target: '#resetPasscodeDone',
                    actions: {
                      type: 'showResult',
                      params: ({ event }) => ({ result: event.output }),
                    },
                  },
                  {
                    target: 'editing',
                    actions: {
                      type: 'showResult',
                      params: ({ event }) => ({ result: event.output }),
                    },
                  },
                ],
                onError: { target: 'editing', actions: 'showFailure' },
              },
            },
          },
        },
        newCode: {
          initial: 'idle',
          states: {
            idle: {
              id: 'resetPasscodeNewCodeIdle',
              meta: { description: '"Send a new code" is offered (index screen only).' },
              on: {
                SEND_NEW_CODE: [
                  { guard: 'hasEmailAddress', target: 'sending', actions: 'clearNewCodeNotice' },
                  { actions: 'showNewCodeEmailError' },
                ],
              },
            },
            sending: {
              id: 'resetPasscodeNewCodeSending',
              meta: { description: 'resendforgotcode is in flight.' },
              invoke: {
                id: 'resendforgotcode',
                src: 'resendforgotcode',
                input: ({ context }) => ({ email: context.values.email.trim() }),
                onDone: [
                  {
                    guard: {
                      type: 'isCodeResent',
                      params: ({ event }) => ({ result: event.output }),
                    },
                    target: 'idle',
                    actions: 'showCodeResent',
                  },
                  {
                    target: 'idle',
                    actions: {
                      type: 'showResendRefusal',
                      params: ({ event }) => ({ result: event.output }),
                    },
                  },
                ],
                onError: { target: 'idle', actions: 'showResendFailure' },
              },
            },
          },
        },
      },
    },
    done: {
      id: 'resetPasscodeDone',
      meta: {
        description: "The server's message (success); login after the redirect delay or Continue.",
      },
      tags: ['redirecting'],
      after: { redirectDelay: { target: 'leftForLogin' } },
      on: { CONTINUE: { target: 'leftForLogin' } },
    },
    leftForLogin: {
      id: 'resetPasscodeLeftForLogin',
      type: 'final',
      tags: ['redirecting'],
      entry: 'goToLogin',
    },
  },
})
