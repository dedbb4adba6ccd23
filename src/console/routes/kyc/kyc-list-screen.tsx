import { Button } from '#ui/button'
import { useDocumentTitle } from '#ui/use-document-title'
import { DecisionDialog, DecisionNotice } from '../../decisions/decision-panel'
import { kycNoDocumentsWords } from '../../decisions/decision-words'
import { useDecision } from '../../decisions/use-decision'
import { ConsoleLink, useConsoleNavigate } from '../../navigation'
import type { ConsoleRouter } from '../../router'
import { DataTable } from '../../ui/data-table'
import { DecidedBy } from '../../ui/decided-by'
import { Pager } from '../../ui/pager'
import { StatusFilter } from '../../ui/status-filter'
import { statusText } from '../../ui/status-text'
import { When } from '../../ui/when'
import { signedInRoute } from '../signed-in'
import { kycStatusChoices } from './kyc-search'
import { kycRoute } from './route'

/**
 * The sign-up KYC submissions: who, which document, since when, and who decided. Waiting, every
 * customer under review, as the home counts them: one with no documents on file opens their
 * customer page instead of a case, and may be asked for documents from here.
 */
export function KycListScreen() {
  const list = kycRoute.useLoaderData<ConsoleRouter>()
  const search = kycRoute.useSearch<ConsoleRouter>()
  const { me } = signedInRoute.useRouteContext<ConsoleRouter>()
  const navigate = useConsoleNavigate()
  const asking = useDecision('kycaskfordocuments')
  const canDecide = me.roles.includes('kyc')
  const chosen = list.submissions.find((row) => row.customer_id === asking.itemId)
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
      <DecisionNotice {...asking} />
      <DataTable
        caption="KYC submissions"
        rows={list.submissions}
        emptyText="No submission here."
        columns={[
          {
            id: 'customer',
            header: 'Customer',
            accessorFn: (row) => row.name,
            cell: ({ row: { original } }) =>
              original.id === null ? (
                <ConsoleLink to="/customers/$id" params={{ id: String(original.customer_id) }}>
                  {original.name} ({original.email})
                </ConsoleLink>
              ) : (
                <ConsoleLink to="/kyc/$id" params={{ id: String(original.id) }}>
                  {original.name} ({original.email})
                </ConsoleLink>
              ),
          },
          {
            id: 'document',
            header: 'Document',
            accessorFn: (row) => row.document_type ?? '',
            cell: ({ row: { original } }) =>
              original.document_type ?? (
                <>
                  <strong>No documents on file.</strong> Under review without a submission: ask the
                  customer for their documents.{' '}
                  {canDecide && (
                    <Button
                      variant="danger"
                      aria-label={`Ask for documents: ${original.name}`}
                      onClick={() => asking.send({ type: 'REFUSE', itemId: original.customer_id })}
                    >
                      Ask for documents
                    </Button>
                  )}
                </>
              ),
          },
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
            cell: ({ row }) => (
              <DecidedBy verb={statusText(row.original.status)} decided={row.original.decided} />
            ),
          },
        ]}
      />
      <Pager
        facts={list}
        onPage={(page) => navigate({ to: '/kyc', search: { ...search, page } })}
      />
      <DecisionDialog
        itemName={chosen ? `the KYC review of ${chosen.name}` : 'the KYC review'}
        words={kycNoDocumentsWords}
        {...asking}
      />
    </>
  )
}
