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
  /** Shown in place of the rows when there are none. */
  emptyText: string
  /**
   * What a row shows below itself across every column (a proposal's changes), or null: room
   * that one column of a narrow table would not have.
   */
  below?: (row: Row) => ReactNode
}

const sortMarks = { asc: '▲', desc: '▼' } as const
const ariaSort = { asc: 'ascending', desc: 'descending' } as const

export function DataTable<Row extends RowData>({
  caption,
  columns,
  rows,
  emptyText,
  below,
}: DataTableProps<Row>) {
  const table = useTable({ features, columns, data: rows })
  return (
    <div className={styles.frame}>
      <table className={styles.table}>
        <caption className={visuallyHidden}>{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted()
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={styles.headerCell}
                    aria-sort={sorted ? ariaSort[sorted] : undefined}
                  >
                    {header.isPlaceholder ? null : header.column.getCanSort() ? (
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
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td className={styles.empty} colSpan={columns.length}>
                {emptyText}
              </td>
            </tr>
          ) : (
            table.getRowModel().rows.map((row) => {
              const under = below?.(row.original)
              return (
                <Fragment key={row.id}>
                  <tr className={under ? styles.rowWithBelow : undefined}>
                    {row.getAllCells().map((cell) => (
                      <td key={cell.id} className={styles.cell}>
                        <FlexRender cell={cell} />
                      </td>
                    ))}
                  </tr>
                  {under ? (
                    <tr>
                      <td className={styles.below} colSpan={columns.length}>
                        {under}
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              )
            })
          )}
        </tbody>
      </table>
    </div>
  )
}
