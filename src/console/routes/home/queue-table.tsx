import type { StaffCallResponse } from '#api/contract/staff'
import { ConsoleLink } from '../../navigation'
import { queueLinks, waitedFor } from '../../queues/queue-links'
import { DataTable } from '../../ui/data-table'
import { When } from '../../ui/when'

type Queue = StaffCallResponse<'queues'>['queues'][number]

/** The queues the person works or reads: how many wait, and since when the oldest. */
export function QueueTable({ queues }: { queues: Queue[] }) {
  return (
    <DataTable
      caption="Queues"
      rows={queues}
      emptyText="Your roles work no queue."
      columns={[
        {
          id: 'queue',
          header: 'Queue',
          accessorFn: (row) => queueLinks[row.queue].label,
          cell: ({ row }) => {
            const link = queueLinks[row.original.queue]
            return (
              <ConsoleLink to={link.to as '/'} search={link.search as never}>
                {link.label}
              </ConsoleLink>
            )
          },
        },
        { id: 'count', header: 'Waiting', accessorFn: (row) => row.count },
        {
          id: 'oldest',
          header: 'Oldest came in',
          accessorFn: (row) => row.oldest_at ?? '',
          cell: ({ row }) => (row.original.oldest_at ? <When at={row.original.oldest_at} /> : '—'),
        },
        {
          id: 'waited',
          header: 'Waited',
          enableSorting: false,
          cell: ({ row }) => waitedFor(row.original.oldest_at),
        },
      ]}
    />
  )
}
