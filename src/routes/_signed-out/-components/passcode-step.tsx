import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { type FormEvent, useEffect, useRef } from 'react'
import { fieldRules } from '#api/contract/field-rules'
import type { Notice } from '#api/notice'
import type { Customer } from '#machines/login.machine'
import type { PasskeySignInInput } from '#machines/passkey-sign-in.machine'
import { Button } from '#ui/button'
import { CheckboxField } from '#ui/checkbox-field'
import { TextField } from '#ui/text-field'
import * as styles from './login-form.css'
import { WhoCard } from './who-card'

export { WhoCard }

/** Login's passkey sub-flow, loaded when "Use your passkey" is pressed (decision 081). */
export const signInWithPasskey = async (input: PasskeySignInInput) =>
  (await import('./passkey-sign-in')).signInWithPasskey(input)

export interface PasscodeStepProps {
  email: string
  customer: Customer
  /** Staff sign in with a plain password instead of the 6-digit passcode. */
  admin: boolean
  remember: boolean
  error: string | null
  /** The alert of a failed attempt: a new one clears the field and puts the focus back in it. */
  failure: Notice | null
  busy: boolean
  onSubmit: (password: string, remember: boolean) => void
  onChangeEmail: () => void
  /** A member of staff asks for the password field (the step never says whose e-mail it is). */
  onUsePassword: () => void
  /** "Use your passkey" is offered (decision 081), where the browser has passkeys at all. */
  passkey: boolean
  onUsePasskey: (remember: boolean) => void
}

const browserHasPasskeys = () => typeof window !== 'undefined' && 'PublicKeyCredential' in window

/** Login step 2: who is signing in, then the passcode (or an admin's password). */
export function PasscodeStep(props: PasscodeStepProps) {
  const { email, customer, admin, remember, error, failure, busy, onSubmit } = props
  const field = useRef<HTMLDivElement>(null)
  const form = useRef<HTMLFormElement>(null)
  const digits = fieldRules.passcode.digits

  // The focus moves to the passcode when the step opens, and again after a failed attempt.
  useEffect(() => {
    const element = field.current?.querySelector('input')
    if (!element) return
    if (failure) element.value = ''
    element.focus()
  }, [failure])

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    onSubmit(String(data.get('password') ?? ''), data.get('rememberMe') === 'on')
  }

  return (
    <form ref={form} className={styles.form} onSubmit={submit} noValidate>
      <WhoCard email={email} customer={customer}>
        <Button
          variant="ghost"
          className={styles.notYou}
          onClick={props.onChangeEmail}
          disabled={busy}
        >
          <Trans>Not you?</Trans>
        </Button>
      </WhoCard>
      <div ref={field}>
        {admin ? (
          <TextField
            label={t`Password`}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            readOnly={busy}
            error={error}
          />
        ) : (
          <TextField
            label={t`Passcode`}
            name="password"
            type="password"
            inputMode="numeric"
            autoComplete="current-password"
            pattern={`[0-9]{${fieldRules.passcode.digits}}`}
            maxLength={fieldRules.passcode.digits}
            required
            readOnly={busy}
            hint={t`Your ${digits}-digit passcode`}
            error={error}
            onInput={(event) => {
              const digits = event.currentTarget.value.replace(/\D/g, '')
              if (digits !== event.currentTarget.value) event.currentTarget.value = digits
            }}
          />
        )}
      </div>
      <div className={styles.row}>
        <CheckboxField label={t`Remember me`} name="rememberMe" defaultChecked={remember} />
        {/* Admins have a password, not a passcode: Forgot passcode? is not theirs to use. */}
        {admin ? null : (
          <Link to="/account/forgot" className={styles.smallLink}>
            <Trans>Forgot passcode?</Trans>
          </Link>
        )}
      </div>
      <Button type="submit" fullWidth busy={busy} busyLabel={t`Signing in…`}>
        <Trans>Sign in</Trans>
      </Button>
      {props.passkey && !admin && browserHasPasskeys() ? (
        <Button
          variant="secondary"
          fullWidth
          disabled={busy}
          onClick={() => {
            const box = form.current?.elements.namedItem('rememberMe')
            props.onUsePasskey(box instanceof HTMLInputElement && box.checked)
          }}
        >
          <Trans>Use your passkey</Trans>
        </Button>
      ) : null}
      {admin ? null : (
        <Button
          variant="ghost"
          className={styles.staffSwitch}
          onClick={props.onUsePassword}
          disabled={busy}
        >
          <Trans>Bank staff: use a password</Trans>
        </Button>
      )}
    </form>
  )
}
