import type { ReactNode } from 'react'
import { TextField } from '#ui/text-field'
import * as styles from '../settings.css'
import type { EditorProps } from '../use-settings-draft'
import { SettingsList, SettingsRow } from './settings-list'

type PlanText = { name: string; description: string }

/** A plan's row: its name, its kind's own fields, what it is for, and Remove. */
function PlanRow({
  legend,
  plan,
  problemAt,
  edit,
  onRemove,
  children,
}: {
  legend: string
  plan: PlanText
  /** The problem with one of the plan's fields, or with the plan as a whole (no field). */
  problemAt: (field?: string) => string | null
  edit: (values: Partial<PlanText>) => void
  onRemove: () => void
  children: ReactNode
}) {
  return (
    <SettingsRow legend={legend} remove={{ label: 'Remove this plan', onRemove }}>
      <TextField
        label="Name"
        value={plan.name}
        maxLength={80}
        autoComplete="off"
        error={problemAt('name') ?? problemAt()}
        onChange={(event) => edit({ name: event.target.value })}
      />
      {children}
      <TextField
        className={styles.wide}
        label="What it is for"
        value={plan.description}
        maxLength={200}
        autoComplete="off"
        error={problemAt('description')}
        onChange={(event) => edit({ description: event.target.value })}
      />
    </SettingsRow>
  )
}

/**
 * The plans: fixed deposits with their term and yearly rate, and upgrades with their price,
 * each with a line saying what it is for. Running fixed deposits keep their own terms.
 */
export function PlansEditor({ draft, change, problemAt }: EditorProps<'plans'>) {
  return (
    <>
      <SettingsList
        title="Fixed deposits"
        addLabel="Add a fixed deposit"
        onAdd={() =>
          change((form) => {
            form.fixed_deposits.push({ name: '', term_days: '', rate: '', description: '' })
          })
        }
      >
        {draft.fixed_deposits.map((plan, index) => {
          const at = (field?: string) =>
            problemAt(field ? `fixed_deposits.${index}.${field}` : `fixed_deposits.${index}`)
          const edit = (values: Partial<typeof plan>) =>
            change((form) => {
              Object.assign(form.fixed_deposits[index] ?? {}, values)
            })
          return (
            <PlanRow
              // biome-ignore lint/suspicious/noArrayIndexKey: rows keep their place while edited
              key={index}
              legend={plan.name || `New fixed deposit ${index + 1}`}
              plan={plan}
              problemAt={at}
              edit={edit}
              onRemove={() => change((form) => void form.fixed_deposits.splice(index, 1))}
            >
              <TextField
                label="Term in days"
                value={plan.term_days}
                inputMode="numeric"
                autoComplete="off"
                error={at('term_days')}
                onChange={(event) => edit({ term_days: event.target.value })}
              />
              <TextField
                label="Yearly rate (%)"
                value={plan.rate}
                inputMode="decimal"
                autoComplete="off"
                error={at('rate')}
                onChange={(event) => edit({ rate: event.target.value })}
              />
            </PlanRow>
          )
        })}
      </SettingsList>
      <SettingsList
        title="Upgrades"
        addLabel="Add an upgrade"
        onAdd={() =>
          change((form) => {
            form.upgrades.push({ name: '', price: '', description: '' })
          })
        }
      >
        {draft.upgrades.map((plan, index) => {
          const at = (field?: string) =>
            problemAt(field ? `upgrades.${index}.${field}` : `upgrades.${index}`)
          const edit = (values: Partial<typeof plan>) =>
            change((form) => {
              Object.assign(form.upgrades[index] ?? {}, values)
            })
          return (
            <PlanRow
              // biome-ignore lint/suspicious/noArrayIndexKey: rows keep their place while edited
              key={index}
              legend={plan.name || `New upgrade ${index + 1}`}
              plan={plan}
              problemAt={at}
              edit={edit}
              onRemove={() => change((form) => void form.upgrades.splice(index, 1))}
            >
              <TextField
                label="Price"
                value={plan.price}
                inputMode="decimal"
                autoComplete="off"
                hint="Empty: any amount is taken."
                error={at('price')}
                onChange={(event) => edit({ price: event.target.value })}
              />
            </PlanRow>
          )
        })}
      </SettingsList>
    </>
  )
}
