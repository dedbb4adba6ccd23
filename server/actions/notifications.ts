import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Queryable } from '../db/database'
import { notifications } from '../db/schema'
import type { Handler } from '../rpc/handler'
import { requireSession } from '../rpc/handler'

export async function unreadCount(db: Queryable, userId: number): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
  return row?.unread ?? 0
}

export const getnotifications: Handler<'getnotifications'> = async ({ deps, session }) => {
  const { userId } = requireSession(session)
  const rows = await deps.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
  return {
    notifications: rows.map((row) => ({
      id: String(row.id),
      title: row.title,
      body: row.body,
      wasread: row.readAt ? ('yes' as const) : ('no' as const),
      created_at: row.createdAt.toISOString(),
    })),
    nc: rows.filter((row) => !row.readAt).length,
  }
}

export const markedAsRead = 'Marked as read'
export const somethingWentWrong = 'Something went wrong!'

/** A notification id as sent (digits, checked by the contract), or null past the id column. */
function notificationId(text: string): number | null {
  const id = Number(text)
  return Number.isSafeInteger(id) && id <= 2 ** 31 - 1 ? id : null
}

/**
 * Marks one notification of the caller read. Marking an already read one again is still true
 * (a retried request must not look like a failure); an id of another customer's notification
 * answers exactly like one that does not exist.
 */
export const mnotificationar: Handler<'mnotificationar'> = async ({ input, deps, session }) => {
  const { userId } = requireSession(session)
  const id = notificationId(input.id)
  if (id === null)
    return { status: false, message: somethingWentWrong, nc: await unreadCount(deps.db, userId) }
  const found = await deps.db
    .update(notifications)
    .set({
      readAt: sql`coalesce(${notifications.readAt}, ${deps.now().toISOString()}::timestamptz)`,
    })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id })
  const nc = await unreadCount(deps.db, userId)
  return found.length > 0
    ? { status: true, message: markedAsRead, nc }
    : { status: false, message: somethingWentWrong, nc }
}

/**
 * Marks the caller's unread notifications read: those of `ids`, the unread ones the customer's
 * list showed (one that arrived since stays unread); all of them when `ids` is not given. Ids
 * that are not the caller's, or not unread, are passed over.
 */
export const mnotificationsallar: Handler<'mnotificationsallar'> = async ({
  input,
  deps,
  session,
}) => {
  const { userId } = requireSession(session)
  const ids = input.ids?.map(notificationId).filter((id) => id !== null)
  const marked =
    ids?.length === 0
      ? []
      : await deps.db
          .update(notifications)
          .set({ readAt: deps.now() })
          .where(
            and(
              eq(notifications.userId, userId),
              isNull(notifications.readAt),
              ids === undefined ? undefined : inArray(notifications.id, ids),
            ),
          )
          .returning({ id: notifications.id })
  return {
    status: true,
    message: markedAsRead,
    marked: marked.length,
    nc: await unreadCount(deps.db, userId),
  }
}

export const getnc: Handler<'getnc'> = async ({ deps, session }) => {
  const { userId } = requireSession(session)
  return { nc: await unreadCount(deps.db, userId) }
}
