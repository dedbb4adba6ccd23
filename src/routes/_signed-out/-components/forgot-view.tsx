import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { forgotMachine } from '#machines/forgot.machine'
import { NoticeAlert } from '#ui/alert-box'
import { Button, buttonClass } from '#ui/button'
import { EmailField } from '#ui/email-field'
import { Stack } from '#ui/stack'
import * as styles from '../../-components/account-form.css'
import { SuccessMark } from '../../-components/success-mark'

export type ForgotActor = ActorRefFrom<typeof forgotMachine>

/**
 * Forgot passcode drawn from the forgot machine: the e-mail form, or "Check your e-mail" with
 * the way on to the code. It only sends events; the machine decides.
 */
export function ForgotView({ actor }: { actor: ForgotActor }) {
  const snapshot = useSelector(actor, (current) => current)
  const send = actor.send
  const { context } = snapshot
  const busy = snapshot.hasTag('busy')

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    send({ type: 'SUBMIT' })
  }

  return (
    <Stack gap="xl">
      {snapshot.matches('sent') ? (
        <div className={styles.outcome}>
          <SuccessMark />
          <h1 className={styles.title}>
            <Trans>Check your e-mail</Trans>
          </h1>
          <div className={styles.outcomeBody}>
            <NoticeAlert notice={context.alert} />
          </div>
          <div className={styles.actions}>
            <Link
              to="/account/reset"
              search={{ email: context.email.trim() }}
              className={buttonClass({ fullWidth: true })}
            >
              <Trans>Enter the code</Trans>
            </Link>
          </div>
        </div>
      ) : (
        <>
          <header className={styles.header}>
            <h1 className={styles.title}>
              <Trans>Forgot your passcode?</Trans>
            </h1>
            <p className={styles.lead}>
              <Trans>
                Enter the e-mail address of your account. We will send you a code and a link to
                choose a new passcode.
              </Trans>
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
              <Button type="submit" fullWidth busy={busy} busyLabel={t`Sending…`}>
                <Trans>Send reset code</Trans>
              </Button>
            </fieldset>
          </form>
        </>
      )}
      <p className={styles.aside}>
        <Trans>
          Remembered it? <Link to="/account/login">Back to sign in</Link>
        </Trans>
      </p>
    </Stack>
  )
}
