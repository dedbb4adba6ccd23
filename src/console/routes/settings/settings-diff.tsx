import type { SettingsChange } from '#api/contract/staff/settings-areas'
import * as styles from './settings.css'

const changeWords = { added: 'Added', removed: 'Removed', changed: 'Changed' } as const

/**
 * The difference between two versions of an area, row by row (docs/decisions/078): each setting
 * or row of a list added, removed or changed, with only the values that differ on each side.
 */
export function SettingsDiff({
  changes,
  caption,
  fromLabel,
  toLabel,
}: {
  changes: SettingsChange[]
  caption: string
  /** The first version's column: "Version 2". */
  fromLabel: string
  /** The second's: "Current (version 4)". */
  toLabel: string
}) {
  if (changes.length === 0) return <p>{caption}: no difference.</p>
  return (
    <table className={styles.diffTable}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Setting</th>
          <th scope="col">Change</th>
          <th scope="col">{fromLabel}</th>
          <th scope="col">{toLabel}</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.key}>
            <th scope="row">{change.field}</th>
            <td>
              <span data-change={change.change} className={styles.change[change.change]}>
                {changeWords[change.change]}
              </span>
            </td>
            <td>{change.from ?? '—'}</td>
            <td>{change.to ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
