import type { InputHTMLAttributes } from 'react'
import * as styles from './field.css'
import { FieldFrame, useFieldIds } from './field-frame'

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string
  /** Shown under the input and announced with it; marks the input invalid. */
  error?: string | null
  hint?: string
}

/** A labelled input with an optional hint and error message, wired for screen readers. */
export function TextField({ label, error, hint, className, ...input }: TextFieldProps) {
  const ids = useFieldIds(hint, error)
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} className={className}>
      <input
        {...input}
        id={ids.id}
        className={styles.input}
        aria-invalid={ids.invalid}
        aria-describedby={ids.describedBy}
      />
    </FieldFrame>
  )
}
