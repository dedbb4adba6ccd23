import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { currencySymbol } from '#api/money'
import { formatTotal } from '#api/money-totals'
import type { InsightsFigures, insightsMachine } from '#machines/insights.machine'
import { AlertBox } from '#ui/alert-box'
import { Button } from '#ui/button'
import { Card } from '#ui/card'
import { SelectField } from '#ui/select-field'
import * as styles from './insights.css'
import { linesWords, minorOf, monthName, sumOf } from './insights-words'
import { MoneyInOutTable } from './money-in-out-table'
import { MonthsChart } from './months-chart'
import { TypeSplit } from './type-split'

export type InsightsActor = ActorRefFrom<typeof insightsMachine>

/** The figures, or their loading, failure and empty states: the view of insights.machine.ts. */
export function InsightsView({ actor }: { actor: InsightsActor }) {
  const state = useSelector(actor, (snapshot) => snapshot.value)
  const figures = useSelector(actor, (snapshot) => snapshot.context.figures)
  const alert = useSelector(actor, (snapshot) => snapshot.context.alert)
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'))
  const asked = useSelector(actor, (snapshot) => snapshot.context.month)

  const failure =
    state === 'failed' ? (
      <AlertBox display type="error" msg={alert?.message}>
        <Button variant="secondary" onClick={() => actor.send({ type: 'RETRY' })}>
          <Trans>Retry</Trans>
        </Button>
      </AlertBox>
    ) : null
  if (state === 'empty')
    return (
      <Card>
        <p className={styles.empty}>
          <Trans>
            Nothing has come in or gone out of your account in the last 12 months, so there is
            nothing to show yet.
          </Trans>
        </p>
      </Card>
    )
  if (!figures)
    return (
      failure ?? (
        <p className={styles.muted}>
          <Trans>Loading your figures…</Trans>
        </p>
      )
    )
  const symbol = currencySymbol(figures.currency)
  return (
    <>
      {failure}
      <Months figures={figures} symbol={symbol} />
      <Card heading={t`By type`} aria-busy={busy}>
        <div className={styles.picker}>
          <SelectField
            label={t`Month`}
            value={busy && asked !== '' ? asked : figures.month}
            options={[...figures.months].reverse().map(({ month }) => ({
              value: month,
              label: monthName(month),
            }))}
            onChange={(event) => actor.send({ type: 'CHOOSE_MONTH', month: event.target.value })}
          />
        </div>
        <p className={styles.muted} role="status">
          {busy ? loadingText(asked || figures.month) : ''}
        </p>
        <TypeSplit figures={figures} symbol={symbol} />
      </Card>
    </>
  )
}

function loadingText(month: string): string {
  const name = monthName(month)
  return t`Loading ${name}…`
}

function Months({ figures, symbol }: { figures: InsightsFigures; symbol: string }) {
  const { months } = figures
  const moneyIn = sumOf(months.map((month) => month.moneyIn))
  const moneyOut = sumOf(months.map((month) => month.moneyOut))
  const first = months[0]?.month ?? figures.month
  const last = months.at(-1)?.month ?? figures.month
  const firstMonth = monthName(first)
  const lastMonth = monthName(last)
  const totalIn = formatTotal(moneyIn, symbol)
  const totalOut = formatTotal(moneyOut, symbol)
  return (
    <Card heading={t`Per month`}>
      <p className={styles.summary}>
        <Trans>
          From {firstMonth} to {lastMonth}, {totalIn} came in and {totalOut} went out.
        </Trans>
      </p>
      <MonthsChart months={months} currency={symbol} />
      <MoneyInOutTable
        caption={<Trans>Money in and out per month (UTC), newest first</Trans>}
        rowHeader={<Trans>Month</Trans>}
        rows={[...months].reverse().map((month) => (
          <tr key={month.month}>
            <th scope="row">{monthName(month.month)}</th>
            <td className={styles.amount}>
              {formatTotal(minorOf(month.moneyIn), symbol)}
              <span className={styles.lines}>{linesWords(month.linesIn)}</span>
            </td>
            <td className={styles.amount}>
              {formatTotal(minorOf(month.moneyOut), symbol)}
              <span className={styles.lines}>{linesWords(month.linesOut)}</span>
            </td>
          </tr>
        ))}
      />
    </Card>
  )
}
