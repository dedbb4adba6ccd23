import type { ConsoleColumn } from './data-table'
import { When } from './when'

/** What a list of proposals knows of each: when it was proposed, and by whom (none: the terminal). */
interface Proposal {
  created_at: string
  proposed_by: string | null
}

/** The column "Proposed": the time, and "by" the person who proposed it. */
export function proposedColumn<Row extends Proposal>(): ConsoleColumn<Row> {
  return {
    id: 'proposed',
    header: 'Proposed',
    accessorFn: (row) => row.created_at,
    cell: ({ row }) => (
      <>
        <When at={row.original.created_at} />
        {row.original.proposed_by && ` by ${row.original.proposed_by}`}
      </>
    ),
  }
}
