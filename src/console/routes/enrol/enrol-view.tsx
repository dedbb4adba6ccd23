import { useSelector } from '@xstate/react'
import type { ActorRefFrom, SnapshotFrom } from 'xstate'
import {
  enrolmentEndedMessage,
  type staffEnrolmentMachine,
} from '#machines/staff-enrolment.machine'
import { AlertBox, NoticeAlert } from '#ui/alert-box'
import { Button } from '#ui/button'
import { AuthPage } from '../../layout/auth-page'
import * as pageStyles from '../../layout/auth-page.css'
import * as styles from './enrol.css'
import { PasswordForm } from './password-form'
import { TotpStep } from './totp-step'

export type StaffEnrolmentActor = ActorRefFrom<typeof staffEnrolmentMachine>
type Snapshot = SnapshotFrom<typeof staffEnrolmentMachine>

function subtitleOf(snapshot: Snapshot): string {
  if (snapshot.matches('checkingLink') || snapshot.matches('linkAnswered'))
    return 'Checking your enrolment link…'
  if (snapshot.matches('password') || snapshot.matches('settingPassword'))
    return 'Step 1 of 2: choose your password.'
  if (snapshot.matches('totp') || snapshot.matches('confirmingTotp'))
    return 'Step 2 of 2: add your authenticator app.'
  if (snapshot.matches('linkUnread') || snapshot.matches('linkUnusable')) return ''
  if (snapshot.matches('enrolmentEnded')) return ''
  return 'Step 2 of 2: add a second way to prove it is you.'
}

/**
 * The enrolment drawn from its statechart: the link's person, the password, then a passkey or
 * an authenticator app. It only sends events.
 */
export function EnrolView({ actor }: { actor: StaffEnrolmentActor }) {
  const snapshot = useSelector(actor, (current) => current)
  const { context } = snapshot
  const busy = snapshot.hasTag('busy')
  const choosingFactor =
    snapshot.matches('secondFactor') ||
    snapshot.matches('gettingPasskeyOptions') ||
    snapshot.matches('creatingPasskey') ||
    snapshot.matches('registeringPasskey') ||
    snapshot.matches('beginningTotp')

  return (
    <AuthPage title="Staff enrolment" subtitle={subtitleOf(snapshot)}>
      <NoticeAlert notice={context.notice} />
      {context.email ? (
        <p className={styles.who}>
          For <strong>{context.name}</strong> ({context.email})
        </p>
      ) : null}
      {snapshot.matches('linkUnread') ? (
        <Button fullWidth onClick={() => actor.send({ type: 'RETRY' })}>
          Try again
        </Button>
      ) : null}
      {snapshot.matches('linkUnusable') ? (
        <p>Ask an admin to send you a new enrolment link.</p>
      ) : null}
      {snapshot.matches('enrolmentEnded') ? (
        <AlertBox display type="warning" msg={enrolmentEndedMessage} />
      ) : null}
      {snapshot.matches('password') || snapshot.matches('settingPassword') ? (
        <PasswordForm
          busy={busy}
          onSubmit={(password, repeated) =>
            actor.send({ type: 'SUBMIT_PASSWORD', password, repeated })
          }
        />
      ) : null}
      {choosingFactor ? (
        <div className={pageStyles.choices}>
          <p className={pageStyles.subtitle}>
            A passkey signs you in with this device's lock (fingerprint, face or PIN).
          </p>
          <Button
            fullWidth
            busy={busy && !snapshot.matches('beginningTotp')}
            busyLabel="Waiting for your passkey…"
            disabled={busy}
            onClick={() => actor.send({ type: 'ADD_PASSKEY' })}
          >
            Add a passkey
          </Button>
          <p className={pageStyles.subtitle}>No passkey on this device?</p>
          <Button
            variant="secondary"
            fullWidth
            disabled={busy}
            onClick={() => actor.send({ type: 'USE_APP' })}
          >
            Use an authenticator app
          </Button>
        </div>
      ) : null}
      {(snapshot.matches('totp') || snapshot.matches('confirmingTotp')) && context.totp ? (
        <TotpStep
          totp={context.totp}
          busy={busy}
          onCode={(code) => actor.send({ type: 'SUBMIT_CODE', code })}
          onPasskey={() => actor.send({ type: 'ADD_PASSKEY' })}
        />
      ) : null}
    </AuthPage>
  )
}
