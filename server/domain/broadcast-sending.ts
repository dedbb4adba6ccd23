import { asc, eq, sql } from 'drizzle-orm'
import type { Database, Queryable } from '../db/database'
import { broadcasts, notifications, users } from '../db/schema'
import { startPeriodicJob } from '../jobs/periodic-job'
import { audienceWhere } from './approval-kinds/broadcast'

/**
 * The broadcast job (docs/decisions/103): writes an approved broadcast's notifications in
 * batches of customers taken in id order, each batch in one transaction with the broadcast's
 * cursor (`sentThrough`, the last customer id done) and count (`written`). The broadcast's row
 * is locked FOR UPDATE SKIP LOCKED, so one server writes a broadcast's batch at a time and the
 * others take another broadcast or none; a server killed mid-batch leaves neither its
 * notifications nor the cursor's move, and the next server starts the batch again. The unique
 * (broadcast, customer) of notifications makes a second notification impossible besides.
 */

/** Customers written in one transaction. */
export const broadcastBatchSize = 5_000

type BatchOutcome = 'written' | 'finished' | 'none'

/** Writes the next batch of one sending broadcast; says what it did. */
export async function sendNextBatch(
  db: Database,
  now: Date,
  batchSize = broadcastBatchSize,
): Promise<BatchOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(broadcasts)
      .where(eq(broadcasts.status, 'sending'))
      .orderBy(asc(broadcasts.id))
      .limit(1)
      .for('update', { skipLocked: true })
    if (!row) return 'none'
    const { through, written } = await writeBatch(tx, row, batchSize)
    if (through === null) {
      await tx
        .update(broadcasts)
        .set({ status: 'sent', recipients: row.written, sentAt: now })
        .where(eq(broadcasts.id, row.id))
      return 'finished'
    }
    await tx
      .update(broadcasts)
      .set({ sentThrough: through, written: row.written + written })
      .where(eq(broadcasts.id, row.id))
    return 'written'
  })
}

/**
 * The notifications of the next `batchSize` customers of the audience after the cursor, up to
 * the newest customer when it was approved; `through` is the last customer's id, null when none
 * was left.
 */
async function writeBatch(
  tx: Queryable,
  row: typeof broadcasts.$inferSelect,
  batchSize: number,
): Promise<{ through: number | null; written: number }> {
  const at = (row.decidedAt ?? new Date()).toISOString()
  const result = await tx.execute(sql`
    with batch as (
      select ${users.id} as id from ${users}
      where ${audienceWhere(row.plan)} and ${users.id} > ${row.sentThrough}
        and ${users.id} <= ${row.lastUserId ?? 0}
      order by ${users.id} limit ${batchSize}
    ), written as (
      insert into ${notifications} (user_id, title, body, broadcast_id, created_at)
      select id, ${row.title}, ${row.body}, ${row.id}::int, ${at}::timestamptz from batch
      on conflict (broadcast_id, user_id) where broadcast_id is not null do nothing
      returning 1
    )
    select (select max(id) from batch) as through, (select count(*) from written)::int as written`)
  const [answer] = (result as unknown as { rows: { through: number | null; written: number }[] })
    .rows
  return {
    through:
      answer?.through === null || answer?.through === undefined ? null : Number(answer.through),
    written: Number(answer?.written ?? 0),
  }
}

/** Writes batches until no broadcast is sending (or another server holds the one left). */
export async function sendBroadcasts(db: Database, now: () => Date, batchSize?: number) {
  let finished = 0
  for (;;) {
    const outcome = await sendNextBatch(db, now(), batchSize)
    if (outcome === 'none') return finished
    if (outcome === 'finished') finished++
  }
}

/** Runs `sendBroadcasts` every `intervalMs` (two seconds by default) while the server runs. */
export function startBroadcastJob(options: {
  db: Database
  now: () => Date
  log: (line: string) => void
  intervalMs?: number
}) {
  return startPeriodicJob({
    name: 'broadcasts',
    intervalMs: options.intervalMs ?? 2_000,
    log: options.log,
    round: async () => {
      const finished = await sendBroadcasts(options.db, options.now)
      return finished > 0
        ? `broadcasts: ${finished} sent to every customer of their audience`
        : null
    },
  })
}
