import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Queryable } from '../db/database'
import { notifications } from '../db/schema'
import { rowIdOf } from './row-ids'

/**
 * A customer's notifications (docs/decisions/040): the list, the unread count, marking them
 * read, and sending one (an operator's `notify`).
 */

export async function unreadCount(db: Queryable, userId: number): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
  return row?.unread ?? 0
}

/** The customer's notifications, newest first. */
export function notificationsOf(db: Queryable, userId: number) {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
}

/**
 * Marks one notification of the customer read. Marking an already read one again still counts
 * as marked (its first read time is kept); another customer's notification, like one that does
 * not exist, is not marked. Answers with the unread count after it.
 */
export async function markNotificationRead(
  db: Queryable,
  userId: number,
  idText: string,
  now: Date,
): Promise<{ marked: boolean; unread: number }> {
  const id = rowIdOf(idText)
  if (id === null) return { marked: false, unread: await unreadCount(db, userId) }
  const found = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id })
  return { marked: found.length > 0, unread: await unreadCount(db, userId) }
}

/**
 * Marks the customer's unread notifications read: those of `idTexts` (the unread ones the
 * customer's list showed: one that arrived since stays unread), or all of them when it is not
 * given. Ids that are not the customer's, or not unread, are passed over.
 */
export async function markNotificationsRead(
  db: Queryable,
  userId: number,
  idTexts: readonly string[] | undefined,
  now: Date,
): Promise<{ marked: number; unread: number }> {
  const ids = idTexts?.map(rowIdOf).filter((id) => id !== null)
  const marked =
    ids?.length === 0
      ? []
      : await db
          .update(notifications)
          .set({ readAt: now })
          .where(
            and(
              eq(notifications.userId, userId),
              isNull(notifications.readAt),
              ids === undefined ? undefined : inArray(notifications.id, ids),
            ),
          )
          .returning({ id: notifications.id })
  return { marked: marked.length, unread: await unreadCount(db, userId) }
}

/** Sends the customer a notification. */
export async function notifyCustomer(
  db: Queryable,
  notice: { userId: number; title: string; body: string },
  now: Date,
): Promise<void> {
  await db.insert(notifications).values({ ...notice, createdAt: now })
}
