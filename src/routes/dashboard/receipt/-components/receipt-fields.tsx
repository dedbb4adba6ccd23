import { t } from '@lingui/core/macro'
import type { ReactNode } from 'react'
import { formatDayMonthYearTime } from '#api/day-month-year'
import { toDecimalString, wireToMinor } from '#api/money'
import { type ReceiptKind, receiptKindOf } from '#api/transaction-types'
import { inPageLanguage } from '#i18n/server-words'
import { Money } from '#ui/money'
import { StatusBadge } from '#ui/status-badge'
import type { Transaction } from '../../-shared/transaction-list'

export interface ReceiptField {
  label: string
  /** null or blank shows 'n/a'. */
  value: ReactNode
}

/**
 * Day/month/year as every date in the portal, then the time as the customer's clock shows it
 * (12- or 24-hour, as the notifications), in the viewer's time zone.
 */
export const receiptDateTime = (iso: string): string => formatDayMonthYearTime(iso)

export const receiptTitle = (transaction: Transaction): string => {
  const titles: Record<ReceiptKind, string> = {
    payment: t`Payment receipt`,
    transfer: t`Transfer receipt`,
    correction: t`Correction receipt`,
  }
  return titles[receiptKindOf(transaction)]
}

/** A correction's "Transaction type": "Correction (credit)". */
const correctionTypeText = (direction: Transaction['direction']) =>
  direction === 'credit' ? t`Correction (credit)` : t`Correction (debit)`

/**
 * The receipt's fields in the spec's order (section 2): a credit's Payment receipt, a debit's
 * Transfer receipt; a correction by the bank has its own, signed (docs/decisions/079). A missing
 * amount shows 0.00 (`<Money>`); statuses show underscores as spaces.
 */
export function receiptFields(transaction: Transaction, currency: string): ReceiptField[] {
  const when = receiptDateTime(transaction.date)
  const status = <StatusBadge status={transaction.status} />
  const kind = receiptKindOf(transaction)
  if (kind === 'correction')
    return [
      { label: t`Ref number`, value: transaction.receiptId },
      { label: t`Status`, value: status },
      { label: t`Description`, value: inPageLanguage(transaction.name) },
      { label: t`Transaction type`, value: correctionTypeText(transaction.direction) },
      { label: t`Date and time`, value: when },
      {
        label: t`Amount`,
        value: (
          <Money
            amount={transaction.amount}
            currency={currency}
            sign={transaction.direction === 'credit' ? '+' : '-'}
          />
        ),
      },
    ]
  if (kind === 'payment')
    return [
      { label: t`Ref number`, value: transaction.receiptId },
      { label: t`Payment status`, value: status },
      { label: t`Invoice brief`, value: inPageLanguage(transaction.name) },
      { label: t`Transaction type`, value: t`Credit` },
      { label: t`Date and time`, value: when },
      { label: t`Amount`, value: <Money amount={transaction.amount} currency={currency} /> },
    ]
  return [
    { label: t`Bank name`, value: transaction.bank },
    { label: t`Name`, value: transaction.accountHolderName ?? transaction.name },
    { label: t`Account number`, value: transaction.accountNumber },
    { label: t`Country`, value: transaction.country },
    { label: t`Transaction type`, value: inPageLanguage(transaction.type) },
    { label: t`Date and time`, value: when },
    { label: t`Transaction ID`, value: transaction.receiptId },
    ...transferAmounts(transaction, currency),
    { label: t`Status`, value: status },
    ...(transaction.status === 'failed'
      ? [{ label: t`Your balance`, value: failedTransferNote() }]
      : []),
  ]
}

/** A failed transfer was only held (docs/decisions/067): the receipt says nothing was taken. */
export const failedTransferNote = () =>
  t`Nothing left your account: the amount held for this transfer is available again.`

/**
 * What left the balance; for a transfer, also its service charge and what the payee receives,
 * so the receipt tells the same story as the confirm step and Transfer Submitted.
 */
function transferAmounts(transaction: Transaction, currency: string): ReceiptField[] {
  const sent = <Money amount={transaction.amount} currency={currency} sign="-" />
  if (!transaction.charge) return [{ label: t`Amount`, value: sent }]
  const received = toDecimalString(
    wireToMinor(transaction.amount) - wireToMinor(transaction.charge),
  )
  return [
    { label: t`Amount sent`, value: sent },
    { label: t`Service charge`, value: <Money amount={transaction.charge} currency={currency} /> },
    { label: t`Payee receives`, value: <Money amount={received} currency={currency} /> },
  ]
}
