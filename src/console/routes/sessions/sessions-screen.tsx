import { useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import type { StaffCallResponse } from '#api/contract/staff'
import { Button } from '#ui/button'
import { useDocumentTitle } from '#ui/use-document-title'
import { ChangeDialog } from '../../changes/change-dialog'
import { useStaffChange } from '../../changes/use-staff-change'
import type { ConsoleRouter } from '../../router'
import { type ConsoleColumn, DataTable } from '../../ui/data-table'
import { When } from '../../ui/when'
import { browserName } from './browser-name'
import { sessionsRoute } from './route'
import * as styles from './sessions.css'

type Session = StaffCallResponse<'mysessions'>['sessions'][number]

const columns: ConsoleColumn<Session>[] = [
  {
    id: 'browser',
    header: 'Browser',
    accessorFn: (row) => browserName(row.user_agent),
    cell: ({ row }) => (
      <>
        {browserName(row.original.user_agent)}
        {row.original.current ? <span className={styles.current}>This session</span> : null}
      </>
    ),
  },
  {
    id: 'address',
    header: 'Address',
    accessorFn: (row) => row.client_address ?? '',
    cell: ({ row }) => row.original.client_address ?? 'Unknown',
  },
  {
    id: 'started',
    header: 'Signed in',
    accessorFn: (row) => row.created_at,
    cell: ({ row }) => <When at={row.original.created_at} />,
  },
  {
    id: 'seen',
    header: 'Last active',
    accessorFn: (row) => row.last_seen_at,
    cell: ({ row }) => <When at={row.original.last_seen_at} />,
  },
  {
    id: 'ends',
    header: 'Ends at the latest',
    accessorFn: (row) => row.expires_at,
    cell: ({ row }) => <When at={row.original.expires_at} />,
  },
]

/** One's own signed-in sessions; "Sign out my other sessions" ends all but this one. */
export function SessionsScreen() {
  const { sessions } = sessionsRoute.useLoaderData<ConsoleRouter>()
  const router = useRouter()
  const [othersEnded, setOthersEnded] = useState(false)
  const actor = useStaffChange(() => {
    setOthersEnded(true)
    void router.invalidate()
  })
  useDocumentTitle('My sessions')
  const rows = othersEnded ? sessions.filter((session) => session.current) : sessions
  const others = rows.filter((session) => !session.current).length

  return (
    <>
      <div className={styles.header}>
        <h1 className={styles.title}>My sessions</h1>
        <Button
          variant="secondary"
          disabled={others === 0}
          onClick={() =>
            actor.send({
              type: 'REQUEST',
              change: {
                call: 'signoutothers',
                fields: {},
                title: 'Sign out your other sessions?',
                consequence: `Every other browser signed in as you (${others}) must sign in again. This one stays signed in.`,
                confirmLabel: 'Sign out the others',
              },
            })
          }
        >
          Sign out my other sessions
        </Button>
      </div>
      <DataTable
        caption="Your signed-in sessions"
        columns={columns}
        rows={rows}
        emptyText="No session."
      />
      <ChangeDialog actor={actor} />
    </>
  )
}
