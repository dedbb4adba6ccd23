import { t } from '@lingui/core/macro'
import type { ButtonHTMLAttributes } from 'react'
import * as styles from './button.css'

export type ButtonVariant = keyof typeof styles.variant

export interface ButtonLook {
  variant?: ButtonVariant
  fullWidth?: boolean
  /** Smaller, for a list's rows. */
  compact?: boolean
}

/** The class list of a button, for links that should look like one. */
export function buttonClass({
  variant = 'primary',
  fullWidth = false,
  compact = false,
}: ButtonLook = {}): string {
  return [
    styles.base,
    styles.variant[variant],
    fullWidth ? styles.fullWidth : '',
    compact ? styles.compact : '',
  ]
    .filter(Boolean)
    .join(' ')
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonLook {
  /** Shows a busy label and disables the button while an action runs. */
  busy?: boolean
  busyLabel?: string
}

export function Button({
  variant,
  fullWidth,
  compact,
  busy = false,
  busyLabel,
  className,
  disabled,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={[buttonClass({ variant, fullWidth, compact }), className]
        .filter(Boolean)
        .join(' ')}
    >
      {busy ? (busyLabel ?? t`Please wait…`) : children}
    </button>
  )
}
