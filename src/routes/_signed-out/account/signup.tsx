import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { useMachine } from '@xstate/react'
import { fromPromise } from 'xstate'
import { call } from '#api/session-client'
import { type SignupTextField, signupMachine, termsLabel } from '#machines/signup.machine'
import { NoticeAlert } from '#ui/alert-box'
import { Button } from '#ui/button'
import { CheckboxField } from '#ui/checkbox-field'
import { EmailField } from '#ui/email-field'
import { Stack } from '#ui/stack'
import { TextField } from '#ui/text-field'
import * as styles from '../../-components/account-form.css'
import { OutcomePanel } from '../../-components/outcome-panel'
import { useSubmitFocusingFirstError } from '../../-components/submit-focusing-first-error'
import { SignedOutLayout } from '../-components/signed-out-layout'

export const Route = createFileRoute('/_signed-out/account/signup')({
  component: SignupScreen,
})

/** The signup machine with the app's call and navigation. */
function useSignup() {
  const navigate = useNavigate()
  return useMachine(
    signupMachine.provide({
      actors: { newuser: fromPromise(({ input }) => call('newuser', input)) },
      actions: {
        goToVerify: (_, { email }) => {
          void navigate({ to: '/account/verify/$email', params: { email } })
        },
      },
    }),
    { input: {} },
  )
}

/** The new passcode and its confirmation: 6 digits, hidden. */
const passcodeProps = {
  type: 'password',
  inputMode: 'numeric',
  autoComplete: 'new-password',
  pattern: '[0-9]{6}',
  maxLength: 6,
  required: true,
} as const

function SignupScreen() {
  const [snapshot, send] = useSignup()
  const { context } = snapshot
  const busy = snapshot.hasTag('busy')
  // After a SUBMIT with mistakes, the first field that has one takes the focus.
  const { formRef, submit } = useSubmitFocusingFirstError(() => send({ type: 'SUBMIT' }))

  const textField = (field: SignupTextField) => ({
    name: field,
    value: context.values[field],
    error: context.errors[field],
    onChange: (event: { target: { value: string } }) =>
      send({ type: 'CHANGE', field, value: event.target.value }),
  })

  return (
    <SignedOutLayout title="Open an account">
      <Stack gap="xl">
        {snapshot.hasTag('redirecting') && context.alert ? (
          <OutcomePanel
            title="Account created"
            alert={context.alert}
            destination="e-mail verification"
            onContinue={() => send({ type: 'CONTINUE' })}
          />
        ) : (
          <>
            <header className={styles.header}>
              <h1 className={styles.title}>Open an account</h1>
              <p className={styles.lead}>
                It takes a minute. We will e-mail you a code to verify your address.
              </p>
            </header>
            <NoticeAlert notice={context.alert} />
            <form ref={formRef} className={styles.form} onSubmit={submit} noValidate>
              <fieldset className={styles.fields} disabled={busy}>
                <div className={styles.pair}>
                  <TextField
                    label="First name"
                    autoComplete="given-name"
                    required
                    {...textField('firstName')}
                  />
                  <TextField
                    label="Last name"
                    autoComplete="family-name"
                    required
                    {...textField('lastName')}
                  />
                </div>
                <TextField
                  label="Username"
                  autoComplete="username"
                  autoCapitalize="none"
                  spellCheck={false}
                  required
                  {...textField('username')}
                />
                <EmailField {...textField('email')} />
                <TextField
                  label="Passcode"
                  hint="6 digits. You will sign in with it."
                  {...passcodeProps}
                  {...textField('passcode')}
                />
                <TextField
                  label="Confirm passcode"
                  {...passcodeProps}
                  {...textField('confirmPasscode')}
                />
                <CheckboxField
                  label={termsLabel}
                  name="agreed"
                  required
                  checked={context.values.agreed}
                  aria-invalid={context.errors.agreed ? true : undefined}
                  aria-describedby={context.errors.agreed ? 'signup-agreed-error' : undefined}
                  onChange={(event) => send({ type: 'AGREE', agreed: event.target.checked })}
                />
                {context.errors.agreed ? (
                  <p id="signup-agreed-error" className={styles.checkError}>
                    {context.errors.agreed}
                  </p>
                ) : null}
                <Button type="submit" fullWidth busy={busy} busyLabel="Opening your account…">
                  Open account
                </Button>
              </fieldset>
            </form>
          </>
        )}
        {snapshot.hasTag('redirecting') ? null : (
          <p className={styles.aside}>
            Already have an account? <Link to="/account/login">Sign in</Link>
          </p>
        )}
      </Stack>
    </SignedOutLayout>
  )
}
