import { useNavigate } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { clientStorage } from '#api/client-storage'
import { call, logoutStoredToken } from '#api/session-client'
import { noticeMachine } from '#machines/notice.machine'
import { loginPath } from '../../../../-components/route-guard'
import { NoticeView } from './notice-view'

/** account/info/notice: the notice machine with the app's calls, storage and navigation. */
export function NoticeScreen() {
  const navigate = useNavigate()
  const actor = useActorRef(
    noticeMachine.provide({
      actors: {
        getsinfo: fromPromise(() => call('getsinfo', {})),
        logout: fromPromise(() => logoutStoredToken('sbaUid')),
      },
      actions: {
        forgetNoticeToken: () => clientStorage.remove('sbaUid'),
        clearStorage: () => clientStorage.clearAll(),
        goToLogin: () => {
          void navigate({ to: loginPath, replace: true })
        },
      },
    }),
  )
  return <NoticeView actor={actor} />
}
