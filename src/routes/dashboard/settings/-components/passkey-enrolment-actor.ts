import { useRouter } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { type ActorRefFrom, fromPromise } from 'xstate'
import { call } from '#api/session-client'
import { passkeyEnrolmentMachine } from '#machines/passkey-enrolment.machine'
import { useAppEffects } from '../../../-components/app-effects'

export type PasskeyEnrolmentActor = ActorRefFrom<typeof passkeyEnrolmentMachine>

/**
 * Adding a passkey (decision 081) with the app's calls and the browser's passkey, loaded when
 * the browser is asked; an added passkey reads Settings' data again.
 */
export function usePasskeyEnrolmentActor(): PasskeyEnrolmentActor {
  const router = useRouter()
  const effects = useAppEffects()
  return useActorRef(
    passkeyEnrolmentMachine.provide({
      actors: {
        // Secure Payment Confirmation, where the browser offers it (decision 082).
        paymentPasskeysOffered: fromPromise(async () =>
          (
            await import('../../../-components/payment-confirmation-browser')
          ).paymentPasskeysOffered(),
        ),
        passkeyRegistrationOptions: fromPromise(({ input }) =>
          call('passkeyRegistrationOptions', input),
        ),
        passkeyCreation: fromPromise(async ({ input }) =>
          (await import('../../../-components/passkey-browser')).passkeyCreation(input.options),
        ),
        addPasskey: fromPromise(({ input }) => call('addPasskey', input)),
      },
      actions: { ...effects, refreshPasskeys: () => void router.invalidate() },
    }),
  )
}
