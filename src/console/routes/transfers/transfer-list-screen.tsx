import { currencySymbol, formatMoney } from '#api/money'
import { useDocumentTitle } from '#ui/use-document-title'
import { DecisionButtons, DecisionDialog, DecisionNotice } from '../../decisions/decision-panel'
import { transferWords } from '../../decisions/decision-words'
import { useDecision } from '../../decisions/use-decision'
import { useConsoleNavigate } from '../../navigation'
import type { ConsoleRouter } from '../../router'
import { DataTable } from '../../ui/data-table'
import { DecidedBy } from '../../ui/decided-by'
import { Pager } from '../../ui/pager'
import { StatusFilter } from '../../ui/status-filter'
import { When } from '../../ui/when'
import { signedInRoute } from '../signed-in'
import { transfersRoute } from './route'

const statusChoices = [
  { value: 'in_progress', text: 'In progress' },
  { value: 'successful', text: 'Settled' },
  { value: 'failed', text: 'Failed' },
] as const

const statusWords = { in_progress: 'In progress', successful: 'Settled', failed: 'Failed' }

/** Transfers with payee, amount and charge; one in progress is settled or failed in its row. */
export function TransferListScreen() {
  const list = transfersRoute.useLoaderData<ConsoleRouter>()
  const search = transfersRoute.useSearch<ConsoleRouter>()
  const { me } = signedInRoute.useRouteContext<ConsoleRouter>()
  const navigate = useConsoleNavigate()
  const decision = useDecision('transferdecide')
  const canDecide = me.roles.includes('payments')
  const chosen = list.transfers.find((row) => row.id === decision.itemId)
  useDocumentTitle('Transfers')
  return (
    <>
      <h1>Transfers</h1>
      <StatusFilter
        label="Show"
        value={search.status ?? 'in_progress'}
        choices={statusChoices}
        onChange={(status) => navigate({ to: '/transfers', search: { status } })}
      />
      <DecisionNotice {...decision} />
      <DataTable
        caption="Transfers"
        rows={list.transfers}
        emptyText="No transfer here."
        columns={[
          {
            id: 'customer',
            header: 'Customer',
            accessorFn: (row) => `${row.name} (${row.email})`,
          },
          {
            id: 'payee',
            header: 'Payee',
            accessorFn: (row) => row.payee_name,
            cell: ({ row }) => (
              <>
                {row.original.payee_name}, {row.original.payee_account} at {row.original.payee_bank}
              </>
            ),
          },
          {
            id: 'amount',
            header: 'Amount (charge)',
            accessorFn: (row) => row.amount,
            cell: ({ row }) => {
              const symbol = currencySymbol(row.original.currency)
              return `${formatMoney(row.original.amount, symbol)} (${formatMoney(row.original.charge, symbol)})`
            },
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
              row.original.status === 'in_progress' && canDecide ? (
                <DecisionButtons
                  itemId={row.original.id}
                  words={transferWords}
                  send={decision.send}
                  label={`transfer ${row.original.id} to ${row.original.payee_name}`}
                />
              ) : row.original.status === 'in_progress' ? (
                statusWords.in_progress
              ) : (
                <DecidedBy verb={statusWords[row.original.status]} decided={row.original.decided} />
              ),
          },
        ]}
      />
      <Pager
        facts={list}
        onPage={(page) => navigate({ to: '/transfers', search: { ...search, page } })}
      />
      <DecisionDialog
        itemName={
          chosen
            ? `the transfer of ${formatMoney(chosen.amount, currencySymbol(chosen.currency))} to ${chosen.payee_name}`
            : 'the transfer'
        }
        words={transferWords}
        {...decision}
      />
    </>
  )
}
