import { type FormEvent, useState } from 'react'
import { figurePeriods } from '#api/contract/staff'
import { dayMonthYearShape, formatDayMonthYear, parseDayMonthYear } from '#api/day-month-year'
import { currencySymbol } from '#api/money'
import { formatWireTotal } from '#api/money-totals'
import { Button } from '#ui/button'
import { Card } from '#ui/card'
import { DayMonthYearField } from '#ui/day-month-year-field'
import { SelectField } from '#ui/select-field'
import { Books } from './books'
import { DailyChart } from './daily-chart'
import { countOf, type Figures, tallies } from './figure-words'
import * as styles from './figures.css'
import { FiguresTable } from './figures-table'
import { OpenQueues } from './open-queues'

/** The earliest day asked about, as the form checks it before the server does. */
const earliest = '2000-01-01'

const periodOptions = figurePeriods.map((days) => ({ value: days, label: `${days} days` }))

export interface FiguresViewProps {
  figures: Figures
  /** Today's UTC day (YYYY-MM-DD), the latest the form lets one choose. */
  today: string
  onChoose: (choice: { day: string; days: number }) => void
  onDownload: () => void
}

/** The day's figures, the books, the open queues, then the period as a chart and a table. */
export function FiguresView({ figures, today, onChoose, onDownload }: FiguresViewProps) {
  const [dayError, setDayError] = useState<string | null>(null)
  const symbol = currencySymbol(figures.currency)
  const money = (amount: string) => formatWireTotal(amount, symbol)
  const chosen = figures.series[figures.series.length - 1]
  const dayText = formatDayMonthYear(figures.day)

  function choose(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const day = parseDayMonthYear(String(form.get('day') ?? ''))
    if (!day) return setDayError(`Type the day as ${dayMonthYearShape}.`)
    if (day > today) return setDayError('Choose a day up to today (UTC).')
    if (day < earliest) return setDayError('Choose a day from 01/01/2000.')
    setDayError(null)
    onChoose({ day, days: Number(form.get('days')) })
  }

  return (
    <div className={styles.page}>
      <h1>Daily figures</h1>
      <form className={styles.choice} onSubmit={choose} noValidate aria-label="Choose the day">
        <DayMonthYearField
          key={figures.day}
          label="Day (UTC)"
          name="day"
          defaultValue={dayText}
          error={dayError}
        />
        <SelectField
          key={`days-${figures.days}`}
          label="Period"
          name="days"
          options={periodOptions}
          defaultValue={String(figures.days)}
        />
        <Button type="submit" className={styles.choiceButton}>
          Show
        </Button>
      </form>

      <Card heading={`Figures of ${dayText} (UTC)`}>
        <dl className={styles.tiles}>
          {chosen
            ? tallies.map((tally) => (
                <div key={tally.key} className={styles.tile}>
                  <dt className={styles.tileLabel}>{tally.label}</dt>
                  <dd className={styles.tileValue}>{money(chosen[tally.key].sum)}</dd>
                  <dd className={styles.tileCount}>
                    {countOf(chosen[tally.key].count, tally.noun)}
                  </dd>
                </div>
              ))
            : null}
          <div className={styles.tile}>
            <dt className={styles.tileLabel}>Fees earned</dt>
            <dd className={styles.tileValue}>{chosen ? money(chosen.fees) : money('0.00')}</dd>
            <dd className={styles.tileCount}>service charges on the transfers settled</dd>
          </div>
        </dl>
      </Card>

      <div className={styles.columns}>
        <Card heading="Reconciliation">
          <Books figures={figures} />
        </Card>
        <Card heading="Open queues">
          <OpenQueues queues={figures.queues} asOf={figures.as_of} />
        </Card>
      </div>

      <Card heading={`Amounts per day, the ${figures.days} days to ${dayText}`}>
        <DailyChart series={figures.series} currency={figures.currency} />
      </Card>

      <Card heading={`The ${figures.days} days to ${dayText}`}>
        <div className={styles.tableHead}>
          <p className={styles.muted}>Newest first; each amount with its count.</p>
          <Button type="button" variant="secondary" onClick={onDownload}>
            Download CSV
          </Button>
        </div>
        <FiguresTable figures={figures} />
      </Card>
    </div>
  )
}
