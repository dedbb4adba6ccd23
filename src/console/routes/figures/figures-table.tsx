import { formatDayMonthYear } from '#api/day-month-year'
import { currencySymbol } from '#api/money'
import { formatWireTotal, parseWireTotal } from '#api/money-totals'
import { type ConsoleColumn, DataTable } from '../../ui/data-table'
import { countOf, type DayFigures, type Figures, tallies } from './figure-words'
import * as styles from './figures.css'

/** The period as a table, newest first: what the chart draws, for every reader, with counts. */
export function FiguresTable({ figures }: { figures: Figures }) {
  const symbol = currencySymbol(figures.currency)
  const money = (amount: string) => formatWireTotal(amount, symbol)
  const minor = (amount: string) => Number(parseWireTotal(amount) ?? 0n)
  const columns: ConsoleColumn<DayFigures>[] = [
    {
      id: 'day',
      header: 'Day (UTC)',
      accessorFn: (row) => row.day,
      cell: ({ row }) => formatDayMonthYear(row.original.day),
    },
    ...tallies.map(
      (tally): ConsoleColumn<DayFigures> => ({
        id: tally.key,
        header: tally.column,
        accessorFn: (row) => minor(row[tally.key].sum),
        cell: ({ row }) => (
          <>
            <span className={styles.tallyCell}>{money(row.original[tally.key].sum)}</span>
            <span className={styles.tallyCount}>
              {countOf(row.original[tally.key].count, tally.columnNoun ?? tally.noun)}
            </span>
          </>
        ),
      }),
    ),
    {
      id: 'fees',
      header: 'Fees',
      accessorFn: (row) => minor(row.fees),
      cell: ({ row }) => money(row.original.fees),
    },
  ]
  return (
    <DataTable
      caption={`Figures per day, the ${figures.days} days to ${formatDayMonthYear(figures.day)}: deposits, payments and fixed deposits confirmed, transfers settled and failed, and the fees earned`}
      rows={[...figures.series].reverse()}
      emptyText="No day."
      columns={columns}
      // Days compared down their columns: the table, scrolled inside its frame on a phone.
      narrow="scroll"
    />
  )
}
