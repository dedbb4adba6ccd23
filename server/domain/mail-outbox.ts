import { and, count, desc, eq, sql } from 'drizzle-orm'
import { pageSize, type StaffCallResponse } from '#api/contract/staff'
import type { Queryable } from '../db/database'
import { mailOutbox } from '../db/schema'
import type { StaffActor, TaskOutcome } from './staff'
import { asActor, offsetOf, refused, taskRoles } from './staff-tasks'

/** The e-mail outbox as operator tasks (docs/decisions/072): the list, and a failed one sent again. */

export type MailStatus = (typeof mailOutbox.$inferSelect)['status']

export async function listMail(
  db: Queryable,
  actor: StaffActor,
  query: { status?: MailStatus; page: number; size?: number },
): Promise<TaskOutcome<{ answer: StaffCallResponse<'maillist'> }>> {
  return asActor(db, actor, taskRoles.mailRead, async () => {
    const size = query.size ?? pageSize
    const where = query.status ? eq(mailOutbox.status, query.status) : undefined
    const rows = await db
      .select()
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.id))
      .limit(size)
      .offset(offsetOf(query.page, size))
    const [total] = await db.select({ n: count() }).from(mailOutbox).where(where)
    return {
      ok: true,
      answer: {
        mail: rows.map((row) => ({
          id: row.id,
          recipient: row.recipient,
          subject: row.subject,
          status: row.status,
          attempts: row.attempts,
          last_error: row.lastError,
          created_at: row.createdAt.toISOString(),
          next_attempt_at: row.nextAttemptAt.toISOString(),
          sent_at: row.sentAt?.toISOString() ?? null,
        })),
        page: query.page,
        page_size: size,
        total: Number(total?.n ?? 0),
      },
    }
  })
}

/** Queues a failed e-mail again (only a failed one: of two retries at once, one applies). */
export async function retryMail(
  deps: { db: Queryable; now: () => Date },
  actor: StaffActor,
  id: number,
): Promise<TaskOutcome> {
  return asActor(deps.db, actor, taskRoles.mailChange, async () => {
    const retried = await deps.db
      .update(mailOutbox)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: deps.now() })
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'failed')))
      .returning({ id: mailOutbox.id })
    if (retried.length === 0) return refused(`No failed e-mail with id ${id}.`)
    return { ok: true }
  })
}

/**
 * What waits in the outbox, for the metrics: e-mail not yet sent, of which already tried and
 * failed at least once, given up on, and when the oldest unsent one was queued. Reads only
 * the rows not sent (the status index), however many were sent before.
 */
export async function outboxBacklog(db: Queryable) {
  const [row] = await db
    .select({
      queued: sql<number>`count(*) filter (where ${mailOutbox.status} = 'pending')`.mapWith(Number),
      retrying:
        sql<number>`count(*) filter (where ${mailOutbox.status} = 'pending' and ${mailOutbox.attempts} > 0)`.mapWith(
          Number,
        ),
      failed: sql<number>`count(*) filter (where ${mailOutbox.status} = 'failed')`.mapWith(Number),
      oldestQueuedAt: sql<
        string | null
      >`min(${mailOutbox.createdAt}) filter (where ${mailOutbox.status} = 'pending')`,
    })
    .from(mailOutbox)
    .where(sql`${mailOutbox.status} in ('pending', 'failed')`)
  return {
    queued: row?.queued ?? 0,
    retrying: row?.retrying ?? 0,
    failed: row?.failed ?? 0,
    oldestQueuedAt: row?.oldestQueuedAt ? new Date(row.oldestQueuedAt) : null,
  }
}
