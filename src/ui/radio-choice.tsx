import { useId } from 'react'
import * as styles from './radio-choice.css'
import { visuallyHidden } from './visually-hidden.css'

export interface RadioOption<Value extends string> {
  value: Value
  label: string
  /** The option's own language, where it is written in it ("Español"). */
  lang?: string
}

export interface RadioChoiceProps<Value extends string> {
  legend: string
  /** Shown beside the options, or only read out when the place already says it (a heading). */
  legendVisible?: boolean
  options: readonly RadioOption<Value>[]
  value: Value
  onChoose: (value: Value) => void
  /** The legend above and each option on a line of its own, its words wrapping: long options. */
  stacked?: boolean
  className?: string
}

/**
 * A choice of one among a few, as radios on a line (a preference that applies at once), or
 * stacked, one a line, where the options are sentences.
 */
export function RadioChoice<Value extends string>({
  legend,
  legendVisible = true,
  options,
  value: chosen,
  onChoose,
  stacked = false,
  className,
}: RadioChoiceProps<Value>) {
  const name = useId()
  return (
    <fieldset
      className={[styles.choice, stacked ? styles.stacked : '', className]
        .filter(Boolean)
        .join(' ')}
    >
      <legend
        className={
          legendVisible ? (stacked ? styles.stackedLegend : styles.legend) : visuallyHidden
        }
      >
        {legend}
      </legend>
      {options.map(({ value, label, lang }) => (
        <label key={value} className={styles.option} lang={lang}>
          <input
            type="radio"
            name={name}
            value={value}
            checked={chosen === value}
            onChange={() => onChoose(value)}
            className={styles.radio}
          />
          {label}
        </label>
      ))}
    </fieldset>
  )
}
