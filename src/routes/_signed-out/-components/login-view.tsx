import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { lazy, Suspense, useEffect } from 'react'
import type { ActorRefFrom, SnapshotFrom } from 'xstate'
import type { loginMachine } from '#machines/login.machine'
import { NoticeAlert } from '#ui/alert-box'
import { RedirectNotice } from '#ui/redirect-notice'
import { Stack } from '#ui/stack'
import { EmailStep } from './email-step'
import * as styles from './login-form.css'

/**
 * Step 2 and the greeting load after the page has hydrated, not with it (decision 081): step
 * 1 is all the login page shows first, and step 2 follows a call to the server anyway.
 */
const loadStepTwo = () => import('./passcode-step')
const PasscodeStep = lazy(() => loadStepTwo().then((module) => ({ default: module.PasscodeStep })))
const WhoCard = lazy(() => loadStepTwo().then((module) => ({ default: module.WhoCard })))

export type LoginActor = ActorRefFrom<typeof loginMachine>
type LoginSnapshot = SnapshotFrom<typeof loginMachine>

/** Where each timed redirect of the machine leads, for the Continue button's name. */
function destinationOf(snapshot: LoginSnapshot): string {
  if (snapshot.matches('unverified')) return t`e-mail verification`
  if (snapshot.matches('adminRedirect')) return t`the admin area`
  return t`your dashboard`
}

function subtitleOf(snapshot: LoginSnapshot): string {
  if (snapshot.hasTag('emailStep')) return t`Enter the e-mail address of your account.`
  if (snapshot.hasTag('passcodeStep')) {
    return snapshot.context.admin
      ? t`Enter your password to continue.`
      : t`Enter your passcode to continue.`
  }
  if (snapshot.matches('unverified')) {
    return t`Your e-mail address is not verified yet. Taking you to verification…`
  }
  if (snapshot.matches('adminRedirect')) return t`You are signed in as an administrator.`
  if (snapshot.matches('welcome')) return t`You are signed in. Taking you to your dashboard…`
  return t`One moment…`
}

/**
 * The login screen drawn from the login machine: step 1 (e-mail), step 2 (passcode), or the
 * message of a timed redirect with Continue. It only sends events; the machine decides.
 */
export function LoginView({ actor }: { actor: LoginActor }) {
  const snapshot = useSelector(actor, (current) => current)
  const { context } = snapshot
  const busy = snapshot.hasTag('busy')
  const redirecting = snapshot.hasTag('redirecting')
  useEffect(() => void loadStepTwo(), [])

  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <h1 className={styles.title}>
          <Trans>Sign in</Trans>
        </h1>
        <p className={styles.subtitle}>{subtitleOf(snapshot)}</p>
      </Stack>
      {redirecting && context.customer ? (
        <Suspense fallback={null}>
          <WhoCard email={context.email} customer={context.customer} />
        </Suspense>
      ) : null}
      {redirecting && context.alert ? (
        <RedirectNotice
          type={context.alert.tone}
          message={context.alert.message}
          destination={destinationOf(snapshot)}
          onContinue={() => actor.send({ type: 'CONTINUE' })}
        />
      ) : (
        <NoticeAlert notice={context.alert} />
      )}
      {snapshot.hasTag('emailStep') ? (
        <EmailStep
          key={context.recalled ? 'recalled' : 'typed'}
          email={context.email}
          error={context.emailError}
          busy={busy}
          onSubmit={(email) => actor.send({ type: 'SUBMIT_EMAIL', email })}
        />
      ) : null}
      {snapshot.hasTag('passcodeStep') && context.customer ? (
        <Suspense fallback={null}>
          <PasscodeStep
            email={context.email}
            customer={context.customer}
            admin={context.admin}
            remember={context.remember}
            error={context.passcodeError}
            failure={context.alert}
            busy={busy}
            onSubmit={(password, remember) =>
              actor.send({ type: 'SUBMIT_PASSCODE', password, remember })
            }
            onChangeEmail={() => actor.send({ type: 'CHANGE_EMAIL' })}
            onUsePassword={() => actor.send({ type: 'USE_PASSWORD' })}
            passkey={context.passkey}
            onUsePasskey={(remember) => actor.send({ type: 'USE_PASSKEY', remember })}
          />
        </Suspense>
      ) : null}
      {redirecting || snapshot.status === 'done' ? null : (
        <p className={styles.aside}>
          <Trans>
            New to online banking? <Link to="/account/signup">Open an account</Link>
          </Trans>
        </p>
      )}
    </Stack>
  )
}
