import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useId } from 'react'
import type { Appearance } from '#api/appearance'
import { chooseAppearance, useAppearance } from './appearance'
import * as styles from './appearance-choice.css'
import { visuallyHidden } from './visually-hidden.css'

const choices = (): readonly { value: Appearance; label: string }[] => [
  { value: 'system', label: t`System` },
  { value: 'light', label: t`Light` },
  { value: 'dark', label: t`Dark` },
]

export interface AppearanceChoiceProps {
  /** Shown beside the choices, or only read out when the place already says it (a heading). */
  legendVisible?: boolean
  className?: string
}

/** System, Light or Dark for this browser: applied at once and kept (src/ui/appearance.ts). */
export function AppearanceChoice({ legendVisible = true, className }: AppearanceChoiceProps) {
  const appearance = useAppearance()
  const name = useId()
  return (
    <fieldset className={[styles.choice, className].filter(Boolean).join(' ')}>
      <legend className={legendVisible ? styles.legend : visuallyHidden}>
        <Trans>Appearance</Trans>
      </legend>
      {choices().map(({ value, label }) => (
        <label key={value} className={styles.option}>
          <input
            type="radio"
            name={name}
            value={value}
            checked={appearance === value}
            onChange={() => chooseAppearance(value)}
            className={styles.radio}
          />
          {label}
        </label>
      ))}
    </fieldset>
  )
}
