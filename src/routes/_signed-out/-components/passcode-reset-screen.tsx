import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { call } from '#api/session-client'
import { resetPasscodeMachine } from '#machines/reset-passcode.machine'
import { useAppEffects } from '../../-components/app-effects'
import { PasscodeResetView } from './passcode-reset-view'
import { SignedOutLayout } from './signed-out-layout'

export interface PasscodeResetScreenProps {
  email?: string | undefined
  /** The code from the link; the screen then asks only for the new passcode. */
  code?: string | undefined
}

/** Reset passcode, at `/account/reset` (`?email=` prefills) and `/account/reset/r/$email/$token`. */
export function PasscodeResetScreen({ email, code }: PasscodeResetScreenProps) {
  const effects = useAppEffects()
  const actor = useActorRef(
    resetPasscodeMachine.provide({
      actors: {
        userforgot: fromPromise(({ input }) => call('userforgot', input)),
        resendforgotcode: fromPromise(({ input }) => call('resendforgotcode', input)),
      },
      actions: effects,
    }),
    { input: { email, code } },
  )
  return (
    <SignedOutLayout title="Reset your passcode">
      <PasscodeResetView actor={actor} />
    </SignedOutLayout>
  )
}
