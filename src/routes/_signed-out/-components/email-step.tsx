import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { type FormEvent, useEffect, useRef } from 'react'
import { Button } from '#ui/button'
import { EmailField } from '#ui/email-field'
import { useHeldSubmit } from '#ui/use-held-submit'
import * as styles from './login-form.css'

export interface EmailStepProps {
  /** The e-mail typed before (when coming back from step 2). */
  email: string
  error: string | null
  busy: boolean
  onSubmit: (email: string) => void
}

/** Login step 1: the e-mail address. The machine checks it; this only reports what was typed. */
export function EmailStep({ email, error, busy, onSubmit }: EmailStepProps) {
  const form = useRef<HTMLFormElement>(null)
  useHeldSubmit(form)

  // Coming back from step 2 ("Not you?"), the focus returns to the e-mail field.
  useEffect(() => {
    if (email !== '') form.current?.querySelector('input')?.focus()
  }, [email])

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    onSubmit(String(new FormData(event.currentTarget).get('email') ?? ''))
  }

  return (
    <form ref={form} className={styles.form} onSubmit={submit} noValidate>
      <EmailField
        name="email"
        autoComplete="username"
        defaultValue={email}
        readOnly={busy}
        error={error}
      />
      <Button type="submit" fullWidth busy={busy} busyLabel={t`Checking…`}>
        <Trans>Continue</Trans>
      </Button>
    </form>
  )
}
