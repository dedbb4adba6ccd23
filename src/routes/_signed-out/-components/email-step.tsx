import { type FormEvent, useState } from 'react'
import { Button } from '../../../ui/button'
import { TextField } from '../../../ui/text-field'
import * as styles from './login-form.css'

export interface EmailStepProps {
  email: string
  busy: boolean
  onSubmit: (email: string) => void
}

/** Login step 1: the e-mail address. */
export function EmailStep({ email: initial, busy, onSubmit }: EmailStepProps) {
  const [email, setEmail] = useState(initial)
  const [error, setError] = useState<string | null>(null)

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const value = email.trim()
    if (!value.includes('@')) {
      setError("That doesn't look like an email address")
      return
    }
    setError(null)
    onSubmit(value)
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextField
        label="E-mail address"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={email}
        error={error}
        onChange={(event) => setEmail(event.target.value)}
      />
      <Button type="submit" fullWidth busy={busy}>
        Continue
      </Button>
    </form>
  )
}
