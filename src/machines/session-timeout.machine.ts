import { assign, type NonReducibleUnknown, setup } from 'xstate'
import { failureNotice, genericFailureMessage } from '#api/call-failure'
import type { CallResult } from '#api/client'
import { errorNotice, type Notice } from '#api/notice'
import { appCall, appEffects } from './app-provided'
import { logoutMachine } from './logout.machine'
import { endsSession } from './session-ended'

/**
 * The idle session timeout of the signed-in area (docs/decisions/027 and 044), running for as
 * long as the dashboard is open. The server ends a session after SESSION_IDLE_MINUTES without a
 * call; this machine only shows it coming:
 *
 * - it reads the time left with `sessionstatus` (which is not activity) and waits until the
 *   warning is due: one minute before the end, or half the idle limit when that is shorter;
 * - before warning it reads `sessionstatus` again: a call made meanwhile (this tab's pages,
 *   another tab's "Stay signed in") has moved the end, and the wait starts over;
 * - the warning is a dialog with a live countdown, "Stay signed in" (`keepalive`, activity) and
 *   "Log out" (the shared logout sub-flow, logout.machine.ts, then every stored key cleared,
 *   login);
 * - when the countdown reaches 0 it reads `sessionstatus` once more; if the session is really
 *   over (0 left or 401), the logout sub-flow runs too (best effort, so the server ends it for
 *   certain), then every stored key is cleared and login opens with the notice of decision 044.
 *
 * A read that gets no answer is retried after `retryDelay`, except at the end of the
 * countdown: then only an answer with time left keeps the session, as the countdown the server
 * gave has run out.
 */

export type SessionTimeResult = CallResult<'sessionStatus'>
export type KeepaliveResult = CallResult<'keepAlive'>

/** A failed read of the time left is tried again after this long. */
export const retryDelayMs = 15_000

/** The warning opens this long before the end (one minute, as decision 027 says). */
export const warningLeadSeconds = 60

/** How long before the end the warning opens: one minute, or half a shorter idle limit. */
export function warningSecondsFor(idleTimeoutSeconds: number): number {
  return Math.max(1, Math.min(warningLeadSeconds, Math.floor(idleTimeoutSeconds / 2)))
}

export interface SessionTimeoutContext {
  /** Seconds left when the server last answered. */
  remainingSeconds: number
  /** The server's idle limit, in seconds (its default until the first answer). */
  idleTimeoutSeconds: number
  /** The countdown the dialog shows, one tick a second. */
  secondsLeft: number
  /** The last answer of sessionStatus or keepAlive (sessionstatus, keepalive), as the client gave it. */
  answer: SessionTimeResult | KeepaliveResult | null
  /** Why "Stay signed in" did not work, shown in the dialog. */
  alert: Notice | null
}

export type SessionTimeoutEvent = { type: 'STAY' } | { type: 'LOG_OUT' }

const timeOf = (answer: SessionTimeoutContext['answer']) => (answer?.ok ? answer.data : null)

export const sessionTimeoutMachine = setup({
  types: {
    context: {} as SessionTimeoutContext,
    events: {} as SessionTimeoutEvent,
    tags: {} as 'warning' | 'busy',
  },
  actors: {
    sessionStatus: appCall<'sessionStatus', NonReducibleUnknown>('sessionStatus'),
    keepAlive: appCall<'keepAlive', NonReducibleUnknown>('keepAlive'),
    signOut: logoutMachine,
  },
  delays: {
    untilWarning: ({ context }) =>
      Math.max(0, context.remainingSeconds - warningSecondsFor(context.idleTimeoutSeconds)) * 1000,
    tick: 1000,
    retryDelay: retryDelayMs,
  },
  guards: {
    isSessionOver: ({ context }) =>
      endsSession(context.answer) || timeOf(context.answer)?.remainingSeconds === 0,
    isCallFailure: ({ context }) => context.answer?.ok === false,
    isLastSecond: ({ context }) => context.secondsLeft <= 1,
    isWarningDue: ({ context }) => {
      const time = timeOf(context.answer)
      return time !== null && time.remainingSeconds <= warningSecondsFor(time.idleTimeoutSeconds)
    },
  },
  actions: {
    keepAnswer: assign((_, answer: SessionTimeoutContext['answer']) => ({ answer })),
    keepTimeLeft: assign(({ context }) => {
      const time = timeOf(context.answer)
      return time
        ? {
            remainingSeconds: time.remainingSeconds,
            idleTimeoutSeconds: time.idleTimeoutSeconds,
          }
        : {}
    }),
    startCountdown: assign(({ context }) => ({
      secondsLeft: timeOf(context.answer)?.remainingSeconds ?? context.secondsLeft,
      alert: null,
    })),
    countDown: assign(({ context }) => ({ secondsLeft: Math.max(0, context.secondsLeft - 1) })),
    clearAlert: assign({ alert: null }),
    showKeepaliveFailure: assign(({ context }) => ({
      alert: context.answer?.ok === false ? failureNotice(context.answer) : null,
    })),
    showUnexpectedFailure: assign({ alert: errorNotice(genericFailureMessage) }),
    ...appEffects,
  },
}).createMachine({
  id: 'sessionTimeout',
  description:
    'The idle timeout of the signed-in area: a warning with a countdown before the server ends the session.',
  context: {
    remainingSeconds: 0,
    idleTimeoutSeconds: 300,
    secondsLeft: 0,
    answer: null,
    alert: null,
  },
  initial: 'checking',
  states: {
    checking: {
      id: 'sessionTimeoutChecking',
      meta: {
        description:
          'sessionStatus (not activity) reads the time left: on opening the area, and again before warning.',
      },
      invoke: {
        id: 'sessionStatus',
        src: 'sessionStatus',
        onDone: {
          target: 'answered',
          actions: { type: 'keepAnswer', params: ({ event }) => event.output },
        },
        onError: 'unreachable',
      },
    },
    answered: {
      id: 'sessionTimeoutAnswered',
      meta: { description: 'Decides on the time left at once.' },
      always: [
        { guard: 'isSessionOver', target: 'endingSession' },
        { guard: 'isCallFailure', target: 'unreachable' },
        { guard: 'isWarningDue', target: 'warning', actions: ['keepTimeLeft', 'startCountdown'] },
        { target: 'waiting', actions: 'keepTimeLeft' },
      ],
    },
    unreachable: {
      id: 'sessionTimeoutUnreachable',
      meta: {
        description:
          'No usable answer: nothing is shown, and the time left is read again after the retry delay.',
      },
      after: { retryDelay: 'checking' },
    },
    waiting: {
      id: 'sessionTimeoutWaiting',
      meta: {
        description:
          'Nothing is shown until the warning is due (one minute before the end, or half a shorter idle limit).',
      },
      after: { untilWarning: 'checking' },
    },
    warning: {
      id: 'sessionTimeoutWarning',
      tags: ['warning'],
      meta: {
        description:
          'The dialog: the countdown to the end, "Stay signed in" and "Log out"; at 0 the time left is read once more.',
      },
      initial: 'counting',
      on: { LOG_OUT: 'loggingOut' },
      states: {
        counting: {
          id: 'sessionTimeoutCounting',
          meta: { description: 'One tick a second; the dialog shows m:ss. The last tick ends it.' },
          after: {
            tick: [
              { guard: 'isLastSecond', target: 'checkingBeforeEnd', actions: 'countDown' },
              { target: 'counting', reenter: true, actions: 'countDown' },
            ],
          },
          on: { STAY: { target: 'keepingAlive', actions: 'clearAlert' } },
        },
        keepingAlive: {
          id: 'sessionTimeoutKeepingAlive',
          tags: ['busy'],
          meta: { description: 'keepAlive (activity) is in flight; "Stay signed in" is busy.' },
          invoke: {
            id: 'keepAlive',
            src: 'keepAlive',
            onDone: {
              target: 'keepaliveAnswered',
              actions: { type: 'keepAnswer', params: ({ event }) => event.output },
            },
            onError: { target: 'counting', actions: 'showUnexpectedFailure' },
          },
        },
        keepaliveAnswered: {
          id: 'sessionTimeoutKeepaliveAnswered',
          meta: { description: 'Decides on the answer of keepAlive at once.' },
          always: [
            { guard: 'isSessionOver', target: '#sessionTimeoutEndingSession' },
            { guard: 'isCallFailure', target: 'counting', actions: 'showKeepaliveFailure' },
            // The answer's time left decides, as any other read: normally waiting again.
            { target: '#sessionTimeoutAnswered' },
          ],
        },
        checkingBeforeEnd: {
          id: 'sessionTimeoutCheckingBeforeEnd',
          meta: {
            description:
              'The countdown is at 0: sessionStatus is read once more, in case another tab kept the session alive.',
          },
          invoke: {
            id: 'sessionStatus',
            src: 'sessionStatus',
            onDone: {
              target: 'endAnswered',
              actions: { type: 'keepAnswer', params: ({ event }) => event.output },
            },
            onError: '#sessionTimeoutEndingSession',
          },
        },
        endAnswered: {
          id: 'sessionTimeoutEndAnswered',
          meta: {
            description:
              'Decides at once: only an answer with time left keeps the session; no answer ends it, as the countdown said.',
          },
          always: [
            { guard: 'isSessionOver', target: '#sessionTimeoutEndingSession' },
            { guard: 'isCallFailure', target: '#sessionTimeoutEndingSession' },
            {
              guard: 'isWarningDue',
              target: '#sessionTimeoutWarning',
              reenter: true,
              actions: ['keepTimeLeft', 'startCountdown'],
            },
            { target: '#sessionTimeoutWaiting', actions: ['keepTimeLeft', 'clearAlert'] },
          ],
        },
      },
    },
    endingSession: {
      id: 'sessionTimeoutEndingSession',
      tags: ['busy'],
      meta: {
        description:
          'The session is over: the logout sub-flow runs so the server ends it for certain (best effort: at most 3 s).',
      },
      invoke: {
        id: 'signOut',
        src: 'signOut',
        input: { token: 'session' },
        onDone: 'leftForLoginAfterTimeout',
      },
    },
    loggingOut: {
      id: 'sessionTimeoutLoggingOut',
      tags: ['busy'],
      meta: {
        description:
          '"Log out" in the dialog: the logout sub-flow runs (best effort: at most 3 s).',
      },
      invoke: {
        id: 'signOut',
        src: 'signOut',
        input: { token: 'session' },
        onDone: 'leftForLogin',
      },
    },
    leftForLogin: {
      id: 'sessionTimeoutLeftForLogin',
      type: 'final',
      meta: { description: 'Logged out: every stored key is cleared; left for login.' },
      entry: ['clearStorage', 'goToLogin'],
    },
    leftForLoginAfterTimeout: {
      id: 'sessionTimeoutLeftForLoginAfterTimeout',
      type: 'final',
      meta: {
        description:
          'Every stored key is cleared; login opens with "You were signed out after N minutes without activity."',
      },
      entry: [
        'clearStorage',
        {
          type: 'goToLoginAfterTimeout',
          params: ({ context }) => ({
            idleMinutes: Math.max(1, Math.round(context.idleTimeoutSeconds / 60)),
          }),
        },
      ],
    },
  },
})
