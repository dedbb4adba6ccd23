import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
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
        <h2 className={form.title}>
          <Trans>Transfer Submitted</Trans>
        </h2>
        <p className={form.lead}>
          <Trans>Taking you to your dashboard in a few seconds.</Trans>
        </p>
      </div>
      <DetailList
        details={[
          { label: t`Bank`, value: receipt.bank },
          { label: t`Date`, value: receipt.date ? formatDayMonthYear(receipt.date) : null },
          { label: t`Name`, value: receipt.name },
          { label: t`Transaction type`, value: t`Bank Transfer` },
          {
            label: t`Amount`,
            value: formatMoney(wireToMinor(receipt.amount), currencySymbol(receipt.currency)),
          },
        ]}
      />
      <Button
        fullWidth
        onClick={() => actor.send({ type: 'CONTINUE' })}
        aria-label={t`Okay, continue to your dashboard`}
      >
        <Trans>Okay</Trans>
      </Button>
    </Card>
  )
}
