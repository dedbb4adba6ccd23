import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { Notice } from '#api/notice'
import type { staffSignInMachine } from '#machines/staff-sign-in.machine'
import { NoticeAlert } from '#ui/alert-box'
import { Button } from '#ui/button'
import { CodeForm } from '../../forms/code-form'
import { AuthPage } from '../../layout/auth-page'
import * as styles from '../../layout/auth-page.css'
import { CredentialsForm } from './credentials-form'

export type StaffSignInActor = ActorRefFrom<typeof staffSignInMachine>

const subtitles = {
  credentials: 'Sign in with your staff e-mail and password.',
  passkey: 'Now confirm it is you with your passkey.',
  code: 'Now enter the code your authenticator app shows.',
} as const

/**
 * The console's sign-in drawn from its statechart: the e-mail and password, then the passkey
 * or the code. `arrival` is why the sign-in opened (a session that ended), until the person
 * acts. It only sends events.
 */
export function SignInView({
  actor,
  arrival,
}: {
  actor: StaffSignInActor
  arrival: Notice | null
}) {
  const snapshot = useSelector(actor, (current) => current)
  const { context } = snapshot
  const busy = snapshot.hasTag('busy')
  const step =
    snapshot.matches('code') || snapshot.matches('checkingCode')
      ? 'code'
      : snapshot.matches('credentials') || snapshot.matches('signingIn')
        ? 'credentials'
        : 'passkey'
  const fresh = snapshot.matches('credentials') && context.email === ''
  const notice = context.notice ?? (fresh ? arrival : null)
  const startOver = (
    <Button variant="ghost" fullWidth onClick={() => actor.send({ type: 'START_OVER' })}>
      Start again
    </Button>
  )

  return (
    <AuthPage title="Staff sign-in" subtitle={subtitles[step]}>
      <NoticeAlert notice={notice} />
      {step === 'credentials' ? (
        <CredentialsForm
          email={context.email}
          busy={busy}
          onSubmit={(email, password) => actor.send({ type: 'SUBMIT', email, password })}
        />
      ) : null}
      {step === 'passkey' ? (
        <div className={styles.choices}>
          <Button
            fullWidth
            autoFocus
            busy={busy}
            busyLabel="Waiting for your passkey…"
            onClick={() => actor.send({ type: 'USE_PASSKEY' })}
          >
            Use your passkey
          </Button>
          {context.factors.includes('totp') ? (
            <Button
              variant="secondary"
              fullWidth
              disabled={busy}
              onClick={() => actor.send({ type: 'USE_CODE' })}
            >
              Use the code from your authenticator app
            </Button>
          ) : null}
          {startOver}
        </div>
      ) : null}
      {step === 'code' ? (
        <CodeForm
          busy={busy}
          submitLabel="Sign in"
          onSubmit={(code) => actor.send({ type: 'SUBMIT_CODE', code })}
        >
          {context.factors.includes('passkey') ? (
            <Button
              variant="secondary"
              fullWidth
              disabled={busy}
              onClick={() => actor.send({ type: 'USE_PASSKEY' })}
            >
              Use your passkey instead
            </Button>
          ) : null}
          {startOver}
        </CodeForm>
      ) : null}
    </AuthPage>
  )
}
