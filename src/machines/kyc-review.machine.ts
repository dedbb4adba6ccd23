import { setup } from 'xstate'
import { appEffects } from './app-provided'
import { logoutMachine } from './logout.machine'

/**
 * KYC under review, at account/kyc/under-review (spec section 4: "Under-review asks the user to
 * wait and says an e-mail will follow; Okay logs out"). The customer arrives after submitting
 * the form, or from login with 'Pending Verification'.
 *
 * Okay logs out: the shared logout sub-flow (logout.machine.ts) revokes tempbaUid (best effort,
 * at most 3 s), then every stored key is cleared (`clearStorage`) and login opens
 * (`goToLogin`); both are the shared effects (app-provided.ts), provided by the screen.
 */

export type KycReviewEvent = { type: 'OKAY' }

export const kycReviewMachine = setup({
  types: {
    events: {} as KycReviewEvent,
  },
  actors: { signOut: logoutMachine },
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
      meta: { description: 'The logout sub-flow revokes tempbaUid (best effort); Okay is busy.' },
      invoke: { id: 'signOut', src: 'signOut', input: { token: 'kyc' }, onDone: 'leftForLogin' },
    },
    leftForLogin: {
      id: 'kycReviewLeftForLogin',
      type: 'final',
      meta: { description: 'Every stored key is cleared; left for login.' },
      entry: ['clearStorage', 'goToLogin'],
    },
  },
})
