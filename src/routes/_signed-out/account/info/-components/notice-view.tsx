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
      busyLabel="Logging out…"
      onClick={() => actor.send({ type: 'LOGOUT' })}
    >
      Logout
    </Button>
  )

  if (snapshot.matches('loading') || (snapshot.status === 'done' && !notice)) {
    return (
      <FlowPage title="Account notice">
        <div className={styles.loading} role="status" aria-label="Loading your account notice">
          <Skeleton width="40%" height="1.5rem" />
          <Skeleton height="1rem" />
          <Skeleton width="80%" height="1rem" />
        </div>
      </FlowPage>
    )
  }

  if (failure !== null) {
    return (
      <FlowPage title="Account notice" labelledBy={headingId}>
        <h1 id={headingId} className={page.title}>
          Account notice
        </h1>
        <NoticeAlert notice={failure} />
        <div className={page.actions}>
          <Button onClick={() => actor.send({ type: 'RETRY' })} disabled={signingOut}>
            Try again
          </Button>
          {logout}
        </div>
      </FlowPage>
    )
  }

  return (
    <FlowPage title={notice?.head ?? 'Account notice'} labelledBy={headingId}>
      <span className={styles.marker}>Notice from the bank</span>
      <h1 id={headingId} className={page.title}>
        {notice?.head}
      </h1>
      <p className={styles.body}>{notice?.body}</p>
      <div className={page.actions}>{logout}</div>
    </FlowPage>
  )
}
