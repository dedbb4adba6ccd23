import { useDocumentTitle } from '#ui/use-document-title'
import { DecisionButtons, DecisionDialog, DecisionNotice } from '../../decisions/decision-panel'
import { kycRequestWords } from '../../decisions/decision-words'
import { useDecision } from '../../decisions/use-decision'
import { ConsoleLink, useConsoleNavigate } from '../../navigation'
import type { ConsoleRouter } from '../../router'
import { DataTable } from '../../ui/data-table'
import { DecidedBy } from '../../ui/decided-by'
import { DocumentDialog } from '../../ui/document-dialog'
import { Pager } from '../../ui/pager'
import { StatusFilter } from '../../ui/status-filter'
import { statusText } from '../../ui/status-text'
import { When } from '../../ui/when'
import { signedInRoute } from '../signed-in'
import { kycStatusChoices } from './kyc-search'
import { kycRequestsRoute } from './requests-route'

/** The dashboard's KYC requests: the document opens in the case view's viewer; each row is decided in place. */
export function KycRequestsScreen() {
  const list = kycRequestsRoute.useLoaderData<ConsoleRouter>()
  const search = kycRequestsRoute.useSearch<ConsoleRouter>()
  const { me } = signedInRoute.useRouteContext<ConsoleRouter>()
  const navigate = useConsoleNavigate()
  const decision = useDecision('kycrequestdecide')
  const canDecide = me.roles.includes('kyc')
  const chosen = list.requests.find((row) => row.id === decision.itemId)
  useDocumentTitle('KYC requests')
  return (
    <>
      <h1>KYC requests from the dashboard</h1>
      <p>
        <ConsoleLink to="/kyc">KYC submissions from sign-up</ConsoleLink>
      </p>
      <StatusFilter
        label="Show"
        value={search.status ?? 'pending'}
        choices={kycStatusChoices}
        onChange={(status) => navigate({ to: '/kyc/requests', search: { status } })}
      />
      <DecisionNotice {...decision} />
      <DataTable
        caption="KYC requests"
        rows={list.requests}
        emptyText="No request here."
        columns={[
          {
            id: 'customer',
            header: 'Customer',
            accessorFn: (row) => `${row.name} (${row.email})`,
          },
          {
            id: 'document',
            header: 'Document',
            accessorFn: (row) => row.document_type,
            cell: ({ row }) => (
              <>
                {row.original.document_type}{' '}
                <DocumentDialog
                  file={row.original.document}
                  title={`${row.original.document_type} of ${row.original.name}`}
                  label={`the document of ${row.original.name}`}
                />
              </>
            ),
          },
          {
            id: 'submitted',
            header: 'Sent',
            accessorFn: (row) => row.submitted_at,
            cell: ({ row }) => <When at={row.original.submitted_at} />,
          },
          {
            id: 'decision',
            header: 'Decision',
            enableSorting: false,
            cell: ({ row }) =>
              row.original.status === 'pending' ? (
                canDecide ? (
                  <DecisionButtons
                    itemId={row.original.id}
                    words={kycRequestWords}
                    send={decision.send}
                    label={`request ${row.original.id} of ${row.original.name}`}
                  />
                ) : (
                  'Waiting'
                )
              ) : (
                <>
                  <DecidedBy
                    verb={statusText(row.original.status)}
                    decided={row.original.decided}
                  />
                  {row.original.reason && `: ${row.original.reason}`}
                </>
              ),
          },
        ]}
      />
      <Pager
        facts={list}
        onPage={(page) => navigate({ to: '/kyc/requests', search: { ...search, page } })}
      />
      <DecisionDialog
        itemName={chosen ? `the KYC request of ${chosen.name}` : 'the KYC request'}
        words={kycRequestWords}
        {...decision}
      />
    </>
  )
}
