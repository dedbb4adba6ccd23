import { useNavigate } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { clientStorage } from '#api/client-storage'
import { call } from '#api/session-client'
import { kycMachine } from '#machines/kyc.machine'
import { loginPath } from '../../../../-components/route-guard'
import { KycFormView } from './kyc-form-view'

/** account/kyc/form: the KYC machine with the app's calls, storage and navigation. */
export function KycFormScreen() {
  const navigate = useNavigate()
  const actor = useActorRef(
    kycMachine.provide({
      actors: {
        getdocs: fromPromise(() => call('getdocs', {})),
        submit_verification: fromPromise(({ input }) => call('submit_verification', input)),
      },
      actions: {
        forgetKycToken: () => clientStorage.remove('tempbaUid'),
        goToUnderReview: () => {
          void navigate({ to: '/account/kyc/under-review' })
        },
        goToLogin: () => {
          void navigate({ to: loginPath, replace: true })
        },
      },
    }),
  )
  return <KycFormView actor={actor} />
}
