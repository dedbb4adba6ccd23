import { Button } from '#ui/button'
import { TextField } from '#ui/text-field'
import * as styles from '../settings.css'
import type { EditorProps } from '../use-settings-draft'

/** The payment purposes, in the order Make payment lists them. */
export function PurposesEditor({ draft, change, problemAt }: EditorProps<'purposes'>) {
  return (
    <div className={styles.rows}>
      <div className={styles.listHead}>
        <h3 className={styles.listTitle}>Purposes</h3>
        <Button
          type="button"
          variant="secondary"
          onClick={() => change((form) => void form.purposes.push(''))}
        >
          Add a purpose
        </Button>
      </div>
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
    </div>
  )
}
