import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { Button } from '#ui/button'
import { Card } from '#ui/card'
import * as form from '../../../-components/account-form.css'
import { SuccessMark } from '../../../-components/success-mark'
import * as styles from './send.css'
import type { SendActor } from './send-view'

/** The Transfer Scheduled card (decision 088): the server's words, the list, and Okay. */
export function TransferScheduled({ actor }: { actor: SendActor }) {
  const scheduled = useSelector(actor, (snapshot) => snapshot.context.scheduled)
  return (
    <Card as="div" className={styles.card}>
      <div className={form.outcome}>
        <SuccessMark />
        <h2 className={form.title}>
          <Trans>Transfer Scheduled</Trans>
        </h2>
        <p className={form.lead}>{scheduled}</p>
        <p className={form.lead}>
          <Link to="/dashboard/scheduled">
            <Trans>See your scheduled transfers</Trans>
          </Link>
        </p>
      </div>
      <Button
        fullWidth
        onClick={() => actor.send({ type: 'CONTINUE' })}
        aria-label={t`Okay, continue to your dashboard`}
      >
        <Trans>Okay</Trans>
      </Button>
    </Card>
  )
}
