import { formatMoney } from '#api/money'
import { useDocumentTitle } from '#ui/use-document-title'
import { ConsoleLink, useConsoleNavigate } from '../../navigation'
import type { ConsoleRouter } from '../../router'
import { DataTable } from '../../ui/data-table'
import { DecidedBy } from '../../ui/decided-by'
import { Pager } from '../../ui/pager'
import { StatusFilter } from '../../ui/status-filter'
import { statusText } from '../../ui/status-text'
import { When } from '../../ui/when'
import { kindWords, requestKindChoices, requestStatusChoices } from './request-search'
import { requestsRoute } from './route'

/** Funding requests: who, what kind, which coin, the amount claimed, since when. */
export function RequestListScreen() {
  const list = requestsRoute.useLoaderData<ConsoleRouter>()
  const search = requestsRoute.useSearch<ConsoleRouter>()
  const navigate = useConsoleNavigate()
  useDocumentTitle('Requests')
  return (
    <>
      <h1>Requests</h1>
      <StatusFilter
        label="Show"
        value={search.status ?? 'pending'}
        choices={requestStatusChoices}
        onChange={(status) =>
          navigate({ to: '/requests', search: { ...search, status, page: undefined } })
        }
      />
      <StatusFilter
        label="Kind"
        value={search.kind}
        choices={requestKindChoices}
        onChange={(kind) =>
          navigate({ to: '/requests', search: { ...search, kind, page: undefined } })
        }
      />
      <DataTable
        caption="Requests"
        rows={list.requests}
        emptyText="No request here."
        columns={[
          {
            id: 'customer',
            header: 'Customer',
            accessorFn: (row) => row.name,
            cell: ({ row }) => (
              <ConsoleLink to="/requests/$id" params={{ id: String(row.original.id) }}>
                {row.original.name} ({row.original.email})
              </ConsoleLink>
            ),
          },
          { id: 'kind', header: 'Kind', accessorFn: (row) => kindWords[row.kind] },
          { id: 'coin', header: 'Coin', accessorFn: (row) => row.coin },
          {
            id: 'amount',
            header: 'Amount claimed',
            accessorFn: (row) => row.amount,
            cell: ({ row }) => formatMoney(row.original.amount),
          },
          { id: 'detail', header: 'Plan or purpose', accessorFn: (row) => row.detail ?? '—' },
          {
            id: 'submitted',
            header: 'Sent',
            accessorFn: (row) => row.submitted_at,
            cell: ({ row }) => <When at={row.original.submitted_at} />,
          },
          {
            id: 'decided',
            header: 'Decided by',
            enableSorting: false,
            cell: ({ row }) => (
              <DecidedBy verb={statusText(row.original.status)} decided={row.original.decided} />
            ),
          },
        ]}
      />
      <Pager
        facts={list}
        onPage={(page) => navigate({ to: '/requests', search: { ...search, page } })}
      />
    </>
  )
}
