import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { inPageLanguage } from '#i18n/server-words'
import { DateText } from '#ui/date-text'
import { Icon } from '#ui/icon'
import { Money } from '#ui/money'
import { StatusBadge } from '#ui/status-badge'
import { visuallyHidden } from '#ui/visually-hidden.css'
import type { Statement } from './statement'
import * as styles from './transaction-list.css'

export type Transaction = Statement['transactions'][number]

export interface TransactionListProps {
  transactions: readonly Transaction[]
  currency: string
}

/** The spec's empty state of the dashboard and of Statements & Report. */
export function NoTransactionHistory() {
  return (
    <div className={styles.empty}>
      <Icon name="file" size={32} />
      <p className={styles.emptyTitle}>
        <Trans>No Transaction History</Trans>
      </p>
      <p className={styles.emptyText}>
        <Trans>
          Your transactions will show here. If you expected one that is missing,{' '}
          <Link to="/dashboard/contact">contact support</Link>.
        </Trans>
      </p>
    </div>
  )
}

/**
 * One transaction: name, date, signed amount (a failed transfer's struck through: it was only
 * held) and status, opening its receipt.
 */
export function TransactionRow({
  transaction,
  currency,
}: {
  transaction: Transaction
  currency: string
}) {
  const kind = transaction.direction
  // A failed transfer was only held: shown struck through, unsigned, as money that never left.
  const notTaken = kind === 'debit' && transaction.status === 'failed'
  return (
    <Link
      to="/dashboard/receipt/$trans"
      params={{ trans: transaction.receiptId }}
      className={styles.row}
    >
      <span className={styles.iconTone[kind]}>
        <Icon name={kind === 'credit' ? 'receive' : 'send'} size={18} />
      </span>
      <span className={styles.middle}>
        <span className={styles.name}>{inPageLanguage(transaction.name)}</span>
        <span className={styles.date}>
          <DateText iso={transaction.date} />
          {transaction.charge ? (
            <>
              {' · '}
              <Trans>
                incl. <Money amount={transaction.charge} currency={currency} /> charge
              </Trans>
            </>
          ) : null}
        </span>
      </span>
      <span className={styles.end}>
        {notTaken ? (
          <span>
            <Money
              amount={transaction.amount}
              currency={currency}
              className={styles.amount.notTaken}
            />
            <span className={visuallyHidden}>
              {' '}
              <Trans>not taken from your account</Trans>
            </span>
          </span>
        ) : (
          <Money
            amount={transaction.amount}
            currency={currency}
            sign={kind === 'credit' ? '+' : '-'}
            className={styles.amount[kind]}
          />
        )}
        <StatusBadge status={transaction.status} />
      </span>
    </Link>
  )
}

/** Transactions with name, date, signed amount and status; each opens its receipt. */
export function TransactionList({ transactions, currency }: TransactionListProps) {
  if (transactions.length === 0) return <NoTransactionHistory />
  return (
    <ul className={styles.list}>
      {transactions.map((transaction) => (
        <li key={transaction.receiptId}>
          <TransactionRow transaction={transaction} currency={currency} />
        </li>
      ))}
    </ul>
  )
}
