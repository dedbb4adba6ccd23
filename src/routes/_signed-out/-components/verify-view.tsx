import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import type { ActorRefFrom, SnapshotFrom } from 'xstate'
import {
  formatCountdown,
  type VerifyBranch,
  verifyBranch,
  type verifyMachine,
} from '#machines/verify.machine'
import { OneTimeCodeInput } from '#routes/-components/one-time-code-input'
import { NoticeAlert } from '#ui/alert-box'
import { Button } from '#ui/button'
import { EmailField } from '#ui/email-field'
import { Stack } from '#ui/stack'
import * as styles from '../../-components/account-form.css'
import { OutcomePanel } from '../../-components/outcome-panel'

export type VerifyActor = ActorRefFrom<typeof verifyMachine>
type VerifySnapshot = SnapshotFrom<typeof verifyMachine>

/** Where a timed redirect leads, for the Continue button's name. */
function destinationOf(branch: VerifyBranch): string {
  if (branch === 'kycForm') return t`identity verification`
  if (branch === 'kycUnderReview') return t`your verification status`
  if (branch === 'dashboard') return t`your dashboard`
  return t`sign in`
}

/**
 * E-mail verification drawn from the verify machine: the code in one-time-code cells, the
 * resend countdown, and the timed redirect once verified. It only sends events; the machine
 * decides.
 */
export function VerifyView({ actor }: { actor: VerifyActor }) {
  const snapshot = useSelector(actor, (current) => current)
  const send = actor.send
  const { context } = snapshot
  const email = context.email

  return (
    <Stack gap="xl">
      {snapshot.hasTag('redirecting') && context.alert ? (
        <OutcomePanel
          title={t`E-mail verified`}
          notice={context.alert}
          destination={destinationOf(verifyBranch(context.answer))}
          onContinue={() => send({ type: 'CONTINUE' })}
        />
      ) : (
        <header className={styles.header}>
          <h1 className={styles.title}>
            <Trans>Verify your e-mail</Trans>
          </h1>
          {snapshot.matches('verifying') ? (
            <p className={styles.lead}>
              <Trans>
                We sent a 6-digit code to <span className={styles.strong}>{email}</span>. Enter it
                below.
              </Trans>
            </p>
          ) : null}
          {snapshot.matches('askingEmail') ? (
            <p className={styles.lead}>
              <Trans>Enter the e-mail address you opened your account with.</Trans>
            </p>
          ) : null}
        </header>
      )}
      {snapshot.matches('askingEmail') ? <EmailForm snapshot={snapshot} send={send} /> : null}
      {snapshot.matches('verifying') ? <CodeForm snapshot={snapshot} send={send} /> : null}
      {snapshot.hasTag('redirecting') ? null : (
        <p className={styles.aside}>
          <Trans>
            Already verified? <Link to="/account/login">Sign in</Link>
          </Trans>
        </p>
      )}
    </Stack>
  )
}

type Send = VerifyActor['send']

function EmailForm({ snapshot, send }: { snapshot: VerifySnapshot; send: Send }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    send({ type: 'SUBMIT_EMAIL' })
  }
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <EmailField
        name="email"
        value={snapshot.context.email}
        error={snapshot.context.emailError}
        onChange={(event) => send({ type: 'EMAIL_CHANGED', email: event.target.value })}
      />
      <Button type="submit" fullWidth>
        <Trans>Continue</Trans>
      </Button>
    </form>
  )
}

function CodeForm({ snapshot, send }: { snapshot: VerifySnapshot; send: Send }) {
  const { context } = snapshot
  const busy = snapshot.hasTag('busy')
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    send({ type: 'SUBMIT_CODE' })
  }
  return (
    <>
      <NoticeAlert notice={context.alert} />
      <form className={styles.form} onSubmit={submit} noValidate>
        <OneTimeCodeInput
          key={context.codeResets}
          label={t`Verification code`}
          autoFocus
          disabled={busy}
          error={context.codeError}
          onChange={(code) => send({ type: 'CODE_CHANGED', code })}
          onComplete={() => send({ type: 'SUBMIT_CODE' })}
        />
        <Button type="submit" fullWidth busy={busy} busyLabel={t`Checking the code…`}>
          <Trans>Verify</Trans>
        </Button>
      </form>
      <ResendRow snapshot={snapshot} send={send} />
      <p className={styles.aside}>
        <Trans>
          Not your address?{' '}
          <button
            type="button"
            className={styles.linkButton}
            disabled={busy}
            onClick={() => send({ type: 'CHANGE_EMAIL' })}
          >
            Use a different e-mail
          </button>
        </Trans>
      </p>
    </>
  )
}

function ResendRow({ snapshot, send }: { snapshot: VerifySnapshot; send: Send }) {
  const { context } = snapshot
  const counting = snapshot.matches({ verifying: { resend: 'counting' } })
  const sending = snapshot.matches({ verifying: { resend: 'sending' } })
  const countdown = formatCountdown(context.secondsLeft)
  return (
    <Stack gap="sm">
      <div className={styles.resendRow}>
        {counting ? (
          <span>
            <Trans>
              Didn't get it? Ask for a new code in{' '}
              <span role="timer" aria-live="off" className={styles.countdown}>
                {countdown}
              </span>
            </Trans>
          </span>
        ) : (
          <>
            <span>
              <Trans>Didn't get the code?</Trans>
            </span>
            <Button
              variant="secondary"
              busy={sending}
              busyLabel={t`Sending…`}
              onClick={() => send({ type: 'RESEND' })}
            >
              <Trans>Resend code</Trans>
            </Button>
          </>
        )}
      </div>
      <NoticeAlert notice={context.resendNotice} />
    </Stack>
  )
}
