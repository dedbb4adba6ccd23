import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { logoutStoredToken } from '#api/session-client'
import { kycReviewMachine } from '#machines/kyc-review.machine'
import { useAppEffects } from '../../../../-components/app-effects'
import { UnderReviewView } from './under-review-view'

/** account/kyc/under-review: Okay logs out (revokes tempbaUid if kept, clears storage). */
export function UnderReviewScreen() {
  const effects = useAppEffects()
  const actor = useActorRef(
    kycReviewMachine.provide({
      actors: { logout: fromPromise(() => logoutStoredToken('tempbaUid')) },
      actions: effects,
    }),
  )
  return <UnderReviewView actor={actor} />
}
