import { assertEvent, assign, setup } from 'xstate'
import { refusalNotice } from '#api/call-failure'
import { fieldRules, isEmailAddress } from '#api/contract/field-rules'
import { errorNotice, successNotice } from '#api/notice'
import { appCall, appEffects, redirectDelay } from './app-provided'
import {
  changedValues,
  initialContext,
  isResetDone,
  type ResendAnswer,
  type ResetAnswer,
  type ResetContext,
  type ResetEvent,
  type ResetInput,
  type ResetRequest,
  resetMessages,
  resetNotice,
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
    userforgot: appCall<'userforgot', ResetRequest>('userforgot'),
    resendforgotcode: appCall('resendforgotcode'),
  },
  delays: { redirectDelay },
  guards: {
    isFormValid: ({ context }) =>
      Object.keys(validateReset('passcode', context.values)).length === 0,
    hasEmailAddress: ({ context }) => isEmailAddress(context.values.email),
    isReset: isResetDone,
    isCodeResent: ({ context }) =>
      context.resendAnswer?.ok === true && context.resendAnswer.data.status,
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
    keepAnswer: assign((_, answer: ResetAnswer) => ({ answer })),
    showResult: assign(({ context }) => ({
      alert: resetNotice(context.answer, resetMessages.passcodeReset),
    })),
    showUnexpectedFailure: assign({ alert: errorNotice(resetMessages.failed) }),
    showNewCodeEmailError: assign(({ context }) => ({
      errors: { ...context.errors, email: fieldRules.email.message },
      newCodeNotice: null,
    })),
    clearNewCodeNotice: assign({ newCodeNotice: null }),
    keepResendAnswer: assign((_, resendAnswer: ResendAnswer) => ({ resendAnswer })),
    showCodeResent: assign({ newCodeNotice: successNotice(resetMessages.codeSent) }),
    showResendRefusal: assign(({ context }) => ({
      newCodeNotice: refusalNotice(context.resendAnswer, resetMessages.resendFailed),
    })),
    showResendFailure: assign({ newCodeNotice: errorNotice(resetMessages.resendFailed) }),
    ...appEffects,
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
                onDone: {
                  target: 'answered',
                  actions: { type: 'keepAnswer', params: ({ event }) => event.output },
                },
                onError: { target: 'editing', actions: 'showUnexpectedFailure' },
              },
            },
            answered: {
              id: 'resetPasscodeAnswered',
              meta: { description: 'Decides on the answer of userforgot at once.' },
              always: [
                { guard: 'isReset', target: '#resetPasscodeDone', actions: 'showResult' },
                { target: 'editing', actions: 'showResult' },
              ],
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
                onDone: {
                  target: 'answered',
                  actions: { type: 'keepResendAnswer', params: ({ event }) => event.output },
                },
                onError: { target: 'idle', actions: 'showResendFailure' },
              },
            },
            answered: {
              id: 'resetPasscodeNewCodeAnswered',
              meta: { description: 'Decides on the answer of resendforgotcode at once.' },
              always: [
                { guard: 'isCodeResent', target: 'idle', actions: 'showCodeResent' },
                { target: 'idle', actions: 'showResendRefusal' },
              ],
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
