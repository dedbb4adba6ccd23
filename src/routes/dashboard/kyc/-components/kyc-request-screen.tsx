import { t } from '@lingui/core/macro'
import { useLoaderData } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { call } from '#api/session-client'
import { kycRequestMachine } from '#machines/kyc-request.machine'
import { useAppEffects } from '../../../-components/app-effects'
import { SectionPage } from '../../-shared/section-page'
import { KycRequestView } from './kyc-request-view'

/** dashboard/kyc: the KYC request machine with the app's call; the address from getcontact. */
export function KycRequestScreen() {
  const state = useLoaderData({ from: '/dashboard/kyc' })
  const effects = useAppEffects()
  const actor = useActorRef(
    kycRequestMachine.provide({
      actors: { requestKycDocument: fromPromise(({ input }) => call('requestKycDocument', input)) },
      actions: effects,
    }),
  )
  return (
    <SectionPage
      title={t`Identity verification`}
      lead={t`Send us your driver's license and we will check it. Questions about your verification go to the address below.`}
      failure={state.status === 'failed' ? state.message : null}
    >
      {state.status === 'ready' ? (
        <KycRequestView actor={actor} address={state.data.contacts.email} />
      ) : null}
    </SectionPage>
  )
}
