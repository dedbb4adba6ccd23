import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { notMeMachine } from '#machines/not-me.machine'
import { NoticeAlert } from '#ui/alert-box'
import { Button, buttonClass } from '#ui/button'
import { RedirectNotice } from '#ui/redirect-notice'
import { Stack } from '#ui/stack'
import * as styles from '../../-components/account-form.css'

export type NotMeActor = ActorRefFrom<typeof notMeMachine>

/**
 * "This wasn't me" drawn from its machine (decision 080): what securing the account does and
 * "Secure my account", then the reset page's way on, or why the link does not work.
 */
export function NotMeView({ actor }: { actor: NotMeActor }) {
  const snapshot = useSelector(actor, (current) => current)
  const { alert } = snapshot.context
  return (
    <Stack gap="xl">
      <header className={styles.header}>
        <h1 className={styles.title}>
          <Trans>Secure your account</Trans>
        </h1>
        <p className={styles.lead}>
          <Trans>
            Someone signed in to your account and it was not you? We will sign out every device
            signed in to your account, forget every browser that remembers you, and e-mail you a
            code to choose a new passcode.
          </Trans>
        </p>
      </header>
      {snapshot.matches('secured') && alert ? (
        <RedirectNotice
          type={alert.tone}
          message={alert.message}
          destination={t`choosing a new passcode`}
          onContinue={() => actor.send({ type: 'CONTINUE' })}
        />
      ) : (
        <NoticeAlert notice={alert} />
      )}
      {snapshot.matches('confirming') || snapshot.matches('securing') ? (
        <Button
          fullWidth
          busy={snapshot.hasTag('busy')}
          busyLabel={t`Securing your account…`}
          onClick={() => actor.send({ type: 'CONFIRM' })}
        >
          <Trans>Secure my account</Trans>
        </Button>
      ) : null}
      {snapshot.matches('refused') ? (
        <Link to="/account/forgot" className={buttonClass({ fullWidth: true })}>
          <Trans>Reset my passcode</Trans>
        </Link>
      ) : null}
    </Stack>
  )
}
