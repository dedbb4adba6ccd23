import { countries } from '#api/countries'
import { SelectField } from '#ui/select-field'
import { TextField } from '#ui/text-field'
import * as styles from '../settings.css'
import type { EditorProps } from '../use-settings-draft'

type Field = 'whatsapp' | 'email' | 'phone' | 'swift' | 'routing'

/** How customers reach the bank, and the bank's institution details. */
export function ContactEditor({ draft, change, problemAt }: EditorProps<'contact'>) {
  const text = (field: Field, label: string, hint?: string) => (
    <TextField
      label={label}
      value={draft[field]}
      autoComplete="off"
      hint={hint}
      error={problemAt(field)}
      onChange={(event) =>
        change((form) => {
          form[field] = event.target.value
        })
      }
    />
  )
  return (
    <>
      <fieldset className={styles.row}>
        <legend className={styles.legend}>How customers reach the bank</legend>
        {text('whatsapp', 'WhatsApp number', 'In international form, e.g. +15550100200.')}
        {text('email', 'E-mail address')}
        {text('phone', 'Phone number', 'In international form; spaces are kept as typed.')}
      </fieldset>
      <fieldset className={styles.row}>
        <legend className={styles.legend}>Institution details</legend>
        {text('swift', 'SWIFT code')}
        {text('routing', 'Routing number')}
        <SelectField
          label="Country"
          value={draft.country}
          placeholder="Not set"
          options={countries().map((country) => ({ value: country.name, label: country.name }))}
          error={problemAt('country')}
          onChange={(event) =>
            change((form) => {
              form.country = event.target.value
            })
          }
        />
        <p className={`${styles.muted} ${styles.wide}`}>
          Accounts that show the bank’s present institution details take the new ones when the
          change is applied; an account given details of its own keeps them.
        </p>
      </fieldset>
    </>
  )
}
