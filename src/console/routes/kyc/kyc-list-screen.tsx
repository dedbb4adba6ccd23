import { useDocumentTitle } from '#ui/use-document-title'
import { ConsoleLink, useConsoleNavigate } from '../../navigation'
import type { ConsoleRouter } from '../../router'
import { DataTable } from '../../ui/data-table'
import { DecidedBy } from '../../ui/decided-by'
import { Pager } from '../../ui/pager'
import { StatusFilter } from '../../ui/status-filter'
import { statusText } from '../../ui/status-text'
import { When } from '../../ui/when'
import { kycStatusChoices } from './kyc-search'
import { kycRoute } from './route'

/** The sign-up KYC submissions: who, which document, since when, and who decided. */
export function KycListScreen() {
  const list = kycRoute.useLoaderData<ConsoleRouter>()
  const search = kycRoute.useSearch<ConsoleRouter>()
  const navigate = useConsoleNavigate()
  useDocumentTitle('KYC submissions')
  return (
    <>
      <h1>KYC submissions</h1>
      <p>
        <ConsoleLink to="/kyc/requests">KYC requests from the dashboard</ConsoleLink>
      </p>
      <StatusFilter
        label="Show"
        value={search.status ?? 'pending'}
        choices={kycStatusChoices}
        onChange={(status) => navigate({ to: '/kyc', search: { status } })}
      />
      <DataTable
        caption="KYC submissions"
        rows={list.submissions}
        emptyText="No submission here."
        columns={[
          {
            id: 'customer',
            header: 'Customer',
            accessorFn: (row) => row.name,
            cell: ({ row }) => (
              <ConsoleLink to="/kyc/$id" params={{ id: String(row.original.id) }}>
                {row.original.name} ({row.original.email})
              </ConsoleLink>
            ),
          },
          { id: 'document', header: 'Document', accessorFn: (row) => row.document_type },
          {
            id: 'submitted',
            header: 'Submitted',
            accessorFn: (row) => row.submitted_at,
            cell: ({ row }) => <When at={row.original.submitted_at} />,
          },
          { id: 'status', header: 'Status', accessorFn: (row) => statusText(row.status) },
          {
            id: 'decided',
            header: 'Decided by',
            enableSorting: false,
            cell: ({ row }) => <DecidedBy decided={row.original.decided} />,
          },
        ]}
      />
      <Pager
        facts={list}
        onPage={(page) => navigate({ to: '/kyc', search: { ...search, page } })}
      />
    </>
  )
}
