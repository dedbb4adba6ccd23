import { useActorRef } from '@xstate/react'
import { kycReviewMachine } from '#machines/kyc-review.machine'
import { useAppEffects } from '../../../../-components/app-effects'
import { appLogout } from '../../../../-components/app-logout'
import { UnderReviewView } from './under-review-view'

/** account/kyc/under-review: Okay logs out (revokes tempbaUid if kept, clears storage). */
export function UnderReviewScreen() {
  const effects = useAppEffects()
  const actor = useActorRef(
    kycReviewMachine.provide({
      actors: { signOut: appLogout },
      actions: effects,
    }),
  )
  return <UnderReviewView actor={actor} />
}
