import { assertEvent, assign, fromPromise, setup } from 'xstate'
import type { CallResult } from '#api/client'
import type { CallRequest } from '#api/contract'
import { failureText, forgotAnswerText, isEmailAddress, ruleMessages } from './form-rules'

/**
 * Forgot passcode (spec sections 7, 8): the e-mail address, then `userforgot` with
 * action=code, which e-mails a reset code and a link. The server's message shows first; the
 * spec's 'Check your Email for further instructions.' (with a success icon) and 'An unexpected
 * error occured' (the spec's spelling) are the fallbacks.
 */

export const forgotMessages = {
  sent: 'Check your Email for further instructions.',
  failed: 'An unexpected error occured',
} as const

export interface ForgotInput {
  email?: string
}

export interface ForgotAlert {
  type: 'success' | 'error'
  message: string
}

export interface ForgotContext {
  email: string
  emailError: string | null
  alert: ForgotAlert | null
}

export type ForgotEvent = { type: 'EMAIL_CHANGED'; email: string } | { type: 'SUBMIT' }

export type UserforgotCodeRequest = Extract<CallRequest<'userforgot'>, { action: 'code' }>

type ForgotResult = { result: CallResult<'userforgot'> }

export const forgotMachine = setup({
  types: {
    context: {} as ForgotContext,
    events: {} as ForgotEvent,
    input: {} as ForgotInput,
    tags: {} as 'busy',
  },
  actors: {
    /** The `userforgot` crud call (action=code); the app provides it. */
    userforgot: fromPromise<CallResult<'userforgot'>, UserforgotCodeRequest>(async () => {
      throw new Error('userforgot is provided by the app')
    }),
  },
  guards: {
    hasEmailAddress: ({ context }) => isEmailAddress(context.email),
    isCodeSent: (_, { result }: ForgotResult) => result.ok && result.data.icon === 'success',
  },
  actions: {
    updateEmail: assign(({ event }) => {
      assertEvent(event, 'EMAIL_CHANGED')
      return { email: event.email, emailError: null }
    }),
    showEmailError: assign({ emailError: ruleMessages.invalidEmail, alert: null }),
    clearAlert: assign({ alert: null, emailError: null }),
    showSent: assign((_, { result }: ForgotResult) => ({
      alert: {
        type: 'success' as const,
        message: result.ok
          ? forgotAnswerText(result.data, forgotMessages.sent)
          : forgotMessages.sent,
      },
    })),
    showRefusal: assign((_, { result }: ForgotResult) => ({
      alert: {
        type: 'error' as const,
        message: result.ok
          ? forgotAnswerText(result.data, forgotMessages.failed)
          : failureText(result, forgotMessages.failed),
      },
    })),
    showFailure: assign({ alert: { type: 'error', message: forgotMessages.failed } }),
  },
}).createMachine({
  id: 'forgot',
  description: 'Forgot passcode: the e-mail address, then userforgot e-mails a reset code.',
  context: ({ input }) => ({ email: input?.email?.trim() ?? '', emailError: null, alert: null }),
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
      meta: { description: 'userforgot (action=code) is in flight.' },
      tags: ['busy'],
      invoke: {
        id: 'userforgot',
        src: 'userforgot',
        input: ({ context }) => ({ action: 'code' as const, email: context.email.trim() }),
        onDone: [
          {
            guard: { type: 'isCodeSent', params: ({ event }) => ({ result: event.output }) },
            target: 'sent',
            actions: { type: 'showSent', params: ({ event }) => ({ result: event.output }) },
          },
          {
            target: 'editing',
            actions: { type: 'showRefusal', params: ({ event }) => ({ result: event.output }) },
          },
        ],
        onError: { target: 'editing', actions: 'showFailure' },
      },
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
