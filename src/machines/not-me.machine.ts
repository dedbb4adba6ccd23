import { assign, setup } from 'xstate'
import { failureNotice, genericFailureMessage } from '#api/call-failure'
import type { CallResult } from '#api/client'
import { errorNotice, type Notice, successNotice } from '#api/notice'
import { appCall, appEffect, appEffects, redirectDelay } from './app-provided'

/**
 * "This wasn't me" (issue 19 item 4, docs/decisions/080): the link of a new sign-in's e-mail
 * opens the forgot-passcode page with its token. The customer confirms; `notme` ends every
 * session, forgets every device and e-mails a passcode reset code; then the reset page opens
 * with their e-mail, after 5 s or on Continue. A used or expired link says so and leaves the
 * customer the forgot-passcode form.
 */

export const notMeMessages = {
  failed: genericFailureMessage,
} as const

export interface NotMeInput {
  /** The token of the e-mail's link (what follows `#not-me=`). */
  report: string
}

export type NotMeResult = CallResult<'reportNotMe'>

export interface NotMeContext {
  report: string
  answer: NotMeResult | null
  alert: Notice | null
}

export type NotMeEvent = { type: 'CONFIRM' } | { type: 'CONTINUE' }

export const notMeMachine = setup({
  types: {
    context: {} as NotMeContext,
    events: {} as NotMeEvent,
    input: {} as NotMeInput | undefined,
    tags: {} as 'busy' | 'redirecting',
  },
  actors: { reportNotMe: appCall('reportNotMe') },
  delays: { redirectDelay },
  guards: {
    isSecured: ({ context }) => context.answer?.ok === true && context.answer.data.status,
    isRefused: ({ context }) => context.answer?.ok === true && !context.answer.data.status,
  },
  actions: {
    keepAnswer: assign((_, answer: NotMeResult) => ({ answer })),
    clearAlert: assign({ alert: null }),
    showSecured: assign(({ context }) => ({
      alert: successNotice(context.answer?.ok ? context.answer.data.message : ''),
    })),
    showRefusal: assign(({ context }) => ({
      alert:
        context.answer && !context.answer.ok
          ? failureNotice(context.answer, notMeMessages.failed)
          : errorNotice(context.answer?.data.message || notMeMessages.failed),
    })),
    showUnexpectedFailure: assign({ alert: errorNotice(notMeMessages.failed) }),
    /**
     * The passcode reset page with the e-mail filled in: this flow's own destination, kept out of
     * the shared effects every page loads (the login page's budget, decision 080).
     */
    goToPasscodeReset: appEffect<{ email: string }>(),
    ...appEffects,
  },
}).createMachine({
  id: 'notMe',
  description:
    '"This wasn\'t me": reportNotMe ends every session and e-mails a reset code; then the passcode reset page.',
  context: ({ input }) => ({ report: input?.report ?? '', answer: null, alert: null }),
  initial: 'confirming',
  states: {
    confirming: {
      id: 'notMeConfirming',
      meta: {
        description:
          'What happens next (every device signed out, a reset code e-mailed) and "Secure my account"; a failure shows above it.',
      },
      on: { CONFIRM: { target: 'securing', actions: 'clearAlert' } },
    },
    securing: {
      id: 'notMeSecuring',
      tags: ['busy'],
      meta: { description: 'reportNotMe is in flight with the link.' },
      invoke: {
        id: 'reportNotMe',
        src: 'reportNotMe',
        input: ({ context }) => ({ report: context.report }),
        onDone: {
          target: 'answered',
          actions: { type: 'keepAnswer', params: ({ event }) => event.output },
        },
        onError: { target: 'confirming', actions: 'showUnexpectedFailure' },
      },
    },
    answered: {
      id: 'notMeAnswered',
      meta: { description: 'Decides on the answer of reportNotMe at once.' },
      always: [
        { guard: 'isSecured', target: 'secured', actions: 'showSecured' },
        { guard: 'isRefused', target: 'refused', actions: 'showRefusal' },
        { target: 'confirming', actions: 'showRefusal' },
      ],
    },
    secured: {
      id: 'notMeSecured',
      tags: ['redirecting'],
      meta: {
        description:
          'Every device is signed out and a reset code is on its way: the reset page after 5 s or on Continue.',
      },
      after: { redirectDelay: 'leftForPasscodeReset' },
      on: { CONTINUE: 'leftForPasscodeReset' },
    },
    refused: {
      id: 'notMeRefused',
      type: 'final',
      meta: {
        description:
          "The link was used or is older than 7 days: the server's words, and the forgot-passcode form.",
      },
    },
    leftForPasscodeReset: {
      id: 'notMeLeftForPasscodeReset',
      type: 'final',
      meta: { description: 'Left for the passcode reset page, with the e-mail filled in.' },
      entry: {
        type: 'goToPasscodeReset',
        params: ({ context }) => ({
          email: context.answer?.ok ? (context.answer.data.email ?? '') : '',
        }),
      },
    },
  },
})
