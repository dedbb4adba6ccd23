import { t } from '@lingui/core/macro'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { call } from '#api/session-client'
import { statementsMachine } from '#machines/statements.machine'
import { useAppEffects } from '../../../-components/app-effects'
import { SectionPage } from '../../-shared/section-page'
import { useFileDownloadActor } from '../../-shared/use-file-download'
import { filterOf, searchOf, statementSearch } from './statement-search'
import { StatementsView } from './statements-view'

/** The statement's pages with the app's call, and the downloads saved by the browser. */
function useStatementsActors() {
  const effects = useAppEffects()
  const navigate = useNavigate()
  const search = useSearch({ from: '/dashboard/statements' })
  const actor = useActorRef(
    statementsMachine.provide({
      actors: { statementPage: fromPromise(({ input }) => call('statementPage', input)) },
      actions: {
        ...effects,
        showFilter: (_, filter) =>
          void navigate({ to: '/dashboard/statements', search: searchOf(filter), replace: true }),
      },
    }),
    { input: { filter: filterOf(statementSearch(search)) } },
  )
  const downloads = useFileDownloadActor()
  return { actor, downloads }
}

/** dashboard/statements: every transaction, filtered, a page at a time; CSV and PDF. */
export function StatementsScreen() {
  const { actor, downloads } = useStatementsActors()
  return (
    <SectionPage
      title={t`Statements & Report`}
      lead={t`Every transaction of your account, newest first. Dates are days in UTC.`}
    >
      <StatementsView actor={actor} downloads={downloads} />
    </SectionPage>
  )
}
