import { CheckboxField } from '#ui/checkbox-field'
import { SelectField } from '#ui/select-field'
import { TextField } from '#ui/text-field'
import * as styles from '../settings.css'
import type { EditorProps } from '../use-settings-draft'
import { SettingsList, SettingsRow } from './settings-list'

/** The service charge, and when a transfer needs the e-mailed step-up code. */
export function ChargesEditor({ draft, change, problemAt, planNames }: EditorProps<'charges'>) {
  const choices = (plan: string) =>
    [...new Set([plan, ...planNames])]
      .filter((name) => name !== '')
      .map((name) => ({ value: name, label: name }))
  return (
    <>
      <div className={styles.row}>
        <TextField
          label="Service charge (%)"
          value={draft.service_charge}
          inputMode="decimal"
          autoComplete="off"
          hint="Of every transfer, with at most 2 decimals."
          error={problemAt('service_charge')}
          onChange={(event) =>
            change((form) => {
              form.service_charge = event.target.value
            })
          }
        />
        <TextField
          label="Step-up above"
          value={draft.step_up_default}
          inputMode="decimal"
          autoComplete="off"
          hint="For plans without a limit of their own."
          error={problemAt('step_up_default')}
          onChange={(event) =>
            change((form) => {
              form.step_up_default = event.target.value
            })
          }
        />
        <CheckboxField
          label="A new payee needs the step-up code"
          checked={draft.step_up_new_payee}
          onChange={(event) =>
            change((form) => {
              form.step_up_new_payee = event.target.checked
            })
          }
        />
      </div>
      <SettingsList
        title="Plans with a limit of their own"
        addLabel="Add a plan’s limit"
        onAdd={() =>
          change((form) => {
            form.step_up_limits.push({ plan: planNames[0] ?? '', limit: '' })
          })
        }
      >
        {draft.step_up_limits.map((row, index) => (
          <SettingsRow
            // biome-ignore lint/suspicious/noArrayIndexKey: rows keep their place while edited
            key={index}
            legend={row.plan || `Plan ${index + 1}`}
            remove={{
              label: 'Remove this limit',
              onRemove: () => change((form) => void form.step_up_limits.splice(index, 1)),
            }}
          >
            <SelectField
              label="Plan"
              value={row.plan}
              options={choices(row.plan)}
              error={
                problemAt(`step_up_limits.${index}.plan`) ?? problemAt(`step_up_limits.${index}`)
              }
              onChange={(event) =>
                change((form) => {
                  const edited = form.step_up_limits[index]
                  if (edited) edited.plan = event.target.value
                })
              }
            />
            <TextField
              label="Step-up above"
              value={row.limit}
              inputMode="decimal"
              autoComplete="off"
              error={problemAt(`step_up_limits.${index}.limit`)}
              onChange={(event) =>
                change((form) => {
                  const edited = form.step_up_limits[index]
                  if (edited) edited.limit = event.target.value
                })
              }
            />
          </SettingsRow>
        ))}
      </SettingsList>
    </>
  )
}
