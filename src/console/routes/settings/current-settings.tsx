import { areaOf, partsText, type SettingsAreaName } from '#api/contract/staff/settings-areas'
import { Card } from '#ui/card'
import { visuallyHidden } from '#ui/visually-hidden.css'
import * as styles from './settings.css'

/** The version in use, row by row, for those who read the settings without changing them. */
export function CurrentSettings({
  area,
  version,
  content,
}: {
  area: SettingsAreaName
  version: number
  content: unknown
}) {
  const entries = areaOf(area).entries(content)
  return (
    <Card heading={`In use: version ${version}`}>
      <p className={styles.muted}>Only the configuration role proposes changes.</p>
      <table className={styles.diffTable}>
        <caption className={visuallyHidden}>The settings in use</caption>
        <thead>
          <tr>
            <th scope="col">Setting</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.key}>
              <th scope="row">{entry.label}</th>
              <td>{partsText(entry.parts)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  )
}
