import { TextField, type TextFieldProps } from './text-field'

export type EmailFieldProps = Omit<TextFieldProps, 'label' | 'type'>

/**
 * The required "E-mail address" field: the e-mail keyboard, no capitals and no spelling fixes;
 * `autoComplete` is "email" unless given.
 */
export function EmailField(props: EmailFieldProps) {
  return (
    <TextField
      label="E-mail address"
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
