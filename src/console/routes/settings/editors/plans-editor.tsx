import { Button } from '#ui/button'
import { TextField } from '#ui/text-field'
import * as styles from '../settings.css'
import type { EditorProps } from '../use-settings-draft'

/** A plan's row: its fields, and Remove. */
function PlanRow({
  legend,
  removeLabel,
  onRemove,
  children,
}: {
  legend: string
  removeLabel: string
  onRemove: () => void
  children: React.ReactNode
}) {
  return (
    <fieldset className={styles.row}>
      <legend className={styles.legend}>{legend}</legend>
      {children}
      <div className={styles.rowActions}>
        <Button type="button" variant="secondary" onClick={onRemove}>
          {removeLabel}
        </Button>
      </div>
    </fieldset>
  )
}

/**
 * The plans: fixed deposits with their term and yearly rate, and upgrades with their price,
 * each with a line saying what it is for. Running fixed deposits keep their own terms.
 */
export function PlansEditor({ draft, change, problemAt }: EditorProps<'plans'>) {
  return (
    <>
      <div className={styles.rows}>
        <div className={styles.listHead}>
          <h3 className={styles.listTitle}>Fixed deposits</h3>
          <Button
            type="button"
            variant="secondary"
            onClick={() =>
              change((form) => {
                form.fixed_deposits.push({ name: '', term_days: '', rate: '', description: '' })
              })
            }
          >
            Add a fixed deposit
          </Button>
        </div>
        {draft.fixed_deposits.map((plan, index) => {
          const at = (field: string) => problemAt(`fixed_deposits.${index}.${field}`)
          const edit = (values: Partial<typeof plan>) =>
            change((form) => {
              Object.assign(form.fixed_deposits[index] ?? {}, values)
            })
          return (
            <PlanRow
              // biome-ignore lint/suspicious/noArrayIndexKey: rows keep their place while edited
              key={index}
              legend={plan.name || `New fixed deposit ${index + 1}`}
              removeLabel="Remove this plan"
              onRemove={() => change((form) => void form.fixed_deposits.splice(index, 1))}
            >
              <TextField
                label="Name"
                value={plan.name}
                maxLength={80}
                autoComplete="off"
                error={at('name') ?? problemAt(`fixed_deposits.${index}`)}
                onChange={(event) => edit({ name: event.target.value })}
              />
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
              <TextField
                className={styles.wide}
                label="What it is for"
                value={plan.description}
                maxLength={200}
                autoComplete="off"
                error={at('description')}
                onChange={(event) => edit({ description: event.target.value })}
              />
            </PlanRow>
          )
        })}
      </div>
      <div className={styles.rows}>
        <div className={styles.listHead}>
          <h3 className={styles.listTitle}>Upgrades</h3>
          <Button
            type="button"
            variant="secondary"
            onClick={() =>
              change((form) => {
                form.upgrades.push({ name: '', price: '', description: '' })
              })
            }
          >
            Add an upgrade
          </Button>
        </div>
        {draft.upgrades.map((plan, index) => {
          const at = (field: string) => problemAt(`upgrades.${index}.${field}`)
          const edit = (values: Partial<typeof plan>) =>
            change((form) => {
              Object.assign(form.upgrades[index] ?? {}, values)
            })
          return (
            <PlanRow
              // biome-ignore lint/suspicious/noArrayIndexKey: rows keep their place while edited
              key={index}
              legend={plan.name || `New upgrade ${index + 1}`}
              removeLabel="Remove this plan"
              onRemove={() => change((form) => void form.upgrades.splice(index, 1))}
            >
              <TextField
                label="Name"
                value={plan.name}
                maxLength={80}
                autoComplete="off"
                error={at('name') ?? problemAt(`upgrades.${index}`)}
                onChange={(event) => edit({ name: event.target.value })}
              />
              <TextField
                label="Price"
                value={plan.price}
                inputMode="decimal"
                autoComplete="off"
                hint="Empty: any amount is taken."
                error={at('price')}
                onChange={(event) => edit({ price: event.target.value })}
              />
              <TextField
                className={styles.wide}
                label="What it is for"
                value={plan.description}
                maxLength={200}
                autoComplete="off"
                error={at('description')}
                onChange={(event) => edit({ description: event.target.value })}
              />
            </PlanRow>
          )
        })}
      </div>
    </>
  )
}
