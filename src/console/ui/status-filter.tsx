import { useId } from 'react'
import * as styles from './status-filter.css'

interface StatusFilterProps<Value extends string> {
  label: string
  value: Value | undefined
  /** Each choice with its words; '' is "all" where a list has it. */
  choices: ReadonlyArray<{ value: Value | ''; text: string }>
  onChange: (value: Value | undefined) => void
}

/** A list's filter: a labelled select that changes the list at once. */
export function StatusFilter<Value extends string>({
  label,
  value,
  choices,
  onChange,
}: StatusFilterProps<Value>) {
  const id = useId()
  return (
    <div className={styles.filter}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className={styles.select}
        value={value ?? ''}
        onChange={(event) => onChange((event.target.value || undefined) as Value | undefined)}
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.text}
          </option>
        ))}
      </select>
    </div>
  )
}
