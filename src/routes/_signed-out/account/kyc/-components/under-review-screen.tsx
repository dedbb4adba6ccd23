import { useNavigate } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { clientStorage } from '#api/client-storage'
import { logoutStoredToken } from '#api/session-client'
import { kycReviewMachine } from '#machines/kyc-review.machine'
import { loginPath } from '../../../../-components/route-guard'
import { UnderReviewView } from './under-review-view'

/** account/kyc/under-review: Okay logs out (revokes tempbaUid if kept, clears storage). */
export function UnderReviewScreen() {
  const navigate = useNavigate()
  const actor = useActorRef(
    kycReviewMachine.provide({
      actors: { logout: fromPromise(() => logoutStoredToken('tempbaUid')) },
      actions: {
        clearStorage: () => clientStorage.clearAll(),
        goToLogin: () => {
          void navigate({ to: loginPath, replace: true })
        },
      },
    }),
  )
  return <UnderReviewView actor={actor} />
}
