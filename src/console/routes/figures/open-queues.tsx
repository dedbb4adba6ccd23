import { queueLinks, waitedFor } from '../../queues/queue-links'
import { DataTable } from '../../ui/data-table'
import type { Figures } from './figure-words'

/**
 * The bank's open work as of the figures' time: the home's queues (server/domain/queues.ts),
 * named but not linked, since not every reader of the figures works them.
 */
export function OpenQueues({ queues, asOf }: { queues: Figures['queues']; asOf: string }) {
  const now = Date.parse(asOf)
  return (
    <DataTable
      caption="Open queues"
      rows={queues}
      emptyText="No queue."
      columns={[
        { id: 'queue', header: 'Queue', accessorFn: (row) => queueLinks[row.queue].label },
        { id: 'count', header: 'Waiting', accessorFn: (row) => row.count },
        {
          id: 'waited',
          header: 'Oldest waited',
          accessorFn: (row) => row.oldest_at ?? '',
          cell: ({ row }) => waitedFor(row.original.oldest_at, now),
        },
      ]}
    />
  )
}
