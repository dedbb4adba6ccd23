import { plural } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { formatTotal } from '#api/money-totals'
import { inPageLanguage } from '#i18n/server-words'
import type { InsightsFigures } from '#machines/insights.machine'
import * as styles from './insights.css'
import { linesWords, minorOf, monthName, sumOf } from './insights-words'
import { MoneyInOutTable } from './money-in-out-table'

/**
 * The chosen month's lines by transaction type, as a table whose amounts each carry a bar the
 * length of their share of the month's largest amount: the bars are for the eye (hidden from
 * screen readers), the table's figures are what is read.
 */
export function TypeSplit({ figures, symbol }: { figures: InsightsFigures; symbol: string }) {
  const month = monthName(figures.month)
  const { types } = figures
  if (types.length === 0)
    return (
      <p className={styles.empty}>
        <Trans>Nothing came in or went out in {month}.</Trans>
      </p>
    )
  const largest = types.reduce(
    (most, type) =>
      [minorOf(type.moneyIn), minorOf(type.moneyOut), most].reduce((a, b) => (a > b ? a : b)),
    1n,
  )
  const share = (amount: string) => `${Number((minorOf(amount) * 1000n) / largest) / 10}%`
  const moneyIn = sumOf(types.map((type) => type.moneyIn))
  const moneyOut = sumOf(types.map((type) => type.moneyOut))
  const totalIn = formatTotal(moneyIn, symbol)
  const typeCount = types.length
  const totalOut = formatTotal(moneyOut, symbol)
  const amountCell = (amount: string, lines: number, bar: string) => (
    <td className={styles.amount}>
      {formatTotal(minorOf(amount), symbol)}
      <span className={styles.lines}>{linesWords(lines)}</span>
      <span className={styles.barTrack} aria-hidden="true">
        <span className={bar} style={{ width: share(amount) }} />
      </span>
    </td>
  )
  return (
    <>
      <p className={styles.summary}>
        {plural(typeCount, {
          one: `In ${month}, ${totalIn} came in and ${totalOut} went out, over # type of payment.`,
          other: `In ${month}, ${totalIn} came in and ${totalOut} went out, over # types of payment.`,
        })}
      </p>
      <MoneyInOutTable
        caption={<Trans>{month} by type, the most money first</Trans>}
        rowHeader={<Trans>Type</Trans>}
        rows={types.map((type) => (
          <tr key={type.type}>
            <th scope="row">{inPageLanguage(type.type)}</th>
            {amountCell(type.moneyIn, type.linesIn, styles.barIn)}
            {amountCell(type.moneyOut, type.linesOut, styles.barOut)}
          </tr>
        ))}
      />
    </>
  )
}
