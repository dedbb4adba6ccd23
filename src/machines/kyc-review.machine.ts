import { fromPromise, setup } from 'xstate'
import type { CallResult } from '#api/client'

/**
 * KYC under review, at account/kyc/under-review (spec section 4: "Under-review asks the user to
 * wait and says an e-mail will follow; Okay logs out"). The customer arrives after submitting
 * the form, or from login with 'Pending Verification'.
 *
 * Okay logs out: the `logout` call (best effort: its answer, a failure or 3 s without an answer
 * all lead on), then every stored key is cleared (`clearStorage`) and login opens
 * (`goToLogin`); both actions are provided by the route.
 */

export type LogoutResult = CallResult<'logout'>

export type KycReviewEvent = { type: 'OKAY' }

export const kycReviewMachine = setup({
  types: {
    events: {} as KycReviewEvent,
  },
  actors: {
    /** The `logout` API call; the app provides the real call. */
    logout: fromPromise<LogoutResult>(async () => {
      throw new Error('logout is provided by the app')
    }),
  },
  delays: {
    /** Logout is best effort: login opens after at most this long without an answer. */
    logoutWaitLimit: 3000,
  },
  actions: {
    // Provided by the route: client storage and navigation.
    clearStorage: () => {},
    goToLogin: () => {},
  },
}).createMachine({
  id: 'kycReview',
  description: 'KYC under review: wait for the e-mail; Okay logs out.',
  initial: 'waiting',
  states: {
    waiting: {
      id: 'kycReviewWaiting',
      meta: {
        description: 'Asks the customer to wait and says an e-mail will follow, with Okay.',
      },
      on: { OKAY: 'signingOut' },
    },
    signingOut: {
      id: 'kycReviewSigningOut',
      tags: ['busy'],
      meta: { description: 'Logout is sent (best effort); Okay is busy.' },
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: 'signedOut',
        onError: 'signedOut',
      },
      after: { logoutWaitLimit: 'signedOut' },
    },
    signedOut: {
      id: 'kycReviewSignedOut',
      type: 'final',
      meta: { description: 'Every stored key is cleared; left for login.' },
      entry: ['clearStorage', 'goToLogin'],
    },
  },
})
