import { createFileRoute, Link } from '@tanstack/react-router'
import { useMachine } from '@xstate/react'
import type { FormEvent } from 'react'
import { fromPromise } from 'xstate'
import { call } from '#api/session-client'
import { forgotMachine } from '#machines/forgot.machine'
import { AlertBox, NoticeAlert } from '#ui/alert-box'
import { Button, buttonClass } from '#ui/button'
import { EmailField } from '#ui/email-field'
import { Stack } from '#ui/stack'
import * as styles from '../../-components/account-form.css'
import { SuccessMark } from '../../-components/success-mark'
import { SignedOutLayout } from '../-components/signed-out-layout'

export const Route = createFileRoute('/_signed-out/account/forgot')({
  component: ForgotScreen,
})

function ForgotScreen() {
  const [snapshot, send] = useMachine(
    forgotMachine.provide({
      actors: { userforgot: fromPromise(({ input }) => call('userforgot', input)) },
    }),
    { input: {} },
  )
  const { context } = snapshot
  const busy = snapshot.hasTag('busy')

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    send({ type: 'SUBMIT' })
  }

  return (
    <SignedOutLayout title="Forgot your passcode?">
      <Stack gap="xl">
        {snapshot.matches('sent') ? (
          <div className={styles.outcome}>
            <SuccessMark />
            <h1 className={styles.title}>Check your e-mail</h1>
            <div className={styles.outcomeBody}>
              <AlertBox display type="success" msg={context.alert?.message} />
            </div>
            <div className={styles.actions}>
              <Link
                to="/account/reset"
                search={{ email: context.email.trim() }}
                className={buttonClass({ fullWidth: true })}
              >
                Enter the code
              </Link>
            </div>
          </div>
        ) : (
          <>
            <header className={styles.header}>
              <h1 className={styles.title}>Forgot your passcode?</h1>
              <p className={styles.lead}>
                Enter the e-mail address of your account. We will send you a code and a link to
                choose a new passcode.
              </p>
            </header>
            <NoticeAlert notice={context.alert} />
            <form className={styles.form} onSubmit={submit} noValidate>
              <fieldset className={styles.fields} disabled={busy}>
                <EmailField
                  name="email"
                  autoFocus
                  value={context.email}
                  error={context.emailError}
                  onChange={(event) => send({ type: 'EMAIL_CHANGED', email: event.target.value })}
                />
                <Button type="submit" fullWidth busy={busy} busyLabel="Sending…">
                  Send reset code
                </Button>
              </fieldset>
            </form>
          </>
        )}
        <p className={styles.aside}>
          Remembered it? <Link to="/account/login">Back to sign in</Link>
        </p>
      </Stack>
    </SignedOutLayout>
  )
}
