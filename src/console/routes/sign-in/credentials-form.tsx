import type { FormEvent } from 'react'
import { Button } from '#ui/button'
import { EmailField } from '#ui/email-field'
import { TextField } from '#ui/text-field'
import * as styles from '../../layout/auth-page.css'

export interface CredentialsFormProps {
  email: string
  busy: boolean
  onSubmit: (email: string, password: string) => void
}

/** Sign-in, step 1: the e-mail and password; the server checks both. */
export function CredentialsForm({ email, busy, onSubmit }: CredentialsFormProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const fields = new FormData(event.currentTarget)
    onSubmit(String(fields.get('email') ?? ''), String(fields.get('password') ?? ''))
  }
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <EmailField name="email" autoComplete="username" defaultValue={email} readOnly={busy} />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        readOnly={busy}
      />
      <Button type="submit" fullWidth busy={busy} busyLabel="Signing in…">
        Continue
      </Button>
    </form>
  )
}
