import { useRouter } from '@tanstack/react-router'
import { formatMoney } from '#api/money'
import { Card } from '#ui/card'
import { useDocumentTitle } from '#ui/use-document-title'
import { ChangeDialog } from '../../changes/change-dialog'
import { useStaffChange } from '../../changes/use-staff-change'
import { DecisionPanel } from '../../decisions/decision-panel'
import { fundingRequestWords } from '../../decisions/decision-words'
import { useDecision } from '../../decisions/use-decision'
import type { ConsoleRouter } from '../../router'
import { DecidedBy } from '../../ui/decided-by'
import { DocumentViewer } from '../../ui/document-viewer'
import { FactList } from '../../ui/fact-list'
import { statusText } from '../../ui/status-text'
import { When } from '../../ui/when'
import { signedInRoute } from '../signed-in'
import { requestCaseRoute } from './case-route'
import { ReceivedAmountForm } from './received-amount-form'
import { kindWords } from './request-search'

/** A funding request: the payment to find on the chain, its proof, and the decision. */
export function RequestCaseScreen() {
  const item = requestCaseRoute.useLoaderData<ConsoleRouter>()
  const { me } = signedInRoute.useRouteContext<ConsoleRouter>()
  const router = useRouter()
  const decision = useDecision('requestdecide')
  const change = useStaffChange(() => void router.invalidate())
  const deciding = item.status === 'pending' && me.roles.includes('payments')
  const title = `${kindWords[item.kind]} request ${item.id} of ${item.name}`
  useDocumentTitle(title)
  return (
    <>
      <h1>{title}</h1>
      <Card heading="Decision">
        {item.status === 'pending' ? (
          <p>
            Waiting since <When at={item.submitted_at} />. Confirm only once the payment is found on
            the chain.
          </p>
        ) : (
          <p>
            <DecidedBy verb={statusText(item.status)} decided={item.decided} />
            {item.reason && `: ${item.reason}`}
            {item.corrected_amount !== null &&
              `, with the amount received, ${formatMoney(item.corrected_amount)} (${item.correction_reason})`}
            .
          </p>
        )}
        {deciding && (
          <DecisionPanel
            {...decision}
            itemId={item.id}
            itemName={`the ${kindWords[item.kind].toLowerCase()} of ${formatMoney(item.amount)} from ${item.name}`}
            words={fundingRequestWords}
          />
        )}
        {deciding && item.kind === 'deposit' && <ReceivedAmountForm item={item} actor={change} />}
      </Card>
      <Card heading="The payment">
        <FactList
          facts={[
            ['Customer', `${item.name} (${item.email})`],
            ['Amount claimed', formatMoney(item.amount)],
            ...(item.corrected_amount === null
              ? []
              : [['Amount received', formatMoney(item.corrected_amount)] as [string, string]]),
            ['Coin', item.coin],
            ['Our deposit address', item.address ?? 'Not set'],
            ['Plan or purpose', item.detail ?? '—'],
            ['Transaction hash', <TransactionHash key="hash" item={item} />],
          ]}
        />
      </Card>
      <Card heading="Proof of payment">
        <DocumentViewer file={item.proof} title="The proof of payment" />
      </Card>
      <ChangeDialog actor={change} />
    </>
  )
}

/** The payment's hash, linked to the coin's explorer when it has one. */
function TransactionHash({
  item,
}: {
  item: { tx_hash: string | null; explorer_url: string | null }
}) {
  if (!item.tx_hash) return <>Not given</>
  if (!item.explorer_url) return <>{item.tx_hash}</>
  return (
    <a href={item.explorer_url} target="_blank" rel="noopener noreferrer">
      {item.tx_hash}
    </a>
  )
}
