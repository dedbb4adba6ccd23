import { useRouter } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import type { StaffCallResponse } from '#api/contract/staff'
import { useDocumentTitle } from '#ui/use-document-title'
import { ChangeDialog } from '../../changes/change-dialog'
import { useStaffChange } from '../../changes/use-staff-change'
import type { ConsoleRouter } from '../../router'
import { DataTable } from '../../ui/data-table'
import { proposedColumn } from '../../ui/proposed-column'
import { signedInRoute } from '../signed-in'
import { audienceWords } from './audience'
import { BroadcastForm } from './broadcast-form'
import { BroadcastStatus } from './broadcast-status'
import * as styles from './broadcasts.css'
import { broadcastsRoute } from './route'

type Broadcast = StaffCallResponse<'broadcastpage'>['broadcasts'][number]

/** Broadcasts: support proposes one (four eyes); everyone here, the auditor too, sees the last. */
export function BroadcastsScreen() {
  const page = broadcastsRoute.useLoaderData<ConsoleRouter>()
  const { me } = signedInRoute.useRouteContext<ConsoleRouter>()
  const router = useRouter()
  // A new, empty form once a broadcast is proposed.
  const [proposed, setProposed] = useState(0)
  const actor = useStaffChange(() => {
    setProposed((count) => count + 1)
    void router.invalidate()
  })
  useDocumentTitle('Broadcasts')
  // While the job writes a broadcast's notifications, its progress is read again every 2 s.
  const sending = page.broadcasts.some((row) => row.status === 'sending')
  useEffect(() => {
    if (!sending) return
    const timer = setInterval(() => void router.invalidate(), 2_000)
    return () => clearInterval(timer)
  }, [sending, router])
  return (
    <>
      <h1>Broadcasts</h1>
      <p>
        A notification to every customer, or to the customers of one plan. One person proposes it;
        it is sent only when a second person with the support role approves it, in the background:
        its progress shows here.
      </p>
      {me.roles.includes('support') && (
        <BroadcastForm key={proposed} actor={actor} audiences={page.audiences} />
      )}
      <div className={styles.section}>
        <DataTable
          caption="The last 20 broadcasts"
          rows={page.broadcasts}
          emptyText="No broadcast yet."
          columns={[
            proposedColumn<Broadcast>(),
            { id: 'audience', header: 'To', accessorFn: (row) => audienceWords(row.plan) },
            { id: 'title', header: 'Title', accessorFn: (row) => row.title },
            { id: 'body', header: 'Text', accessorFn: (row) => row.body },
            {
              id: 'status',
              header: 'Status',
              accessorFn: (row) => row.status,
              cell: ({ row }) => <BroadcastStatus broadcast={row.original} />,
            },
          ]}
        />
      </div>
      <ChangeDialog actor={actor} />
    </>
  )
}
