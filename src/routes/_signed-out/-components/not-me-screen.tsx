import { useNavigate } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { call } from '#api/session-client'
import { notMeMachine } from '#machines/not-me.machine'
import { useAppEffects } from '../../-components/app-effects'
import { NotMeView } from './not-me-view'

/** "This wasn't me" with the link's token: the not-me machine with the app's call and effects. */
export function NotMeScreen({ report }: { report: string }) {
  const effects = useAppEffects()
  const navigate = useNavigate()
  const actor = useActorRef(
    notMeMachine.provide({
      actors: { reportNotMe: fromPromise(({ input }) => call('reportNotMe', input)) },
      actions: {
        ...effects,
        goToPasscodeReset: (_, { email }) =>
          void navigate({ to: '/account/reset', search: { email }, replace: true }),
      },
    }),
    { input: { report } },
  )
  return <NotMeView actor={actor} />
}
