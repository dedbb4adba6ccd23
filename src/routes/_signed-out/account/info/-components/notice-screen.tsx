import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { call } from '#api/session-client'
import { noticeMachine } from '#machines/notice.machine'
import { useAppEffects } from '../../../../-components/app-effects'
import { appLogout } from '../../../../-components/app-logout'
import { NoticeView } from './notice-view'

/** account/info/notice: the notice machine with the app's calls and the shared effects. */
export function NoticeScreen() {
  const effects = useAppEffects()
  const actor = useActorRef(
    noticeMachine.provide({
      actors: {
        accountNotice: fromPromise(() => call('accountNotice', {})),
        signOut: appLogout,
      },
      actions: effects,
    }),
  )
  return <NoticeView actor={actor} />
}
