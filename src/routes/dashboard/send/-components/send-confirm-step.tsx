import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { currencySymbol, formatMoney } from '#api/money'
import { sendMessages } from '#machines/send.machine'
import { transferFieldProblem, transferSums } from '#machines/send.rules'
import { NoticeAlert } from '#ui/alert-box'
import { Button } from '#ui/button'
import { Card } from '#ui/card'
import { TextField } from '#ui/text-field'
import { ScheduleChoice } from './schedule-choice'
import * as styles from './send.css'
import type { SendActor } from './send-view'

/**
 * dashboard/send/confirm: the amount (editable), the service charge and the amount received
 * (spec 5 and 9). Confirmed is disabled unless the amount is strictly below the balance, but
 * for a later or repeating transfer (decision 088), which the balance on its days must cover.
 */
export function SendConfirmStep({ actor }: { actor: SendActor }) {
  const context = useSelector(actor, (snapshot) => snapshot.context)
  const symbol = currencySymbol(context.currency)
  const sums = transferSums(context.form.amount, context.percent)
  const affordable = sums !== null && sums.amount < context.balance
  // A later or repeating transfer is made on its days: today's balance does not limit it.
  const later = context.schedule.when !== 'now'
  const { accountHolderName: name, bank, accountNumber } = context.form
  const percent = context.percent
  const money = (minor: number | undefined) =>
    minor === undefined ? '—' : formatMoney(minor, symbol)

  return (
    <Card as="div" className={styles.card}>
      <h2 className={styles.stepTitle}>
        <Trans>Confirm transfer</Trans>
      </h2>
      <p className={styles.sumLabel}>
        <Trans>
          To {name}, {bank} ({accountNumber})
        </Trans>
      </p>
      <TextField
        className={styles.secretField}
        label={t`Amount *`}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        value={context.form.amount}
        error={transferFieldProblem('amount', context.form.amount)}
        onChange={(event) => actor.send({ type: 'EDIT_AMOUNT', amount: event.target.value })}
      />
      <dl className={styles.sums}>
        <div className={styles.sumRow}>
          <dt className={styles.sumLabel}>
            <Trans>Available balance</Trans>
          </dt>
          <dd className={styles.sumValue}>{money(context.balance)}</dd>
        </div>
        <div className={styles.sumRow}>
          <dt className={styles.sumLabel}>
            <Trans>Service charge ({percent}%)</Trans>
          </dt>
          <dd className={styles.sumValue}>{money(sums?.charge)}</dd>
        </div>
        <div className={styles.sumRow}>
          <dt className={styles.sumLabel}>
            <Trans>Amount to be received</Trans>
          </dt>
          <dd className={styles.sumValue}>{money(sums?.received)}</dd>
        </div>
      </dl>
      <ScheduleChoice actor={actor} />
      <NoticeAlert
        notice={
          context.alert ??
          (sums !== null && !affordable && !later
            ? { tone: 'error', message: sendMessages.insufficient }
            : null)
        }
      />
      <div className={styles.actions}>
        <Button type="button" variant="ghost" onClick={() => actor.send({ type: 'CANCEL' })}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="button" variant="secondary" onClick={() => actor.send({ type: 'BACK' })}>
          <Trans>Back</Trans>
        </Button>
        <Button
          type="button"
          disabled={later ? sums === null : !affordable}
          onClick={() => actor.send({ type: 'CONFIRM' })}
        >
          <Trans>Confirmed</Trans>
        </Button>
      </div>
    </Card>
  )
}
