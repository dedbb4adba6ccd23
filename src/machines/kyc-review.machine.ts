import { type NonReducibleUnknown, setup } from 'xstate'
import type { CallResult } from '#api/client'
import { appCall, appEffects, logoutWaitLimit } from './app-provided'

/**
 * KYC under review, at account/kyc/under-review (spec section 4: "Under-review asks the user to
 * wait and says an e-mail will follow; Okay logs out"). The customer arrives after submitting
 * the form, or from login with 'Pending Verification'.
 *
 * Okay logs out: the `logout` call (best effort: its answer, a failure or 3 s without an answer
 * all lead on), then every stored key is cleared (`clearStorage`) and login opens
 * (`goToLogin`); both are the shared effects (app-provided.ts), provided by the screen.
 */

export type LogoutResult = CallResult<'logout'>

export type KycReviewEvent = { type: 'OKAY' }

export const kycReviewMachine = setup({
  types: {
    events: {} as KycReviewEvent,
  },
  actors: { logout: appCall<'logout', NonReducibleUnknown>('logout') },
  delays: { logoutWaitLimit },
  actions: { ...appEffects },
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
        onDone: 'leftForLogin',
        onError: 'leftForLogin',
      },
      after: { logoutWaitLimit: 'leftForLogin' },
    },
    leftForLogin: {
      id: 'kycReviewLeftForLogin',
      type: 'final',
      meta: { description: 'Every stored key is cleared; left for login.' },
      entry: ['clearStorage', 'goToLogin'],
    },
  },
})
