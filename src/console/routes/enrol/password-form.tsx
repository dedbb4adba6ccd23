import type { FormEvent } from 'react'
import { minimumPasswordLength } from '#api/contract/staff/fields'
import { Button } from '#ui/button'
import { TextField } from '#ui/text-field'
import * as styles from '../../layout/auth-page.css'

export interface PasswordFormProps {
  busy: boolean
  onSubmit: (password: string, repeated: string) => void
}

/** The new password, typed twice; the server checks its length and that it is not a common one. */
export function PasswordForm({ busy, onSubmit }: PasswordFormProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const fields = new FormData(event.currentTarget)
    onSubmit(String(fields.get('password') ?? ''), String(fields.get('repeated') ?? ''))
  }
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextField
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${minimumPasswordLength} characters. A few unrelated words are easy to remember; common passwords are refused.`}
        readOnly={busy}
        autoFocus
      />
      <TextField
        label="The new password again"
        name="repeated"
        type="password"
        autoComplete="new-password"
        readOnly={busy}
      />
      <Button type="submit" fullWidth busy={busy} busyLabel="Setting your password…">
        Set password
      </Button>
    </form>
  )
}
