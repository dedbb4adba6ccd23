import { Card } from '#ui/card'
import { useDocumentTitle } from '#ui/use-document-title'
import { DecisionPanel } from '../../decisions/decision-panel'
import { kycSubmissionWords } from '../../decisions/decision-words'
import { useDecision } from '../../decisions/use-decision'
import type { ConsoleRouter } from '../../router'
import { DataTable } from '../../ui/data-table'
import { DecidedBy } from '../../ui/decided-by'
import { DocumentGallery, DocumentViewer } from '../../ui/document-viewer'
import { statusText } from '../../ui/status-text'
import { When } from '../../ui/when'
import { signedInRoute } from '../signed-in'
import { kycCaseRoute } from './case-route'
import * as styles from './kyc-case.css'
import { CustomerFacts, DocumentFacts, reviewDay } from './kyc-case-facts'

/**
 * A KYC case: what the customer gave, the document's details with its scans and their photo,
 * earlier decisions, the decision.
 */
export function KycCaseScreen() {
  const item = kycCaseRoute.useLoaderData<ConsoleRouter>()
  const { me } = signedInRoute.useRouteContext<ConsoleRouter>()
  const decision = useDecision('kycdecide')
  const { customer } = item
  useDocumentTitle(`KYC: ${customer.name}`)
  const canDecide = item.status === 'pending' && me.roles.includes('kyc')
  const today = reviewDay()
  return (
    <>
      <h1>KYC submission of {customer.name}</h1>
      <Card heading="Decision">
        {item.status === 'pending' ? (
          <p>
            Waiting since <When at={item.submitted_at} />.
          </p>
        ) : (
          <p>
            <DecidedBy verb={statusText(item.status)} decided={item.decided} />.
          </p>
        )}
        {canDecide && (
          <DecisionPanel
            {...decision}
            itemId={item.id}
            itemName={`the KYC submission of ${customer.name}`}
            words={kycSubmissionWords}
          />
        )}
      </Card>
      <Card heading="What the customer gave">
        <CustomerFacts item={item} today={today} />
      </Card>
      <Card heading="Photo and document">
        <div className={styles.documentFacts}>
          <DocumentFacts item={item} today={today} />
        </div>
        <DocumentGallery>
          <DocumentViewer file={item.photo} title="The customer's photo" />
          <DocumentViewer file={item.front} title="The document's front" />
          <DocumentViewer file={item.back} title="The document's back" />
        </DocumentGallery>
      </Card>
      <Card heading="Earlier decisions on this customer">
        <DataTable
          caption="Earlier decisions on this customer"
          rows={item.earlier}
          emptyText="None: this is the customer's first."
          columns={[
            { id: 'kind', header: 'What', accessorFn: (row) => `${row.kind} ${row.id}` },
            {
              id: 'submitted',
              header: 'Submitted',
              accessorFn: (row) => row.submitted_at,
              cell: ({ row }) => <When at={row.original.submitted_at} />,
            },
            { id: 'status', header: 'Status', accessorFn: (row) => statusText(row.status) },
            { id: 'reason', header: 'Reason', accessorFn: (row) => row.reason ?? '—' },
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
      </Card>
    </>
  )
}
