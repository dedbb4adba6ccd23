import { useSelector } from '@xstate/react'
import { currencySymbol, formatMoney, wireToMinor } from '#api/money'
import { Button } from '#ui/button'
import { Card } from '#ui/card'
import { formatDayMonthYear } from '#ui/date-text'
import * as form from '../../../-components/account-form.css'
import { SuccessMark } from '../../../-components/success-mark'
import { DetailList } from '../../-shared/detail-list'
import * as styles from './send.css'
import type { SendActor } from './send-view'

/**
 * The Transfer Submitted card (spec 4): bank, date, name, Bank Transfer and the amount. Okay
 * goes to the dashboard, which follows by itself after 5 s (spec 9).
 */
export function TransferSubmitted({ actor }: { actor: SendActor }) {
  const receipt = useSelector(actor, (snapshot) => snapshot.context.receipt)
  if (!receipt) return null
  return (
    <Card as="div" className={styles.card}>
      <div className={form.outcome}>
        <SuccessMark />
        <h2 className={form.title}>Transfer Submitted</h2>
        <p className={form.lead}>Taking you to your dashboard in a few seconds.</p>
      </div>
      <DetailList
        details={[
          { label: 'Bank', value: receipt.bank },
          { label: 'Date', value: receipt.date ? formatDayMonthYear(receipt.date) : null },
          { label: 'Name', value: receipt.name },
          { label: 'Transaction type', value: 'Bank Transfer' },
          {
            label: 'Amount',
            value: formatMoney(wireToMinor(receipt.amount), currencySymbol(receipt.currency)),
          },
        ]}
      />
      <Button
        fullWidth
        onClick={() => actor.send({ type: 'CONTINUE' })}
        aria-label="Okay, continue to your dashboard"
      >
        Okay
      </Button>
    </Card>
  )
}
