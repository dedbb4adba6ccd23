import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import * as styles from './insights.css'

/**
 * Insights' figures as a table beside each chart, for screen readers and for reading: a row per
 * month or type (`rows`, each a `<tr>` with its header cell), money in and money out.
 */
export function MoneyInOutTable(props: {
  caption: ReactNode
  rowHeader: ReactNode
  rows: ReactNode
}) {
  return (
    <div className={styles.tableFrame}>
      <table className={styles.table}>
        <caption className={styles.caption}>{props.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{props.rowHeader}</th>
            <th scope="col" className={styles.amount}>
              <Trans>Money in</Trans>
            </th>
            <th scope="col" className={styles.amount}>
              <Trans>Money out</Trans>
            </th>
          </tr>
        </thead>
        <tbody>{props.rows}</tbody>
      </table>
    </div>
  )
}
