import { Button } from '#ui/button'
import { TextField } from '#ui/text-field'
import * as styles from '../settings.css'
import type { EditorProps } from '../use-settings-draft'
import { SettingsList } from './settings-list'

/** The payment purposes, in the order Make payment lists them. */
export function PurposesEditor({ draft, change, problemAt }: EditorProps<'purposes'>) {
  return (
    <SettingsList
      title="Purposes"
      addLabel="Add a purpose"
      onAdd={() => change((form) => void form.purposes.push(''))}
    >
      {draft.purposes.map((purpose, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a purpose is its text, which is what changes
        <div key={index} className={styles.row}>
          <TextField
            label={`Purpose ${index + 1}`}
            value={purpose}
            maxLength={80}
            autoComplete="off"
            error={problemAt(`purposes.${index}`)}
            onChange={(event) =>
              change((form) => {
                form.purposes[index] = event.target.value
              })
            }
          />
          <div className={styles.rowActions}>
            <Button
              type="button"
              variant="secondary"
              aria-label={`Remove purpose ${index + 1}${purpose ? `, ${purpose}` : ''}`}
              onClick={() => change((form) => void form.purposes.splice(index, 1))}
            >
              Remove
            </Button>
          </div>
        </div>
      ))}
    </SettingsList>
  )
}
