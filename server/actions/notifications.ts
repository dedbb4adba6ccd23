import {
  unreadCount as countUnread,
  markNotificationsRead as markManyRead,
  markNotificationRead as markOneRead,
  notificationsOf,
} from '../domain/notifications'
import type { Handler } from '../rpc/handler'
import { requireSession } from '../rpc/handler'

export const notificationList: Handler<'notificationList'> = async ({ deps, session }) => {
  const { userId } = requireSession(session)
  const rows = await notificationsOf(deps.db, userId)
  return {
    notifications: rows.map((row) => ({
      id: String(row.id),
      title: row.title,
      body: row.body,
      wasRead: row.readAt ? ('yes' as const) : ('no' as const),
      sentAt: row.createdAt.toISOString(),
    })),
    unreadCount: rows.filter((row) => !row.readAt).length,
  }
}

export const markedAsRead = 'Marked as read'
export const somethingWentWrong = 'Something went wrong!'

/**
 * Marks one notification of the caller read. Marking an already read one again is still true
 * (a retried request must not look like a failure); an id of another customer's notification
 * answers exactly like one that does not exist.
 */
export const markNotificationRead: Handler<'markNotificationRead'> = async ({
  input,
  deps,
  session,
}) => {
  const { userId } = requireSession(session)
  const { marked, unread } = await markOneRead(deps.db, userId, input.id, deps.now())
  return marked
    ? { status: true, message: markedAsRead, unreadCount: unread }
    : { status: false, message: somethingWentWrong, unreadCount: unread }
}

/** Marks the caller's unread notifications read: those the list showed, or all of them. */
export const markNotificationsRead: Handler<'markNotificationsRead'> = async ({
  input,
  deps,
  session,
}) => {
  const { userId } = requireSession(session)
  const { marked, unread } = await markManyRead(deps.db, userId, input.ids, deps.now())
  return { status: true, message: markedAsRead, marked, unreadCount: unread }
}

export const unreadCount: Handler<'unreadCount'> = async ({ deps, session }) => {
  const { userId } = requireSession(session)
  return { unreadCount: await countUnread(deps.db, userId) }
}
