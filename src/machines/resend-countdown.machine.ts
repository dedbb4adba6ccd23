import { assign, fromPromise, setup } from 'xstate'

/**
 * The resend-code countdown of the verify screen (spec: "The resend code option appears after a
 * 180 s countdown (m:ss); pressing Resend restarts it"; messages 'Code Sent, Please Wait' and
 * 'Something went wrong').
 *
 * The countdown is a one-second tick on context, so the view can show m:ss from `secondsLeft`.
 * `input.secondsLeft` starts the countdown part-way (it must be at least 1); the generated path
 * tests start at 2 s. Why: the graph is walked with snapshots serialised by state value (plus
 * the incoming event), not context, so from the 180 s start it would see `counting` tick to
 * `counting` and never meet the last tick that leads to `canResend`. From 2 s both branches of
 * the guarded tick are on the graph: 2 -> 1 stays in `counting`, 1 -> 0 goes to `canResend`.
 */

export const resendCountdownSeconds = 180

/** The spec's resend messages. */
export const codeSentMessage = 'Code Sent, Please Wait'
export const resendFailedMessage = 'Something went wrong'

export interface ResendCountdownInput {
  email: string
  secondsLeft?: number
}

export interface ResendCountdownContext {
  email: string
  secondsLeft: number
  message: string | null
}

export type ResendCountdownEvent = { type: 'RESEND' }

/** Seconds as m:ss: 180 -> '3:00', 65 -> '1:05', 0 -> '0:00'. */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds))
  const minutes = Math.floor(whole / 60)
  const rest = whole % 60
  return `${minutes}:${String(rest).padStart(2, '0')}`
}

export const resendCountdownMachine = setup({
  types: {
    context: {} as ResendCountdownContext,
    events: {} as ResendCountdownEvent,
    input: {} as ResendCountdownInput,
  },
  actors: {
    /** The `resendconfirmcode` API action (email); the app provides the real call. */
    resendconfirmcode: fromPromise<unknown, { email: string }>(async () => {
      throw new Error('resendconfirmcode is provided by the app')
    }),
  },
  delays: {
    tick: 1000,
  },
  guards: {
    isLastSecond: ({ context }) => context.secondsLeft <= 1,
  },
  actions: {
    countDown: assign({ secondsLeft: ({ context }) => Math.max(context.secondsLeft - 1, 0) }),
    clearMessage: assign({ message: null }),
    restartCountdown: assign({ secondsLeft: resendCountdownSeconds, message: codeSentMessage }),
    reportResendFailure: assign({ message: resendFailedMessage }),
  },
}).createMachine({
  id: 'resendCountdown',
  description: 'Counts down before the verification code can be sent again.',
  context: ({ input }) => ({
    email: input.email,
    secondsLeft: input.secondsLeft ?? resendCountdownSeconds,
    message: null,
  }),
  initial: 'counting',
  states: {
    counting: {
      id: 'resendCounting',
      meta: { description: 'Shows the seconds left as m:ss; Resend is not offered.' },
      after: {
        tick: [
          { guard: 'isLastSecond', target: 'canResend', actions: 'countDown' },
          { target: 'counting', reenter: true, actions: 'countDown' },
        ],
      },
    },
    canResend: {
      id: 'resendAvailable',
      meta: { description: 'The countdown is over; Resend is offered.' },
      on: {
        RESEND: { target: 'resending', actions: 'clearMessage' },
      },
    },
    resending: {
      id: 'resendSending',
      meta: { description: 'The resendconfirmcode call is in flight.' },
      invoke: {
        id: 'resendconfirmcode',
        src: 'resendconfirmcode',
        input: ({ context }) => ({ email: context.email }),
        onDone: { target: 'counting', actions: 'restartCountdown' },
        onError: { target: 'canResend', actions: 'reportResendFailure' },
      },
    },
  },
})
