import { formatMoney } from '#api/money'
import { Card } from '#ui/card'
import { useConsoleNavigate } from '../../navigation'
import type { ConsoleRouter } from '../../router'
import { DataTable } from '../../ui/data-table'
import { Pager } from '../../ui/pager'
import { statusText } from '../../ui/status-text'
import { When } from '../../ui/when'
import { customerRoute } from './customer-route'

/** The customer's statement lines, newest first, a page at a time. */
export function CustomerLedger({ symbol }: { symbol: string }) {
  const { ledger } = customerRoute.useLoaderData<ConsoleRouter>()
  const { id } = customerRoute.useParams<ConsoleRouter>()
  const navigate = useConsoleNavigate()
  return (
    <Card heading="Ledger history">
      <DataTable
        caption="Ledger history"
        rows={ledger.lines}
        emptyText="No transaction yet."
        columns={[
          {
            id: 'at',
            header: 'Date',
            accessorFn: (row) => row.at,
            cell: ({ row }) => <When at={row.original.at} />,
          },
          { id: 'type', header: 'Type', accessorFn: (row) => row.type },
          { id: 'description', header: 'Description', accessorFn: (row) => row.description },
          {
            id: 'amount',
            header: 'Amount',
            accessorFn: (row) => (row.direction === 'debit' ? -row.amount : row.amount),
            cell: ({ row }) =>
              formatMoney(
                row.original.amount,
                symbol,
                row.original.direction === 'debit' ? '-' : '+',
              ),
          },
          { id: 'status', header: 'Status', accessorFn: (row) => statusText(row.status) },
        ]}
      />
      <Pager
        facts={ledger}
        onPage={(page) =>
          navigate({ to: '/customers/$id', params: { id }, search: { ledger: page } })
        }
      />
    </Card>
  )
}
