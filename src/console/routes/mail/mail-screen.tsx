import { useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import { failureMessage } from '#api/call-failure'
import { Button } from '#ui/button'
import { toast } from '#ui/toast-store'
import { useDocumentTitle } from '#ui/use-document-title'
import { staffCall } from '../../api/staff-call'
import { useConsoleNavigate } from '../../navigation'
import type { ConsoleRouter } from '../../router'
import { DataTable } from '../../ui/data-table'
import { Pager } from '../../ui/pager'
import { StatusFilter } from '../../ui/status-filter'
import { statusText } from '../../ui/status-text'
import { When } from '../../ui/when'
import { signedInRoute } from '../signed-in'
import { mailRoute } from './route'

const statusChoices = [
  { value: '', text: 'Every e-mail' },
  { value: 'pending', text: 'Queued' },
  { value: 'sent', text: 'Sent' },
  { value: 'failed', text: 'Failed' },
] as const

/** The outbox: to whom, what, how it went; a failed e-mail is queued again with Retry. */
export function MailScreen() {
  const list = mailRoute.useLoaderData<ConsoleRouter>()
  const search = mailRoute.useSearch<ConsoleRouter>()
  const { me } = signedInRoute.useRouteContext<ConsoleRouter>()
  const navigate = useConsoleNavigate()
  const router = useRouter()
  const [retrying, setRetrying] = useState<number | null>(null)
  const canRetry = me.roles.includes('support')
  useDocumentTitle('Mail')

  async function retry(id: number) {
    setRetrying(id)
    const answer = await staffCall('mailretry', { id: String(id) })
    setRetrying(null)
    if (answer.ok && answer.data.status) toast({ type: 'success', message: answer.data.message })
    else
      toast({
        type: 'error',
        message: answer.ok ? answer.data.message : failureMessage(answer),
      })
    await router.invalidate()
  }

  return (
    <>
      <h1>Mail</h1>
      <StatusFilter
        label="Show"
        value={search.status}
        choices={statusChoices}
        onChange={(status) => navigate({ to: '/mail', search: { status } })}
      />
      <DataTable
        caption="Outbox"
        rows={list.mail}
        emptyText="No e-mail here."
        columns={[
          { id: 'recipient', header: 'To', accessorFn: (row) => row.recipient },
          { id: 'subject', header: 'Subject', accessorFn: (row) => row.subject },
          {
            id: 'created',
            header: 'Queued',
            accessorFn: (row) => row.created_at,
            cell: ({ row }) => <When at={row.original.created_at} />,
          },
          { id: 'status', header: 'Status', accessorFn: (row) => statusText(row.status) },
          { id: 'attempts', header: 'Attempts', accessorFn: (row) => row.attempts },
          { id: 'error', header: 'Last error', accessorFn: (row) => row.last_error ?? '—' },
          {
            id: 'retry',
            header: 'Retry',
            enableSorting: false,
            cell: ({ row }) =>
              row.original.status === 'failed' && canRetry ? (
                <Button
                  variant="secondary"
                  busy={retrying === row.original.id}
                  aria-label={`Retry the e-mail to ${row.original.recipient}: ${row.original.subject}`}
                  onClick={() => void retry(row.original.id)}
                >
                  Retry
                </Button>
              ) : null,
          },
        ]}
      />
      <Pager
        facts={list}
        onPage={(page) => navigate({ to: '/mail', search: { ...search, page } })}
      />
    </>
  )
}
