import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { call } from '#api/session-client'
import { kycMachine } from '#machines/kyc.machine'
import { useAppEffects } from '../../../../-components/app-effects'
import { KycFormView } from './kyc-form-view'

/** account/kyc/form: the KYC machine with the app's calls and the shared effects. */
export function KycFormScreen() {
  const effects = useAppEffects()
  const actor = useActorRef(
    kycMachine.provide({
      actors: {
        kycDocumentTypes: fromPromise(() => call('kycDocumentTypes', {})),
        submitKyc: fromPromise(({ input }) => call('submitKyc', input)),
      },
      actions: effects,
    }),
  )
  return <KycFormView actor={actor} />
}
