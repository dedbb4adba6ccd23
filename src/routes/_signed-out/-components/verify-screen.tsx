import { t } from '@lingui/core/macro'
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { call } from '#api/session-client'
import { verifyMachine } from '#machines/verify.machine'
import { useAppEffects } from '../../-components/app-effects'
import { SignedOutLayout } from './signed-out-layout'
import { VerifyView } from './verify-view'

/**
 * E-mail verification, at `/account/verify/$email` and `/account/verify?email=`: the verify
 * machine with the app's calls and the shared effects.
 */
export function VerifyScreen({ email }: { email: string | undefined }) {
  const effects = useAppEffects()
  const actor = useActorRef(
    verifyMachine.provide({
      actors: {
        verifyEmail: fromPromise(({ input }) => call('verifyEmail', input)),
        resendVerificationCode: fromPromise(({ input }) => call('resendVerificationCode', input)),
      },
      actions: effects,
    }),
    { input: { email } },
  )
  return (
    <SignedOutLayout title={t`Verify your e-mail`}>
      <VerifyView actor={actor} />
    </SignedOutLayout>
  )
}
