import { t } from '@lingui/core/macro'
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { call } from '#api/session-client'
import { insightsMachine } from '#machines/insights.machine'
import { useAppEffects } from '../../../-components/app-effects'
import { SectionPage } from '../../-shared/section-page'
import { InsightsView } from './insights-view'

/** dashboard/insights: the figures with the app's call. */
export function InsightsScreen() {
  const effects = useAppEffects()
  const actor = useActorRef(
    insightsMachine.provide({
      actors: { insights: fromPromise(({ input }) => call('insights', input)) },
      actions: effects,
    }),
  )
  return (
    <SectionPage
      title={t`Insights`}
      lead={t`Money in and out of your account over the last 12 months. Months are in UTC; only payments that went through count.`}
    >
      <InsightsView actor={actor} />
    </SectionPage>
  )
}
