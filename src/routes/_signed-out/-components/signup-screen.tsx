import { t } from '@lingui/core/macro'
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { call } from '#api/session-client'
import { signupMachine } from '#machines/signup.machine'
import { useAppEffects } from '../../-components/app-effects'
import { SignedOutLayout } from './signed-out-layout'
import { SignupView } from './signup-view'

/** Opening an account, at /account/signup: the signup machine with the app's call and effects. */
export function SignupScreen() {
  const effects = useAppEffects()
  const actor = useActorRef(
    signupMachine.provide({
      actors: { signUp: fromPromise(({ input }) => call('signUp', input)) },
      actions: effects,
    }),
    { input: {} },
  )
  return (
    <SignedOutLayout title={t`Open an account`}>
      <SignupView actor={actor} />
    </SignedOutLayout>
  )
}
