import type { FormEvent, ReactNode } from 'react'
import { Button } from '#ui/button'
import { TextField } from '#ui/text-field'
import * as styles from '../layout/auth-page.css'

export interface CodeFormProps {
  busy: boolean
  submitLabel: string
  onSubmit: (code: string) => void
  /** Other choices under the button (use the passkey instead, start again). */
  children?: ReactNode
}

/** The 6-digit code of an authenticator app; the server checks it. */
export function CodeForm({ busy, submitLabel, onSubmit, children }: CodeFormProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    onSubmit(String(new FormData(event.currentTarget).get('code') ?? ''))
  }
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextField
        label="Code from your authenticator app"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        maxLength={6}
        hint="6 digits; a new one every 30 seconds."
        readOnly={busy}
        autoFocus
      />
      <div className={styles.choices}>
        <Button type="submit" fullWidth busy={busy} busyLabel="Checking…">
          {submitLabel}
        </Button>
        {children}
      </div>
    </form>
  )
}
