import type { ReactNode } from 'react'
import * as styles from './fact-list.css'

/** Labelled facts of a case or a customer, as a description list. */
export function FactList({ facts }: { facts: ReadonlyArray<readonly [string, ReactNode]> }) {
  return (
    <dl className={styles.list}>
      {facts.map(([label, value]) => (
        <div key={label} className={styles.row}>
          <dt className={styles.label}>{label}</dt>
          <dd className={styles.value}>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
