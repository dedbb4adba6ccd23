import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { CallResponse } from '#api/contract'
import { formatDayMonthYearTime } from '#api/day-month-year'
import type { notificationsMachine } from '#machines/notifications.machine'
import { Button } from '#ui/button'
import { Card } from '#ui/card'
import * as sectionStyles from '../../-shared/section.css'
import * as styles from './notifications.css'

export type NotificationsActor = ActorRefFrom<typeof notificationsMachine>
export type Notification = CallResponse<'notificationList'>['notifications'][number]

export interface NotificationsViewProps {
  actor: NotificationsActor
  /** The list the route's loader read, newest first. */
  notifications: readonly Notification[]
}

/**
 * Each notification's title, when it was sent (dd/mm/yyyy and the time, in the customer's zone)
 * and body; an unread one is marked out and has Mark as read. A
 * notification marked in this visit shows read at once, before the list loads again. While
 * any is unread, "Mark all as read" stands above the list.
 */
export function NotificationsView({ actor, notifications }: NotificationsViewProps) {
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'))
  const markingId = useSelector(actor, (snapshot) => snapshot.context.markingId)
  const markedIds = useSelector(actor, (snapshot) => snapshot.context.markedIds)
  const markingAll = useSelector(actor, (snapshot) => snapshot.matches('markingAll'))
  const isUnread = (notification: Notification) =>
    notification.wasRead === 'no' && !markedIds.includes(notification.id)
  const unreadIds = notifications.filter(isUnread).map((notification) => notification.id)
  const unreadCount = unreadIds.length

  if (notifications.length === 0) {
    return (
      <Card as="div">
        <p className={sectionStyles.empty}>
          <Trans>No notifications History</Trans>
        </p>
      </Card>
    )
  }

  return (
    <div className={styles.page}>
      {unreadCount > 0 ? (
        <div className={styles.toolbar}>
          <p className={styles.unreadSummary}>
            <Trans>{unreadCount} unread</Trans>
          </p>
          <Button
            variant="secondary"
            busy={markingAll}
            disabled={busy}
            onClick={() => actor.send({ type: 'MARK_ALL', ids: unreadIds })}
          >
            <Trans>Mark all as read</Trans>
          </Button>
        </div>
      ) : null}
      <NotificationList
        actor={actor}
        notifications={notifications}
        isUnread={isUnread}
        busy={busy}
        markingId={markingAll ? null : markingId}
      />
    </div>
  )
}

function NotificationList({
  actor,
  notifications,
  isUnread,
  busy,
  markingId,
}: NotificationsViewProps & {
  isUnread: (notification: Notification) => boolean
  busy: boolean
  markingId: string | null
}) {
  return (
    <ul className={styles.list} aria-label={t`Notifications`}>
      {notifications.map((notification) => {
        const unread = isUnread(notification)
        const titleId = `notification-${notification.id}`
        return (
          <li
            key={notification.id}
            className={unread ? `${styles.item} ${styles.unreadItem}` : styles.item}
          >
            <div className={styles.text}>
              <h2 id={titleId} className={styles.heading}>
                {notification.title}
                {unread ? (
                  <span className={styles.badge}>
                    <Trans>Unread</Trans>
                  </span>
                ) : null}
              </h2>
              <time dateTime={notification.sentAt} className={styles.sentAt}>
                {formatDayMonthYearTime(notification.sentAt)}
              </time>
              <p className={styles.body}>{notification.body}</p>
            </div>
            {unread ? (
              <Button
                variant="secondary"
                aria-describedby={titleId}
                busy={busy && markingId === notification.id}
                disabled={busy}
                onClick={() => actor.send({ type: 'MARK', id: notification.id })}
              >
                <Trans>Mark as read</Trans>
              </Button>
            ) : null}
          </li>
        )
      })}
    </ul>
  )
}
