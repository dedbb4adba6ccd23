import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { refusalNotice } from '#api/call-failure'
import { fieldRules, isEmailAddress } from '#api/contract/field-rules'
import { errorNotice, successNotice } from '#api/notice'
import { appCall, appEffects, redirectDelay } from './app-provided'
import {
  changedValues,
  initialContext,
  type ResendAnswer,
  type ResetAnswer,
  type ResetCallInput,
  type ResetContext,
  type ResetEvent,
  type ResetInput,
  resetCallInput,
  resetMessages,
  resetNotice,
  resetSecrets,
  validateReset,
} from './reset-rules'

/**
 * Resetting a forgotten secret with the code from the e-mail (spec sections 2, 5, 7, 9): the
 * passcode (`userforgot`, 6 digits) or the transaction PIN (`userforgotpin`, 4 digits), one
 * machine whose input names the secret (`resetSecrets` in reset-rules.ts holds what differs).
 *
 * - The form: `account/reset` / `account/resetpin` ask for the e-mail, the code from the
 *   e-mail (one-time-code cells) and the new secret twice; `.../r/$email/$token` only for the
 *   new secret twice. A confirmation that differs shows 'Password Mismatch'.
 * - SUBMIT sends action=reset, resetCode, email and newSecret with the secret's call,
 *   invoked as `resetSecret`. A reset shows the server's message (else the secret's) and goes
 *   to login after the redirect delay (5 s), or at once with Continue (login sends a signed-in
 *   customer on to the dashboard); a refusal shows the server's message or 'An unexpected error
 *   occured'.
 * - Beside the form, a parallel region sends a new code (`resendforgotcode`), so the form stays
 *   usable meanwhile: for the passcode only, as that call sends passcode reset codes.
 */

export type ResetFlowEvent = ResetEvent | { type: 'SEND_NEW_CODE' }

export const resetMachine = setup({
  types: {
    context: {} as ResetContext,
    events: {} as ResetFlowEvent,
    input: {} as ResetInput | undefined,
    tags: {} as 'busy' | 'redirecting',
  },
  actors: {
    // One actor for both calls; the screen provides it with `call(input.call, input.request)`.
    resetSecret: fromPromise<ResetAnswer, ResetCallInput>(async ({ input }) => {
      throw new Error(`${input.call} is provided by the app`)
    }),
    resendPasscodeResetCode: appCall('resendPasscodeResetCode'),
  },
  delays: { redirectDelay },
  guards: {
    isFormValid: ({ context }) =>
      Object.keys(validateReset(context.secret, context.values)).length === 0,
    isReset: ({ context }) => context.answer?.ok === true && context.answer.data.icon === 'success',
    sendsNewCode: ({ context }) => resetSecrets[context.secret].sendsNewCode,
    hasEmailAddress: ({ context }) => isEmailAddress(context.values.email),
    isCodeResent: ({ context }) =>
      context.resendAnswer?.ok === true && context.resendAnswer.data.status,
  },
  actions: {
    updateValues: assign(({ context, event }) => {
      assertEvent(event, ['CHANGE', 'CODE_CHANGED'])
      const values = changedValues(context, event)
      return { values, errors: context.showErrors ? validateReset(context.secret, values) : {} }
    }),
    showValidationErrors: assign(({ context }) => ({
      showErrors: true,
      errors: validateReset(context.secret, context.values),
      alert: null,
    })),
    clearAlert: assign({ alert: null, errors: {} }),
    keepAnswer: assign((_, answer: ResetAnswer) => ({ answer })),
    showResult: assign(({ context }) => ({ alert: resetNotice(context) })),
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
  id: 'reset',
  description:
    'A new passcode or PIN with the code from the e-mail (resetPasscode or resetPin, action=reset); the input names the secret.',
  context: ({ input }) => initialContext(input),
  initial: 'resetting',
  states: {
    resetting: {
      id: 'resetResetting',
      type: 'parallel',
      states: {
        form: {
          initial: 'editing',
          states: {
            editing: {
              id: 'resetEditing',
              meta: {
                description:
                  'E-mail, code and the new secret twice (only the secret with a link); rules show after a SUBMIT.',
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
              id: 'resetSaving',
              meta: {
                description:
                  "The secret's call (resetPasscode or resetPin, action=reset) is in flight.",
              },
              tags: ['busy'],
              invoke: {
                id: 'resetSecret',
                src: 'resetSecret',
                input: ({ context }) => resetCallInput(context),
                onDone: {
                  target: 'answered',
                  actions: { type: 'keepAnswer', params: ({ event }) => event.output },
                },
                onError: { target: 'editing', actions: 'showUnexpectedFailure' },
              },
            },
            answered: {
              id: 'resetAnswered',
              meta: { description: 'Decides on the answer of the reset call at once.' },
              always: [
                { guard: 'isReset', target: '#resetDone', actions: 'showResult' },
                { target: 'editing', actions: 'showResult' },
              ],
            },
          },
        },
        newCode: {
          initial: 'checkingOffer',
          states: {
            checkingOffer: {
              id: 'resetNewCodeCheckingOffer',
              meta: {
                description:
                  'Decides at once whether "Send a new code" is offered: for the passcode only.',
              },
              always: [{ guard: 'sendsNewCode', target: 'idle' }, { target: 'notOffered' }],
            },
            notOffered: {
              id: 'resetNewCodeNotOffered',
              meta: {
                description:
                  'The PIN: no "Send a new code" (resendPasscodeResetCode sends passcode codes).',
              },
            },
            idle: {
              id: 'resetNewCodeIdle',
              meta: { description: '"Send a new code" is offered (index screen only).' },
              on: {
                SEND_NEW_CODE: [
                  { guard: 'hasEmailAddress', target: 'sending', actions: 'clearNewCodeNotice' },
                  { actions: 'showNewCodeEmailError' },
                ],
              },
            },
            sending: {
              id: 'resetNewCodeSending',
              meta: { description: 'resendPasscodeResetCode is in flight.' },
              invoke: {
                id: 'resendPasscodeResetCode',
                src: 'resendPasscodeResetCode',
                input: ({ context }) => ({ email: context.values.email.trim() }),
                onDone: {
                  target: 'answered',
                  actions: { type: 'keepResendAnswer', params: ({ event }) => event.output },
                },
                onError: { target: 'idle', actions: 'showResendFailure' },
              },
            },
            answered: {
              id: 'resetNewCodeAnswered',
              meta: { description: 'Decides on the answer of resendPasscodeResetCode at once.' },
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
      id: 'resetDone',
      meta: {
        description: "The server's message (success); login after the redirect delay or Continue.",
      },
      tags: ['redirecting'],
      after: { redirectDelay: { target: 'leftForLogin' } },
      on: { CONTINUE: { target: 'leftForLogin' } },
    },
    leftForLogin: {
      id: 'resetLeftForLogin',
      type: 'final',
      tags: ['redirecting'],
      entry: 'goToLogin',
    },
  },
})
