import { t } from '@lingui/core/macro'
import { useLoaderData, useRouter } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { call } from '#api/session-client'
import { scheduledTransfersMachine } from '#machines/scheduled-transfers.machine'
import { useAppEffects } from '../../../-components/app-effects'
import { SectionPage } from '../../-shared/section-page'
import { ScheduledView } from './scheduled-view'

/** The list's machine with the app's calls and effects; a change reads the list again. */
function useScheduledActor() {
  const router = useRouter()
  const effects = useAppEffects()
  return useActorRef(
    scheduledTransfersMachine.provide({
      actors: {
        skipScheduledRun: fromPromise(({ input }) => call('skipScheduledRun', input)),
        cancelScheduledSeries: fromPromise(({ input }) => call('cancelScheduledSeries', input)),
      },
      actions: { ...effects, refreshList: () => void router.invalidate() },
    }),
  )
}

/** dashboard/scheduled: the series the loader read, with Skip and Cancel series. */
export function ScheduledScreen() {
  const data = useLoaderData({ from: '/dashboard/scheduled' })
  const actor = useScheduledActor()
  return (
    <SectionPage
      title={t`Scheduled transfers`}
      lead={t`Transfers set up for a later day, and repeating ones: each is made on its day (UTC).`}
      failure={data.status === 'failed' ? data.message : null}
    >
      {data.status === 'ready' ? <ScheduledView series={data.data.series} actor={actor} /> : null}
    </SectionPage>
  )
}
