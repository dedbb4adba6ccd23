import { fourEyesRules } from '#api/contract/staff'
import { longestExpiryMinutes } from '#api/contract/staff/settings-areas'
import { TextField } from '#ui/text-field'
import * as styles from '../settings.css'
import type { EditorProps } from '../use-settings-draft'

const minutes = new Intl.NumberFormat('en-GB')

/** Above which amount each decision waits for a second person, and how long approvals wait. */
export function FourEyesEditor({ draft, change, problemAt }: EditorProps<'four-eyes'>) {
  return (
    <div className={styles.rows}>
      {draft.rules.map((rule, index) => {
        const { says, threshold } = fourEyesRules[rule.rule]
        const edit = (values: Partial<typeof rule>) =>
          change((form) => {
            Object.assign(form.rules[index] ?? {}, values)
          })
        return (
          <fieldset key={rule.rule} className={styles.row}>
            <legend className={styles.legend}>{says}</legend>
            {threshold ? (
              <TextField
                label="A second person above"
                value={rule.threshold}
                inputMode="decimal"
                autoComplete="off"
                hint="0 for every amount."
                error={problemAt(`rules.${index}.threshold`)}
                onChange={(event) => edit({ threshold: event.target.value })}
              />
            ) : (
              <p className={styles.muted}>Always: every one waits for a second person.</p>
            )}
            <TextField
              label="Approval expires after (minutes)"
              value={rule.expiry_minutes}
              inputMode="numeric"
              autoComplete="off"
              hint={`1,440 is 24 hours; at most ${minutes.format(longestExpiryMinutes)}.`}
              error={problemAt(`rules.${index}.expiry_minutes`)}
              onChange={(event) => edit({ expiry_minutes: event.target.value })}
            />
          </fieldset>
        )
      })}
    </div>
  )
}
