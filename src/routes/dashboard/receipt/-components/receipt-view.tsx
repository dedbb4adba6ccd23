import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { NoticeAlert } from '#ui/alert-box'
import { brand } from '#ui/brand'
import { Button, buttonClass } from '#ui/button'
import { Card } from '#ui/card'
import { Money } from '#ui/money'
import * as detailStyles from '../../-shared/detail-list.css'
import type { Transaction } from '../../-shared/transaction-list'
import type { FileDownloadActor } from '../../-shared/use-file-download'
import * as styles from './receipt.css'
import { receiptFields, receiptTitle } from './receipt-fields'

export interface ReceiptViewProps {
  transaction: Transaction
  currency: string
  downloads: FileDownloadActor
  onPrint: () => void
}

/** One receipt with its fields, Print and Download PDF. */
export function ReceiptView({ transaction, currency, downloads, onPrint }: ReceiptViewProps) {
  const busy = useSelector(downloads, (snapshot) => snapshot.hasTag('busy'))
  const alert = useSelector(downloads, (snapshot) =>
    snapshot.matches('failed') ? snapshot.context.alert : null,
  )
  const credit = transaction.direction === 'credit'
  return (
    <>
      <Card as="article" className={styles.receipt} aria-label={receiptTitle(transaction)}>
        <div className={styles.header}>
          <p className={styles.bank}>{brand.bankName}</p>
          <h2 className={styles.title}>{receiptTitle(transaction)}</h2>
          <p className={styles.amount}>
            <Money amount={transaction.amount} currency={currency} sign={credit ? '+' : '-'} />
          </p>
        </div>
        <dl className={detailStyles.list}>
          {receiptFields(transaction, currency).map(({ label, value }) => (
            <div key={label} className={`${detailStyles.row} ${styles.field}`}>
              <dt className={detailStyles.term}>{label}</dt>
              <dd className={detailStyles.description}>
                {value === null || value === '' ? (
                  <span className={detailStyles.missing}>
                    <Trans>n/a</Trans>
                  </span>
                ) : (
                  <span className={styles.value}>{value}</span>
                )}
              </dd>
            </div>
          ))}
        </dl>
      </Card>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onPrint}>
          <Trans>Print</Trans>
        </Button>
        <Button
          variant="secondary"
          busy={busy}
          onClick={() =>
            downloads.send({
              type: 'DOWNLOAD',
              name: 'receiptPdf',
              fields: { receiptId: transaction.receiptId },
            })
          }
        >
          <Trans>Download PDF</Trans>
        </Button>
        <Link to="/dashboard/statements" className={buttonClass({ variant: 'ghost' })}>
          <Trans>All statements</Trans>
        </Link>
      </div>
      <NoticeAlert notice={alert} />
    </>
  )
}

/** An unknown receipt id, or another customer's: said plainly, with a way on. */
export function ReceiptNotFound() {
  return (
    <Card as="div">
      <p className={styles.notFoundText}>
        <Trans>
          There is no receipt with this number on your account. Check the link, or find the
          transaction in your statement.
        </Trans>
      </p>
      <div className={`${styles.actions} ${styles.notFoundActions}`}>
        <Link to="/dashboard/statements" className={buttonClass({ variant: 'primary' })}>
          <Trans>Go to Statements & Report</Trans>
        </Link>
        <Link to="/dashboard" className={buttonClass({ variant: 'ghost' })}>
          <Trans>Dashboard</Trans>
        </Link>
      </div>
    </Card>
  )
}
