import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useId } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { kycReviewMachine } from '#machines/kyc-review.machine'
import { Button } from '#ui/button'
import { Icon } from '#ui/icon'
import { FlowPage } from '../../../-components/flow-page'
import * as page from '../../../-components/flow-page.css'
import * as styles from './under-review.css'

export type KycReviewActor = ActorRefFrom<typeof kycReviewMachine>

/** KYC under review: please wait, an e-mail will follow; Okay sends OKAY (log out). */
export function UnderReviewView({ actor }: { actor: KycReviewActor }) {
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'))
  const headingId = useId()
  return (
    <FlowPage title={t`Verification under review`} labelledBy={headingId}>
      <div className={styles.panel}>
        <span className={styles.badge} aria-hidden="true">
          <Icon name="clock" size={30} />
        </span>
        <h1 id={headingId} className={page.title}>
          <Trans>Verification under review</Trans>
        </h1>
        <p className={styles.text}>
          <Trans>
            Thank you. We have your details and documents and are reviewing them now. Please wait
            for our review: we will send you an e-mail as soon as it is complete.
          </Trans>
        </p>
        <p className={styles.text}>
          <Trans>You can sign in again once your account is verified.</Trans>
        </p>
        <Button
          busy={busy}
          busyLabel={t`Signing out…`}
          onClick={() => actor.send({ type: 'OKAY' })}
        >
          <Trans>Okay</Trans>
        </Button>
      </div>
    </FlowPage>
  )
}
