import type { SelectHTMLAttributes } from 'react'
import { FieldFrame, useFieldIds } from './field-frame'
import { select } from './select-field.css'

export interface SelectOption {
  value: string
  label: string
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string
  options: readonly SelectOption[]
  /** A first, empty option such as "Select your country". */
  placeholder?: string
  /** Shown under the select and announced with it; marks the select invalid. */
  error?: string | null
  hint?: string
}

/** A labelled native select with an optional hint and error, wired for screen readers. */
export function SelectField({
  label,
  options,
  placeholder,
  error,
  hint,
  className,
  ...rest
}: SelectFieldProps) {
  const ids = useFieldIds(hint, error)
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} className={className}>
      <select
        {...rest}
        id={ids.id}
        className={select}
        aria-invalid={ids.invalid}
        aria-describedby={ids.describedBy}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  )
}
