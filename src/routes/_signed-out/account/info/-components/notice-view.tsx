import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useId } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { noticeMachine } from '#machines/notice.machine'
import { NoticeAlert } from '#ui/alert-box'
import { Button } from '#ui/button'
import { Skeleton } from '#ui/skeleton'
import { FlowPage } from '../../../-components/flow-page'
import * as page from '../../../-components/flow-page.css'
import * as styles from './notice-view.css'

export type NoticeActor = ActorRefFrom<typeof noticeMachine>

/** The account notice drawn from the notice machine; it only sends LOGOUT and RETRY. */
export function NoticeView({ actor }: { actor: NoticeActor }) {
  const snapshot = useSelector(actor, (current) => current)
  const headingId = useId()
  const { notice, failure } = snapshot.context
  const signingOut = snapshot.matches('signingOut')
  const logout = (
    <Button
      variant={notice ? 'primary' : 'secondary'}
      busy={signingOut}
      busyLabel={t`Logging out…`}
      onClick={() => actor.send({ type: 'LOGOUT' })}
    >
      <Trans>Logout</Trans>
    </Button>
  )

  if (snapshot.matches('loading') || (snapshot.status === 'done' && !notice)) {
    return (
      <FlowPage title={t`Account notice`}>
        <div className={styles.loading} role="status" aria-label={t`Loading your account notice`}>
          <Skeleton width="40%" height="1.5rem" />
          <Skeleton height="1rem" />
          <Skeleton width="80%" height="1rem" />
        </div>
      </FlowPage>
    )
  }

  if (failure !== null) {
    return (
      <FlowPage title={t`Account notice`} labelledBy={headingId}>
        <h1 id={headingId} className={page.title}>
          <Trans>Account notice</Trans>
        </h1>
        <NoticeAlert notice={failure} />
        <div className={page.actions}>
          <Button onClick={() => actor.send({ type: 'RETRY' })} disabled={signingOut}>
            <Trans>Try again</Trans>
          </Button>
          {logout}
        </div>
      </FlowPage>
    )
  }

  return (
    <FlowPage title={notice?.head ?? t`Account notice`} labelledBy={headingId}>
      <span className={styles.marker}>
        <Trans>Notice from the bank</Trans>
      </span>
      <h1 id={headingId} className={page.title}>
        {notice?.head}
      </h1>
      <p className={styles.body}>{notice?.body}</p>
      <div className={page.actions}>{logout}</div>
    </FlowPage>
  )
}
