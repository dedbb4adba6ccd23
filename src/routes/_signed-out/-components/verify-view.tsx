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
const destinations: Record<VerifyBranch, string> = {
  kycForm: 'identity verification',
  kycUnderReview: 'your verification status',
  dashboard: 'your dashboard',
  login: 'sign in',
  refused: 'sign in',
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

  return (
    <Stack gap="xl">
      {snapshot.hasTag('redirecting') && context.alert ? (
        <OutcomePanel
          title="E-mail verified"
          notice={context.alert}
          destination={destinations[verifyBranch(context.answer)]}
          onContinue={() => send({ type: 'CONTINUE' })}
        />
      ) : (
        <header className={styles.header}>
          <h1 className={styles.title}>Verify your e-mail</h1>
          {snapshot.matches('verifying') ? (
            <p className={styles.lead}>
              We sent a 6-digit code to <span className={styles.strong}>{context.email}</span>.
              Enter it below.
            </p>
          ) : null}
          {snapshot.matches('askingEmail') ? (
            <p className={styles.lead}>Enter the e-mail address you opened your account with.</p>
          ) : null}
        </header>
      )}
      {snapshot.matches('askingEmail') ? <EmailForm snapshot={snapshot} send={send} /> : null}
      {snapshot.matches('verifying') ? <CodeForm snapshot={snapshot} send={send} /> : null}
      {snapshot.hasTag('redirecting') ? null : (
        <p className={styles.aside}>
          Already verified? <Link to="/account/login">Sign in</Link>
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
        Continue
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
          label="Verification code"
          autoFocus
          disabled={busy}
          error={context.codeError}
          onChange={(code) => send({ type: 'CODE_CHANGED', code })}
          onComplete={() => send({ type: 'SUBMIT_CODE' })}
        />
        <Button type="submit" fullWidth busy={busy} busyLabel="Checking the code…">
          Verify
        </Button>
      </form>
      <ResendRow snapshot={snapshot} send={send} />
      <p className={styles.aside}>
        Not your address?{' '}
        <button
          type="button"
          className={styles.linkButton}
          disabled={busy}
          onClick={() => send({ type: 'CHANGE_EMAIL' })}
        >
          Use a different e-mail
        </button>
      </p>
    </>
  )
}

function ResendRow({ snapshot, send }: { snapshot: VerifySnapshot; send: Send }) {
  const { context } = snapshot
  const counting = snapshot.matches({ verifying: { resend: 'counting' } })
  const sending = snapshot.matches({ verifying: { resend: 'sending' } })
  return (
    <Stack gap="sm">
      <div className={styles.resendRow}>
        {counting ? (
          <span>
            Didn't get it? Ask for a new code in{' '}
            <span role="timer" aria-live="off" className={styles.countdown}>
              {formatCountdown(context.secondsLeft)}
            </span>
          </span>
        ) : (
          <>
            <span>Didn't get the code?</span>
            <Button
              variant="secondary"
              busy={sending}
              busyLabel="Sending…"
              onClick={() => send({ type: 'RESEND' })}
            >
              Resend code
            </Button>
          </>
        )}
      </div>
      <NoticeAlert notice={context.resendNotice} />
    </Stack>
  )
}
