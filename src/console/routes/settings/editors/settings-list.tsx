import type { ReactNode } from 'react'
import { Button } from '#ui/button'
import * as styles from '../settings.css'

/** A list of an area's rows under its heading, with the button that adds a row. */
export function SettingsList({
  title,
  addLabel,
  onAdd,
  children,
}: {
  title: string
  addLabel: string
  onAdd: () => void
  children: ReactNode
}) {
  return (
    <div className={styles.rows}>
      <div className={styles.listHead}>
        <h3 className={styles.listTitle}>{title}</h3>
        <Button type="button" variant="secondary" onClick={onAdd}>
          {addLabel}
        </Button>
      </div>
      {children}
    </div>
  )
}

/** One row of a list: its fields under its legend, and its Remove button when it may go. */
export function SettingsRow({
  legend,
  remove,
  children,
}: {
  legend: string
  remove?: { label: string; onRemove: () => void } | undefined
  children: ReactNode
}) {
  return (
    <fieldset className={styles.row}>
      <legend className={styles.legend}>{legend}</legend>
      {children}
      {remove && (
        <div className={styles.rowActions}>
          <Button type="button" variant="secondary" onClick={remove.onRemove}>
            {remove.label}
          </Button>
        </div>
      )}
    </fieldset>
  )
}
