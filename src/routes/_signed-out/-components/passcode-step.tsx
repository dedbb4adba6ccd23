import { Link } from '@tanstack/react-router'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { Avatar } from '../../../ui/avatar'
import { Button } from '../../../ui/button'
import { CheckboxField } from '../../../ui/checkbox-field'
import { TextField } from '../../../ui/text-field'
import * as styles from './login-form.css'

export interface PasscodeStepProps {
  email: string
  fullname: string
  picture: string | null
  /** Admins sign in with a plain password instead of the 6-digit passcode. */
  admin: boolean
  busy: boolean
  onSubmit: (password: string, remember: boolean) => void
  onChangeEmail: () => void
}

const passcodePattern = /^\d{6}$/

/** Login step 2: who is signing in, then the passcode (or an admin's password). */
export function PasscodeStep(props: PasscodeStepProps) {
  const { email, fullname, picture, admin, busy, onSubmit, onChangeEmail } = props
  const [password, setPassword] = useState('')
  const [remember, setRemember] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const field = useRef<HTMLDivElement>(null)

  useEffect(() => {
    field.current?.querySelector('input')?.focus()
  }, [])

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (admin ? password === '' : !passcodePattern.test(password)) {
      setError(admin ? 'Enter your password' : 'Passcode must be 6 digits')
      return
    }
    setError(null)
    onSubmit(password, remember)
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <div className={styles.who}>
        <Avatar name={fullname} picture={picture} size={48} />
        <div className={styles.whoText}>
          <span className={styles.whoName} title={fullname}>
            {fullname}
          </span>
          <span className={styles.whoEmail} title={email}>
            {email}
          </span>
        </div>
        <Button variant="ghost" className={styles.notYou} onClick={onChangeEmail} disabled={busy}>
          Not you?
        </Button>
      </div>
      <div ref={field}>
        {admin ? (
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            error={error}
            onChange={(event) => setPassword(event.target.value)}
          />
        ) : (
          <TextField
            label="Passcode"
            name="password"
            type="password"
            inputMode="numeric"
            autoComplete="current-password"
            pattern="[0-9]{6}"
            maxLength={6}
            required
            hint="Your 6-digit passcode"
            value={password}
            error={error}
            onChange={(event) => setPassword(event.target.value.replace(/\D/g, ''))}
          />
        )}
      </div>
      <div className={styles.row}>
        <CheckboxField
          label="Remember me"
          name="remeber"
          checked={remember}
          onChange={(event) => setRemember(event.target.checked)}
        />
        <Link to="/account/forgot" className={styles.smallLink}>
          Forgot passcode?
        </Link>
      </div>
      <Button type="submit" fullWidth busy={busy} busyLabel="Signing in…">
        Sign in
      </Button>
    </form>
  )
}
