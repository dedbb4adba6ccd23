import { Link, useNavigate } from '@tanstack/react-router'
import { useMachine } from '@xstate/react'
import type { FormEvent } from 'react'
import { fromPromise, type SnapshotFrom } from 'xstate'
import { clientStorage } from '#api/client-storage'
import { call } from '#api/session-client'
import { formatCountdown, verifyMachine } from '#machines/verify.machine'
import { OneTimeCodeInput } from '#routes/-components/one-time-code-input'
import { NoticeAlert } from '#ui/alert-box'
import { Button } from '#ui/button'
import { EmailField } from '#ui/email-field'
import { Stack } from '#ui/stack'
import * as styles from '../../-components/account-form.css'
import { OutcomePanel } from '../../-components/outcome-panel'
import { SignedOutLayout } from './signed-out-layout'

type VerifySnapshot = SnapshotFrom<typeof verifyMachine>

/** The verify machine with the app's calls, token storage and navigation. */
function useVerify(email: string | undefined) {
  const navigate = useNavigate()
  return useMachine(
    verifyMachine.provide({
      actors: {
        verifyuser: fromPromise(({ input }) => call('verifyuser', input)),
        resendconfirmcode: fromPromise(({ input }) => call('resendconfirmcode', input)),
      },
      actions: {
        storeKycToken: (_, { token }) => clientStorage.set('tempbaUid', token),
        // No "Remember me" on this screen: the session lasts as long as the tab.
        storeSessionToken: (_, { token }) => clientStorage.setSessionToken(token, false),
        goToKycForm: () => void navigate({ to: '/account/kyc/form' }),
        goToKycReview: () => void navigate({ to: '/account/kyc/under-review' }),
        goToDashboard: () => void navigate({ to: '/dashboard' }),
        goToLogin: () => void navigate({ to: '/account/login' }),
      },
    }),
    { input: { email } },
  )
}

/** Where a timed redirect leads, for the Continue button's name. */
function destinationOf(snapshot: VerifySnapshot): string {
  if (snapshot.matches('kycFormNotice') || snapshot.matches('leftForKycForm')) {
    return 'identity verification'
  }
  if (snapshot.matches('kycReviewNotice') || snapshot.matches('leftForKycReview')) {
    return 'your verification status'
  }
  if (snapshot.matches('dashboardNotice') || snapshot.matches('leftForDashboard')) {
    return 'your dashboard'
  }
  return 'sign in'
}

/**
 * E-mail verification, at `/account/verify/$email` and `/account/verify?email=`: the code in
 * one-time-code cells, the resend countdown, and the timed redirect once verified. The view
 * only sends events; the verify machine decides.
 */
export function VerifyScreen({ email }: { email: string | undefined }) {
  const [snapshot, send] = useVerify(email)
  const { context } = snapshot

  return (
    <SignedOutLayout title="Verify your e-mail">
      <Stack gap="xl">
        {snapshot.hasTag('redirecting') && context.alert ? (
          <OutcomePanel
            title="E-mail verified"
            alert={context.alert}
            destination={destinationOf(snapshot)}
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
    </SignedOutLayout>
  )
}

type Send = ReturnType<typeof useVerify>[1]

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
