import { useDocumentTitle } from '#ui/use-document-title'
import { DecisionButtons, DecisionDialog, DecisionNotice } from '../../decisions/decision-panel'
import { approvalWords } from '../../decisions/decision-words'
import { useDecision } from '../../decisions/use-decision'
import { useConsoleNavigate } from '../../navigation'
import type { ConsoleRouter } from '../../router'
import { DataTable } from '../../ui/data-table'
import { DecidedBy, ProposedBy } from '../../ui/decided-by'
import { EmailAddress } from '../../ui/email-address'
import { Pager } from '../../ui/pager'
import { StatusFilter } from '../../ui/status-filter'
import { statusText } from '../../ui/status-text'
import { When } from '../../ui/when'
import { amountOf, approvalPhrase, customerOf, whatOf } from './approval-words'
import * as styles from './approvals.css'
import { approvalsRoute } from './route'
import { ShownChanges } from './shown-changes'

const statusChoices = [
  { value: 'pending', text: 'Waiting for a second person' },
  { value: 'decided', text: 'Decided' },
] as const

/**
 * The checker's inbox: what a maker decided above its threshold, or proposed to change, as they
 * saw it. A person may
 * approve or reject what they did not make themselves (`may_decide`); the auditor reads.
 */
export function ApprovalsScreen() {
  const list = approvalsRoute.useLoaderData<ConsoleRouter>()
  const search = approvalsRoute.useSearch<ConsoleRouter>()
  const navigate = useConsoleNavigate()
  const decision = useDecision('approvaldecide')
  const chosen = list.approvals.find((row) => row.id === decision.itemId)
  useDocumentTitle('Approvals')
  return (
    <>
      <h1>Approvals</h1>
      <StatusFilter
        label="Show"
        value={search.status ?? 'pending'}
        choices={statusChoices}
        onChange={(status) => navigate({ to: '/approvals', search: { status } })}
      />
      <DecisionNotice {...decision} />
      <DataTable
        caption="Approvals"
        rows={list.approvals}
        emptyText="Nothing waits for a second person."
        below={(row) => row.shown.changes && <ShownChanges changes={row.shown.changes} />}
        columns={[
          { id: 'action', header: 'What', accessorFn: whatOf },
          {
            id: 'customer',
            header: 'Customer',
            accessorFn: (row) => customerOf(row.shown),
            cell: ({ row }) =>
              row.original.shown.name === null ? (
                '—'
              ) : (
                <>
                  {row.original.shown.name}
                  <EmailAddress className={styles.email} address={row.original.shown.email ?? ''} />
                </>
              ),
          },
          {
            id: 'amount',
            header: 'Amount',
            accessorFn: (row) => row.shown.amount ?? -1,
            cell: ({ row }) => amountOf(row.original.shown),
          },
          {
            id: 'detail',
            header: 'Detail',
            accessorFn: (row) => row.shown.detail ?? '—',
          },
          {
            id: 'record',
            header: 'Proposed and decided',
            accessorFn: (row) => row.created_at,
            cell: ({ row: { original: approval } }) => (
              <>
                {approval.decided ? (
                  <DecidedBy verb={statusText(approval.status)} decided={approval.decided} />
                ) : (
                  <ProposedBy name={approval.maker.name} at={approval.created_at} />
                )}
                {approval.maker_note && `. The maker's note: ${approval.maker_note}`}
              </>
            ),
          },
          {
            id: 'expires',
            header: 'Expires',
            accessorFn: (row) => (row.status === 'pending' ? row.expires_at : ''),
            cell: ({ row }) =>
              row.original.status === 'pending' ? <When at={row.original.expires_at} /> : '—',
          },
          {
            id: 'decision',
            header: 'Second person',
            enableSorting: false,
            cell: ({ row }) => {
              const approval = row.original
              if (approval.may_decide)
                return (
                  <DecisionButtons
                    itemId={approval.id}
                    words={approvalWords}
                    send={decision.send}
                    label={approvalPhrase(approval)}
                  />
                )
              if (approval.status === 'pending') return 'Waiting for someone other than the maker'
              return (
                <>
                  {statusText(approval.status)}
                  {approval.decision_note && `: ${approval.decision_note}`}
                </>
              )
            },
          },
        ]}
      />
      <Pager
        facts={list}
        onPage={(page) => navigate({ to: '/approvals', search: { ...search, page } })}
      />
      <DecisionDialog
        itemName={chosen ? approvalPhrase(chosen) : 'the approval'}
        words={approvalWords}
        {...decision}
      />
    </>
  )
}
