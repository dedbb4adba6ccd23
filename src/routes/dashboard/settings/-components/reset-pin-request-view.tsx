import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { NoticeAlert } from '#ui/alert-box'
import { Button } from '#ui/button'
import { Card } from '#ui/card'
import * as styles from '../../-shared/settings-form.css'
import type { SettingsFormActor } from '../../-shared/settings-form-actor'

/** Reset PIN: the bank e-mails a link to set a new PIN (userforgotpin, action=code). */
export function ResetPinRequestView({ actor }: { actor: SettingsFormActor }) {
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'))
  const notice = useSelector(actor, (snapshot) => snapshot.context.notice)
  return (
    <Card heading={t`Reset PIN`}>
      <div className={styles.form}>
        <p className={styles.lead}>
          <Trans>Forgot your PIN? We will e-mail you a link to choose a new one.</Trans>
        </p>
        <NoticeAlert notice={notice} />
        <div className={styles.actions}>
          <Button
            variant="secondary"
            busy={busy}
            busyLabel={t`Sending…`}
            onClick={() => actor.send({ type: 'SUBMIT', entry: {} })}
          >
            <Trans>Reset PIN</Trans>
          </Button>
        </div>
      </div>
    </Card>
  )
}
