import { DateText } from '#ui/date-text'
import { Money } from '#ui/money'
import { StatusBadge } from '#ui/status-badge'
import * as sectionStyles from '../section.css'
import * as listStyles from '../transaction-list.css'
import type { RequestFormData } from './proof-of-payment-pages'
import * as styles from './request-list.css'

export type FundingRequest = RequestFormData['transactions'][number]

export interface RequestListProps {
  requests: readonly FundingRequest[]
  currency: string
  emptyText: string
}

/**
 * The customer's requests of one kind: what it is for (a payment's purpose, a fixed deposit's or
 * an upgrade's plan) with its coin type, or the coin type alone for a deposit; amount, status
 * badge and date.
 */
export function RequestList({ requests, currency, emptyText }: RequestListProps) {
  if (requests.length === 0) return <p className={sectionStyles.empty}>{emptyText}</p>
  return (
    <ul className={listStyles.list}>
      {requests.map((request, index) => (
        // Requests carry no id; the server sends them newest first and the list is redrawn whole.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <li key={index} className={listStyles.rowLayout}>
          <span className={listStyles.middle}>
            <span className={styles.type}>{request.purpose ?? request.plan ?? request.type}</span>
            <span className={listStyles.date}>
              {request.purpose || request.plan ? `${request.type} · ` : null}
              <DateText iso={request.createdAt} />
            </span>
          </span>
          <span className={listStyles.end}>
            <Money amount={request.amount} currency={currency} className={styles.amount} />
            <StatusBadge status={request.status} />
          </span>
        </li>
      ))}
    </ul>
  )
}
