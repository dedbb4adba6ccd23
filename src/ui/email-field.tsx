import { t } from '@lingui/core/macro'
import { TextField, type TextFieldProps } from './text-field'

export type EmailFieldProps = Omit<TextFieldProps, 'label' | 'type'> & { label?: string }

/**
 * The required e-mail field: the e-mail keyboard, no capitals and no spelling fixes; the label
 * is "E-mail address" and `autoComplete` is "email" unless given.
 */
export function EmailField(props: EmailFieldProps) {
  return (
    <TextField
      label={t`E-mail address`}
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      required
      {...props}
    />
  )
}
