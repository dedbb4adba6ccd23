import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { call } from '#api/session-client'
import { loginMachine } from '#machines/login.machine'
import { useAppEffects } from '../../-components/app-effects'
import { LoginView } from './login-view'
import { SignedOutLayout } from './signed-out-layout'

/** The login machine with the app's calls and the shared navigation and storage effects. */
function useLoginActor() {
  const effects = useAppEffects()
  return useActorRef(
    loginMachine.provide({
      actors: {
        iduser: fromPromise(({ input }) => call('iduser', input)),
        userlogin: fromPromise(({ input }) => call('userlogin', input)),
      },
      actions: effects,
    }),
  )
}

/** Login, shown at /, /account and /account/login. */
export function LoginScreen() {
  const actor = useLoginActor()
  return (
    <SignedOutLayout title="Sign in">
      <LoginView actor={actor} />
    </SignedOutLayout>
  )
}
