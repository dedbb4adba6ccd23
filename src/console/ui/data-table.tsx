import {
  type ColumnDef,
  createSortedRowModel,
  FlexRender,
  type RowData,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_datetime,
  tableFeatures,
  useTable,
} from '@tanstack/react-table'
import { Fragment, type ReactNode } from 'react'
import { visuallyHidden } from '#ui/visually-hidden.css'
import * as styles from './data-table.css'

/**
 * The console's lists (issue 17: tables with sorting, filters and paging). Rows come a page at
 * a time from the server, which filters and pages; a column header sorts the page shown.
 */
const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, basic: sortFn_basic, datetime: sortFn_datetime },
})

export type ConsoleColumn<Row extends RowData> = ColumnDef<typeof features, Row>

interface DataTableProps<Row extends RowData> {
  /** What the table lists, for screen readers: "Pending KYC submissions". */
  caption: string
  columns: ConsoleColumn<Row>[]
  rows: Row[]
  /** Shown in place of the table when there are no rows. */
  emptyText: string
  /**
   * What a row shows below itself across every column (a proposal's changes), or null: room
   * that one column of a narrow table would not have.
   */
  below?: (row: Row) => ReactNode
  /**
   * In a narrow frame, each row a card of its labelled cells (the default), or the table kept
   * and scrolled inside its frame: a long series of figures, compared down its columns.
   */
  narrow?: 'cards' | 'scroll'
}

const sortMarks = { asc: '▲', desc: '▼' } as const
const ariaSort = { asc: 'ascending', desc: 'descending' } as const

/** A column's name as its cards label the cell: its header's words, if they are words. */
const labelOf = (header: unknown) => (typeof header === 'string' && header ? header : undefined)

export function DataTable<Row extends RowData>({
  caption,
  columns,
  rows,
  emptyText,
  below,
  narrow = 'cards',
}: DataTableProps<Row>) {
  const table = useTable({ features, columns, data: rows })
  if (rows.length === 0)
    return (
      <div className={styles.frame}>
        <p className={styles.empty}>{emptyText}</p>
      </div>
    )
  const sortable = table.getAllLeafColumns().some((column) => column.getCanSort())
  return (
    <div className={`${styles.frame} ${narrow === 'cards' ? styles.cardsWhenNarrow : ''}`}>
      <table className={styles.table}>
        <caption className={visuallyHidden}>{caption}</caption>
        <thead className={`${styles.head} ${sortable ? '' : styles.headWithoutSorting}`}>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} className={styles.headRow}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted()
                const canSort = !header.isPlaceholder && header.column.getCanSort()
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={`${styles.headerCell} ${canSort ? '' : styles.unsortedHeaderCell}`}
                    aria-sort={sorted ? ariaSort[sorted] : undefined}
                  >
                    {header.isPlaceholder ? null : canSort ? (
                      <button
                        type="button"
                        className={styles.sortButton}
                        onClick={header.column.getToggleSortingHandler()}
                      >
                        <FlexRender header={header} />
                        <span aria-hidden="true">{sorted ? sortMarks[sorted] : ''}</span>
                      </button>
                    ) : (
                      <FlexRender header={header} />
                    )}
                  </th>
                )
              })}
            </tr>
          ))}
        </thead>
        <tbody className={styles.body}>
          {table.getRowModel().rows.map((row) => {
            const under = below?.(row.original)
            return (
              <Fragment key={row.id}>
                <tr className={`${styles.row} ${under ? styles.rowWithBelow : ''}`}>
                  {row.getAllCells().map((cell) => (
                    <td
                      key={cell.id}
                      className={styles.cell}
                      data-label={labelOf(cell.column.columnDef.header)}
                    >
                      {/* One box: on a card, the value is one column beside the label. */}
                      <div className={styles.value}>
                        <FlexRender cell={cell} />
                      </div>
                    </td>
                  ))}
                </tr>
                {under ? (
                  <tr className={styles.row}>
                    <td className={styles.below} colSpan={columns.length}>
                      {under}
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
