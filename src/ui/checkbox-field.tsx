import type { InputHTMLAttributes } from 'react'
import * as styles from './field.css'

export interface CheckboxFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'> {
  label: string
}

/** A checkbox wrapped in its label, so the whole row is clickable. */
export function CheckboxField({ label, className, ...input }: CheckboxFieldProps) {
  return (
    <label className={[styles.checkRow, className].filter(Boolean).join(' ')}>
      <input {...input} type="checkbox" className={styles.checkbox} />
      {label}
    </label>
  )
}
