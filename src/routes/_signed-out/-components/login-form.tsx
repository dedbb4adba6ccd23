import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { clientStorage } from '../../../api/client-storage'
import { call } from '../../../api/session-client'
import { AlertBox } from '../../../ui/alert-box'
import { Stack } from '../../../ui/stack'
import { toast } from '../../../ui/toast-store'
import { EmailStep } from './email-step'
import * as styles from './login-form.css'
import { loginOutcome, lookupOutcome } from './login-outcome'
import { PasscodeStep } from './passcode-step'

type Step =
  | { name: 'email' }
  | { name: 'passcode'; fullname: string; picture: string | null; admin: boolean }

interface Alert {
  type: 'error' | 'warning'
  msg: string
}

/**
 * The two-step login: the e-mail (iduser) shows whose account it is, the passcode (userlogin)
 * opens the session. A later release moves this flow into a statechart.
 */
export function LoginForm() {
  const navigate = useNavigate()
  const [step, setStep] = useState<Step>({ name: 'email' })
  const [email, setEmail] = useState('')
  const [busy, setBusy] = useState(false)
  const [alert, setAlert] = useState<Alert | null>(null)

  const lookUp = async (address: string) => {
    setEmail(address)
    setAlert(null)
    setBusy(true)
    const outcome = lookupOutcome(await call('iduser', { email: address }))
    setBusy(false)
    if (outcome.kind === 'failed') setAlert({ type: 'error', msg: outcome.message })
    else setStep({ name: 'passcode', ...outcome })
  }

  const signIn = async (password: string, remember: boolean) => {
    setAlert(null)
    setBusy(true)
    const outcome = loginOutcome(
      await call('userlogin', { email, password, remeber: remember ? 'on' : undefined }),
    )
    setBusy(false)
    if (outcome.kind === 'failed') setAlert({ type: 'error', msg: outcome.message })
    else if (outcome.kind === 'needs-step') setAlert({ type: 'warning', msg: outcome.message })
    else {
      clientStorage.setSessionToken(outcome.token, remember)
      toast({ type: 'success', message: outcome.message })
      await navigate({ to: '/dashboard' })
    }
  }

  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <h1 className={styles.title}>Sign in</h1>
        <p className={styles.subtitle}>
          {step.name === 'email'
            ? 'Enter the e-mail address of your account.'
            : 'Enter your passcode to continue.'}
        </p>
      </Stack>
      <AlertBox display={alert !== null} type={alert?.type ?? 'error'} msg={alert?.msg} />
      {step.name === 'email' ? (
        <EmailStep email={email} busy={busy} onSubmit={lookUp} />
      ) : (
        <PasscodeStep
          email={email}
          fullname={step.fullname}
          picture={step.picture}
          admin={step.admin}
          busy={busy}
          onSubmit={signIn}
          onChangeEmail={() => {
            setAlert(null)
            setStep({ name: 'email' })
          }}
        />
      )}
      <p className={styles.aside}>
        New to online banking? <Link to="/account/signup">Open an account</Link>
      </p>
    </Stack>
  )
}
