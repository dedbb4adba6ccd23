import { t } from '@lingui/core/macro'
import { CopyButton } from '#ui/copy-button'
import * as styles from './detail-list.css'

export interface Detail {
  /** Shown as the term: 'Account number'. */
  label: string
  /** The value; null or blank shows 'n/a' (spec: "n/a or empty when missing"). */
  value: string | null
  /** Offers a copy button named "Copy <label in lower case>" when there is a value. */
  copyable?: boolean
}

/** Label and value pairs as a description list, each value copyable when asked. */
export function DetailList({ details }: { details: readonly Detail[] }) {
  return (
    <dl className={styles.list}>
      {details.map(({ label, value, copyable = false }) => {
        const text = value?.trim() ?? ''
        return (
          <div key={label} className={styles.row}>
            <dt className={styles.term}>{label}</dt>
            <dd className={styles.description}>
              <span className={styles.value}>
                {text === '' ? <span className={styles.missing}>{t`n/a`}</span> : text}
              </span>
              {copyable && text !== '' ? (
                <CopyButton value={text} label={label.toLowerCase()} />
              ) : null}
            </dd>
          </div>
        )
      })}
    </dl>
  )
}
