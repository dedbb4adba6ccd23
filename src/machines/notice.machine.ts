import { assign, fromPromise, setup } from 'xstate'
import { failureMessage, genericFailureMessage } from '#api/call-failure'
import type { CallResult } from '#api/client'

/**
 * The account notice (spec section 4: "ismsg flag set: keep the jwt as sbaUid and go to
 * info/notice"), at account/info/notice. It reads the notice with `getsinfo` (which sends
 * sbaUid) and shows its head and body with Logout.
 *
 * - An unauthorized answer (no sbaUid, or an expired or revoked one) goes to login.
 * - No notice any more: nothing to show, so login too.
 * - Like the dashboard's blocking notice (spec section 9: "Notice screen clears the token after
 *   5 s"), sbaUid is removed 5 s after the notice shows; the notice stays on screen.
 * - Logout: the `logout` call (best effort: its answer, a failure or 3 s without an answer all
 *   lead on), then every stored key is cleared and login opens.
 *
 * Storage and navigation are the named actions `forgetNoticeToken`, `clearStorage` and
 * `goToLogin`, provided by the route.
 */

export interface Notice {
  head: string
  body: string
}

export type NoticeResult = CallResult<'getsinfo'>
export type LogoutResult = CallResult<'logout'>

export interface NoticeContext {
  answer: NoticeResult | null
  notice: Notice | null
  /** Why the notice could not be read, with Retry. */
  failure: string | null
}

export type NoticeEvent = { type: 'LOGOUT' } | { type: 'RETRY' }

export const noticeMachine = setup({
  types: {
    context: {} as NoticeContext,
    events: {} as NoticeEvent,
  },
  actors: {
    /** The `getsinfo` API call (with sbaUid); the app provides the real call. */
    getsinfo: fromPromise<NoticeResult>(async () => {
      throw new Error('getsinfo is provided by the app')
    }),
    /** The `logout` API call; the app provides the real call. */
    logout: fromPromise<LogoutResult>(async () => {
      throw new Error('logout is provided by the app')
    }),
  },
  delays: {
    /** Spec section 9: the notice screen clears the token after 5 s. */
    tokenClearDelay: 5000,
    /** Logout is best effort: login opens after at most this long without an answer. */
    logoutWaitLimit: 3000,
  },
  guards: {
    isUnauthorized: ({ context }) =>
      context.answer?.ok === false && context.answer.reason === 'unauthorized',
    isCallFailure: ({ context }) => context.answer?.ok === false,
    hasNotice: ({ context }) => context.answer?.ok === true && context.answer.data.notice !== null,
  },
  actions: {
    keepAnswer: assign((_, answer: NoticeResult) => ({ answer })),
    keepNotice: assign(({ context }) => ({
      notice: context.answer?.ok ? context.answer.data.notice : null,
      failure: null,
    })),
    showFailure: assign(({ context }) => ({
      failure:
        context.answer?.ok === false ? failureMessage(context.answer) : genericFailureMessage,
    })),
    showUnexpectedFailure: assign({ failure: genericFailureMessage }),
    clearFailure: assign({ failure: null }),
    // Provided by the route: client storage and navigation.
    forgetNoticeToken: () => {},
    clearStorage: () => {},
    goToLogin: () => {},
  },
}).createMachine({
  id: 'notice',
  description: 'The account notice of a customer whose login answered ismsg.',
  context: { answer: null, notice: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      id: 'noticeLoading',
      tags: ['busy'],
      meta: { description: 'getsinfo reads the notice with sbaUid; a placeholder shows.' },
      invoke: {
        id: 'getsinfo',
        src: 'getsinfo',
        onDone: {
          target: 'answered',
          actions: { type: 'keepAnswer', params: ({ event }) => event.output },
        },
        onError: { target: 'failed', actions: 'showUnexpectedFailure' },
      },
    },
    answered: {
      id: 'noticeAnswered',
      meta: { description: 'Decides on the answer of getsinfo at once.' },
      always: [
        { guard: 'isUnauthorized', target: 'signedOut' },
        { guard: 'isCallFailure', target: 'failed', actions: 'showFailure' },
        { guard: 'hasNotice', target: 'showing', actions: 'keepNotice' },
        { target: 'signedOut' },
      ],
    },
    failed: {
      id: 'noticeFailed',
      meta: { description: 'The notice could not be read: the message, Retry and Logout.' },
      on: {
        RETRY: { target: 'loading', actions: 'clearFailure' },
        LOGOUT: 'signingOut',
      },
    },
    showing: {
      id: 'noticeShowing',
      meta: { description: 'The head and body of the notice, with Logout.' },
      initial: 'tokenKept',
      on: { LOGOUT: 'signingOut' },
      states: {
        tokenKept: {
          id: 'noticeTokenKept',
          meta: { description: 'The first 5 s: sbaUid is still stored.' },
          after: { tokenClearDelay: { target: 'tokenCleared', actions: 'forgetNoticeToken' } },
        },
        tokenCleared: {
          id: 'noticeTokenCleared',
          meta: { description: 'sbaUid is removed; a reload now lands on login.' },
        },
      },
    },
    signingOut: {
      id: 'noticeSigningOut',
      tags: ['busy'],
      meta: { description: 'Logout is sent (best effort); Logout is busy.' },
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: 'signedOut',
        onError: 'signedOut',
      },
      after: { logoutWaitLimit: 'signedOut' },
    },
    signedOut: {
      id: 'noticeSignedOut',
      type: 'final',
      meta: { description: 'Every stored key is cleared; left for login.' },
      entry: ['clearStorage', 'goToLogin'],
    },
  },
})
