import type { ReactNode } from 'react'
import { formatDayMonthYearTime } from '#api/day-month-year'
import { toDecimalString, wireToMinor } from '#api/money'
import { correctionTypeWords, receiptKindOf, receiptTitles } from '#api/transaction-types'
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

export const receiptTitle = (transaction: Transaction) => receiptTitles[receiptKindOf(transaction)]

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
      { label: 'Ref number', value: transaction.receiptId },
      { label: 'Status', value: status },
      { label: 'Description', value: transaction.name },
      { label: 'Transaction type', value: correctionTypeWords(transaction.direction) },
      { label: 'Date and time', value: when },
      {
        label: 'Amount',
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
      { label: 'Ref number', value: transaction.receiptId },
      { label: 'Payment status', value: status },
      { label: 'Invoice brief', value: transaction.name },
      { label: 'Transaction type', value: 'Credit' },
      { label: 'Date and time', value: when },
      { label: 'Amount', value: <Money amount={transaction.amount} currency={currency} /> },
    ]
  return [
    { label: 'Bank name', value: transaction.bank },
    { label: 'Name', value: transaction.accountHolderName ?? transaction.name },
    { label: 'Account number', value: transaction.accountNumber },
    { label: 'Country', value: transaction.country },
    { label: 'Transaction type', value: transaction.type },
    { label: 'Date and time', value: when },
    { label: 'Transaction ID', value: transaction.receiptId },
    ...transferAmounts(transaction, currency),
    { label: 'Status', value: status },
    ...(transaction.status === 'failed'
      ? [{ label: 'Your balance', value: failedTransferNote }]
      : []),
  ]
}

/** A failed transfer was only held (docs/decisions/067): the receipt says nothing was taken. */
export const failedTransferNote =
  'Nothing left your account: the amount held for this transfer is available again.'

/**
 * What left the balance; for a transfer, also its service charge and what the payee receives,
 * so the receipt tells the same story as the confirm step and Transfer Submitted.
 */
function transferAmounts(transaction: Transaction, currency: string): ReceiptField[] {
  const sent = <Money amount={transaction.amount} currency={currency} sign="-" />
  if (!transaction.charge) return [{ label: 'Amount', value: sent }]
  const received = toDecimalString(
    wireToMinor(transaction.amount) - wireToMinor(transaction.charge),
  )
  return [
    { label: 'Amount sent', value: sent },
    { label: 'Service charge', value: <Money amount={transaction.charge} currency={currency} /> },
    { label: 'Payee receives', value: <Money amount={received} currency={currency} /> },
  ]
}
