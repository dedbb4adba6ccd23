import { assign, type NonReducibleUnknown, setup } from 'xstate'
import { failureNotice, genericFailureMessage } from '#api/call-failure'
import type { CallResult } from '#api/client'
import { errorNotice, type Notice } from '#api/notice'
import { appCall, appEffects } from './app-provided'
import { logoutMachine } from './logout.machine'
import { endsSession } from './session-ended'

/**
 * The account notice (spec section 4: "ismsg flag set: keep the jwt as sbaUid and go to
 * info/notice"), at account/info/notice. It reads the notice with `getsinfo` (which sends
 * sbaUid) and shows its head and body with Logout.
 *
 * - An unauthorized answer (no sbaUid, or an expired or revoked one) goes to login.
 * - No notice any more: nothing to show, so login too.
 * - Like the dashboard's blocking notice (spec section 9: "Notice screen clears the token after
 *   5 s"), sbaUid is removed 5 s after the notice shows; the notice stays on screen.
 * - Logout: the shared logout sub-flow (logout.machine.ts) revokes sbaUid (best effort, at most
 *   3 s), then every stored key is cleared and login opens.
 *
 * Storage and navigation are the shared effects `forgetNoticeToken`, `clearStorage` and
 * `goToLogin` (app-provided.ts), provided by the screen.
 */

/** The notice the bank set on the account (not a flow's `Notice` of what just happened). */
export interface AccountNotice {
  head: string
  body: string
}

export type NoticeResult = CallResult<'accountNotice'>

export interface NoticeContext {
  answer: NoticeResult | null
  notice: AccountNotice | null
  /** Why the notice could not be read, with Retry. */
  failure: Notice | null
}

export type NoticeEvent = { type: 'LOGOUT' } | { type: 'RETRY' }

export const noticeMachine = setup({
  types: {
    context: {} as NoticeContext,
    events: {} as NoticeEvent,
  },
  actors: {
    /** With sbaUid. */
    accountNotice: appCall<'accountNotice', NonReducibleUnknown>('accountNotice'),
    signOut: logoutMachine,
  },
  delays: {
    /** Spec section 9: the notice screen clears the token after 5 s. */
    tokenClearDelay: 5000,
  },
  guards: {
    isUnauthorized: ({ context }) => endsSession(context.answer),
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
        context.answer?.ok === false
          ? failureNotice(context.answer)
          : errorNotice(genericFailureMessage),
    })),
    showUnexpectedFailure: assign({ failure: errorNotice(genericFailureMessage) }),
    clearFailure: assign({ failure: null }),
    ...appEffects,
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
      meta: { description: 'accountNotice reads the notice with sbaUid; a placeholder shows.' },
      invoke: {
        id: 'accountNotice',
        src: 'accountNotice',
        onDone: {
          target: 'answered',
          actions: { type: 'keepAnswer', params: ({ event }) => event.output },
        },
        onError: { target: 'failed', actions: 'showUnexpectedFailure' },
      },
    },
    answered: {
      id: 'noticeAnswered',
      meta: { description: 'Decides on the answer of accountNotice at once.' },
      always: [
        { guard: 'isUnauthorized', target: 'leftForLogin' },
        { guard: 'isCallFailure', target: 'failed', actions: 'showFailure' },
        { guard: 'hasNotice', target: 'showing', actions: 'keepNotice' },
        { target: 'leftForLogin' },
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
      meta: { description: 'The logout sub-flow revokes sbaUid (best effort); Logout is busy.' },
      invoke: { id: 'signOut', src: 'signOut', input: { token: 'notice' }, onDone: 'leftForLogin' },
    },
    leftForLogin: {
      id: 'noticeLeftForLogin',
      type: 'final',
      meta: { description: 'Every stored key is cleared; left for login.' },
      entry: ['clearStorage', 'goToLogin'],
    },
  },
})
