import { t } from '@lingui/core/macro'
import { useLoaderData, useNavigate, useRouter } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { call } from '#api/session-client'
import { payeeEditorMachine } from '#machines/payee-editor.machine'
import { useAppEffects } from '../../../-components/app-effects'
import { SectionPage } from '../../-shared/section-page'
import { PayeesView } from './payees-view'

/** The payee editor with the app's calls and effects; a change reads the book again. */
function usePayeeEditorActor() {
  const router = useRouter()
  const effects = useAppEffects()
  return useActorRef(
    payeeEditorMachine.provide({
      actors: {
        addPayee: fromPromise(({ input }) => call('addPayee', input)),
        editPayee: fromPromise(({ input }) => call('editPayee', input)),
        removePayee: fromPromise(({ input }) => call('removePayee', input)),
      },
      actions: { ...effects, refreshBook: () => void router.invalidate() },
    }),
  )
}

/** dashboard/payees: the book the loader read for the search in the address, and its editor. */
export function PayeesScreen() {
  const { search, book } = useLoaderData({ from: '/dashboard/payees' })
  const navigate = useNavigate()
  const editor = usePayeeEditorActor()
  return (
    <SectionPage
      title={t`Payees`}
      lead={t`The people and businesses you send money to: pick one on Bank Transfer.`}
      failure={book.status === 'failed' ? book.message : null}
    >
      {book.status === 'ready' ? (
        <PayeesView
          payees={book.data.payees}
          limit={book.data.limit}
          search={search}
          editor={editor}
          onSearch={(q) =>
            void navigate({ to: '/dashboard/payees', search: q === '' ? {} : { q }, replace: true })
          }
        />
      ) : null}
    </SectionPage>
  )
}
