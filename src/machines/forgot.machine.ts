import { t } from '@lingui/core/macro'
import { assertEvent, assign, setup } from 'xstate'
import { failureNotice, forgotAnswerMessage } from '#api/call-failure'
import type { CallResult } from '#api/client'
import type { CallRequest } from '#api/contract'
import { fieldRules, isEmailAddress } from '#api/contract/field-rules'
import { errorNotice, type Notice, successNotice } from '#api/notice'
import { appCall, appEffects } from './app-provided'

/**
 * Forgot passcode (spec sections 7, 8): the e-mail address, then `userforgot` with
 * action=code, which e-mails a reset code and a link. The server's message shows first; the
 * spec's 'Check your Email for further instructions.' (with a success icon) and 'An unexpected
 * error occured' (the spec's spelling) are the fallbacks.
 */

/** Read when shown, so each is in the language in use. */
export const forgotMessages = {
  get sent() {
    return t`Check your Email for further instructions.`
  },
  get failed() {
    return t`An unexpected error occured`
  },
}

export interface ForgotInput {
  email?: string
}

export type ForgotResult = CallResult<'resetPasscode'>

export interface ForgotContext {
  email: string
  emailError: string | null
  /** The last answer of userforgot, as the client gave it. */
  answer: ForgotResult | null
  alert: Notice | null
}

export type ForgotEvent = { type: 'EMAIL_CHANGED'; email: string } | { type: 'SUBMIT' }

export type PasscodeResetCodeRequest = Extract<CallRequest<'resetPasscode'>, { action: 'code' }>

export const forgotMachine = setup({
  types: {
    context: {} as ForgotContext,
    events: {} as ForgotEvent,
    input: {} as ForgotInput,
    tags: {} as 'busy',
  },
  actors: { resetPasscode: appCall<'resetPasscode', PasscodeResetCodeRequest>('resetPasscode') },
  guards: {
    hasEmailAddress: ({ context }) => isEmailAddress(context.email),
    isCodeSent: ({ context }) =>
      context.answer?.ok === true && context.answer.data.icon === 'success',
  },
  actions: {
    updateEmail: assign(({ event }) => {
      assertEvent(event, 'EMAIL_CHANGED')
      return { email: event.email, emailError: null }
    }),
    showEmailError: assign({ emailError: fieldRules.email.message, alert: null }),
    clearAlert: assign({ alert: null, emailError: null }),
    keepAnswer: assign((_, answer: ForgotResult) => ({ answer })),
    showSent: assign(({ context }) => ({
      alert: successNotice(
        context.answer?.ok
          ? forgotAnswerMessage(context.answer.data, forgotMessages.sent)
          : forgotMessages.sent,
      ),
    })),
    showRefusal: assign(({ context }) => ({
      alert:
        context.answer && !context.answer.ok
          ? failureNotice(context.answer, forgotMessages.failed)
          : errorNotice(
              context.answer
                ? forgotAnswerMessage(context.answer.data, forgotMessages.failed)
                : forgotMessages.failed,
            ),
    })),
    showUnexpectedFailure: assign({ alert: errorNotice(forgotMessages.failed) }),
    ...appEffects,
  },
}).createMachine({
  id: 'forgot',
  description: 'Forgot passcode: the e-mail address, then resetPasscode e-mails a reset code.',
  context: ({ input }) => ({
    email: input?.email?.trim() ?? '',
    emailError: null,
    answer: null,
    alert: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      id: 'forgotEditing',
      meta: { description: 'The e-mail field; a refusal shows above it.' },
      on: {
        EMAIL_CHANGED: { actions: 'updateEmail' },
        SUBMIT: [
          { guard: 'hasEmailAddress', target: 'sending', actions: 'clearAlert' },
          { actions: 'showEmailError' },
        ],
      },
    },
    sending: {
      id: 'forgotSending',
      meta: { description: 'resetPasscode (action=code) is in flight.' },
      tags: ['busy'],
      invoke: {
        id: 'resetPasscode',
        src: 'resetPasscode',
        input: ({ context }) => ({ action: 'code' as const, email: context.email.trim() }),
        onDone: {
          target: 'answered',
          actions: { type: 'keepAnswer', params: ({ event }) => event.output },
        },
        onError: { target: 'editing', actions: 'showUnexpectedFailure' },
      },
    },
    answered: {
      id: 'forgotAnswered',
      meta: { description: 'Decides on the answer of resetPasscode at once.' },
      always: [
        { guard: 'isCodeSent', target: 'sent', actions: 'showSent' },
        { target: 'editing', actions: 'showRefusal' },
      ],
    },
    sent: {
      id: 'forgotSent',
      meta: {
        description:
          'The message with a success icon, a way to enter the code and the link back to login.',
      },
      type: 'final',
    },
  },
})
