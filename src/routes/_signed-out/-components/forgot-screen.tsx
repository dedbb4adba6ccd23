import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { call } from '#api/session-client'
import { forgotMachine } from '#machines/forgot.machine'
import { useAppEffects } from '../../-components/app-effects'
import { ForgotView } from './forgot-view'
import { SignedOutLayout } from './signed-out-layout'

/** Forgot passcode, at /account/forgot: the forgot machine with the app's call and effects. */
export function ForgotScreen() {
  const effects = useAppEffects()
  const actor = useActorRef(
    forgotMachine.provide({
      actors: { resetPasscode: fromPromise(({ input }) => call('resetPasscode', input)) },
      actions: effects,
    }),
    { input: {} },
  )
  return (
    <SignedOutLayout title="Forgot your passcode?">
      <ForgotView actor={actor} />
    </SignedOutLayout>
  )
}
