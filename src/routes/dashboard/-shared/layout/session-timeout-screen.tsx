import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { call } from '#api/session-client'
import { sessionTimeoutMachine } from '#machines/session-timeout.machine'
import { useAppEffects } from '../../../-components/app-effects'
import { appLogout } from '../../../-components/app-logout'
import { SessionTimeoutView } from './session-timeout-view'

/** The idle-timeout statechart of the signed-in area, with the app's calls and effects. */
export function SessionTimeoutScreen() {
  const effects = useAppEffects()
  const actor = useActorRef(
    sessionTimeoutMachine.provide({
      actors: {
        sessionStatus: fromPromise(() => call('sessionStatus', {})),
        keepAlive: fromPromise(() => call('keepAlive', {})),
        signOut: appLogout,
      },
      actions: effects,
    }),
  )
  return <SessionTimeoutView actor={actor} />
}
