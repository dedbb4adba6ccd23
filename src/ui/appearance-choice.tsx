import { t } from '@lingui/core/macro'
import type { Appearance } from '#api/appearance'
import { chooseAppearance, useAppearance } from './appearance'
import { RadioChoice } from './radio-choice'

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
  return (
    <RadioChoice
      legend={t`Appearance`}
      legendVisible={legendVisible}
      options={choices()}
      value={useAppearance()}
      onChoose={chooseAppearance}
      className={className}
    />
  )
}
