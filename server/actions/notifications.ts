import { and, count, desc, eq, isNull } from 'drizzle-orm'
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
    })),
    nc: rows.filter((row) => !row.readAt).length,
  }
}

export const mnotificationar: Handler<'mnotificationar'> = async ({ input, deps, session }) => {
  const { userId } = requireSession(session)
  const id = Number(input.id)
  if (!Number.isSafeInteger(id) || id > 2 ** 31 - 1)
    return { status: false, message: 'Something went wrong!' }
  const marked = await deps.db
    .update(notifications)
    .set({ readAt: deps.now() })
    .where(
      and(eq(notifications.id, id), eq(notifications.userId, userId), isNull(notifications.readAt)),
    )
    .returning({ id: notifications.id })
  return marked.length > 0
    ? { status: true, message: 'Marked as read' }
    : { status: false, message: 'Something went wrong!' }
}
