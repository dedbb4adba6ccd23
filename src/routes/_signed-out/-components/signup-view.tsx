import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { fieldRules } from '#api/contract/field-rules'
import { type SignupTextField, type signupMachine, termsLabel } from '#machines/signup.machine'
import { NoticeAlert } from '#ui/alert-box'
import { Button } from '#ui/button'
import { CheckboxField } from '#ui/checkbox-field'
import { EmailField } from '#ui/email-field'
import { Stack } from '#ui/stack'
import { TextField } from '#ui/text-field'
import { useHeldSubmit } from '#ui/use-held-submit'
import * as styles from '../../-components/account-form.css'
import { OutcomePanel } from '../../-components/outcome-panel'
import { useSubmitFocusingFirstError } from '../../-components/submit-focusing-first-error'

export type SignupActor = ActorRefFrom<typeof signupMachine>

/** The new passcode and its confirmation: digits, hidden. */
const passcodeProps = {
  type: 'password',
  inputMode: 'numeric',
  autoComplete: 'new-password',
  pattern: `[0-9]{${fieldRules.passcode.digits}}`,
  maxLength: fieldRules.passcode.digits,
  required: true,
} as const

/**
 * The signup form drawn from the signup machine, or the timed redirect to verify once the
 * account is opened. It only sends events; the machine decides.
 */
export function SignupView({ actor }: { actor: SignupActor }) {
  const snapshot = useSelector(actor, (current) => current)
  const send = actor.send
  const { context } = snapshot
  const busy = snapshot.hasTag('busy')
  // After a SUBMIT with mistakes, the first field that has one takes the focus.
  const { formRef, submit } = useSubmitFocusingFirstError(() => send({ type: 'SUBMIT' }))
  useHeldSubmit(formRef)

  const textField = (field: SignupTextField) => ({
    name: field,
    value: context.values[field],
    error: context.errors[field],
    onChange: (event: { target: { value: string } }) =>
      send({ type: 'CHANGE', field, value: event.target.value }),
  })

  return (
    <Stack gap="xl">
      {snapshot.hasTag('redirecting') && context.alert ? (
        <OutcomePanel
          title={t`Account created`}
          notice={context.alert}
          destination={t`e-mail verification`}
          onContinue={() => send({ type: 'CONTINUE' })}
        />
      ) : (
        <>
          <header className={styles.header}>
            <h1 className={styles.title}>
              <Trans>Open an account</Trans>
            </h1>
            <p className={styles.lead}>
              <Trans>It takes a minute. We will e-mail you a code to verify your address.</Trans>
            </p>
          </header>
          <NoticeAlert notice={context.alert} />
          <form ref={formRef} className={styles.form} onSubmit={submit} noValidate>
            <fieldset className={styles.fields} disabled={busy}>
              <div className={styles.pair}>
                <TextField
                  label={t`First name`}
                  autoComplete="given-name"
                  required
                  {...textField('firstName')}
                />
                <TextField
                  label={t`Last name`}
                  autoComplete="family-name"
                  required
                  {...textField('lastName')}
                />
              </div>
              <TextField
                label={t`Username`}
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                required
                {...textField('username')}
              />
              <EmailField {...textField('email')} />
              <TextField
                label={t`Passcode`}
                hint={t`6 digits. You will sign in with it.`}
                {...passcodeProps}
                {...textField('passcode')}
              />
              <TextField
                label={t`Confirm passcode`}
                {...passcodeProps}
                {...textField('confirmPasscode')}
              />
              <CheckboxField
                label={termsLabel()}
                name="agreed"
                required
                checked={context.values.agreed}
                aria-invalid={context.errors.agreed ? true : undefined}
                aria-describedby={
                  context.errors.agreed ? 'signup-terms signup-agreed-error' : 'signup-terms'
                }
                onChange={(event) => send({ type: 'AGREE', agreed: event.target.checked })}
              />
              <p id="signup-terms" className={styles.checkNote}>
                <Trans>
                  The terms: our{' '}
                  <Link to="/terms" target="_blank" rel="noopener">
                    Terms and Conditions
                  </Link>{' '}
                  and our{' '}
                  <Link to="/privacy" target="_blank" rel="noopener">
                    Privacy Policy
                  </Link>{' '}
                  (each opens in a new tab).
                </Trans>
              </p>
              {context.errors.agreed ? (
                <p id="signup-agreed-error" className={styles.checkError}>
                  {context.errors.agreed}
                </p>
              ) : null}
              <Button type="submit" fullWidth busy={busy} busyLabel={t`Opening your account…`}>
                <Trans>Open account</Trans>
              </Button>
            </fieldset>
          </form>
        </>
      )}
      {snapshot.hasTag('redirecting') ? null : (
        <p className={styles.aside}>
          <Trans>
            Already have an account? <Link to="/account/login">Sign in</Link>
          </Trans>
        </p>
      )}
    </Stack>
  )
}
