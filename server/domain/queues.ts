import { count, min, type SQL, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { StaffCallResponse, StaffRole } from '#api/contract/staff'
import { rolesOf } from '../auth/staff-sessions'
import type { Queryable } from '../db/database'
import { approvals, fundingRequests, kycRequests, mailOutbox, transfers, users } from '../db/schema'
import { holdsDemoAccounts } from '../seed/demo-accounts'
import { awaitingReview } from './kyc-review'
import { findStaffById, type StaffActor, type TaskOutcome } from './staff'
import { refused, taskRefusal, taskRoles } from './staff-tasks'

/**
 * The console's home (docs/decisions/072): each queue's count and the time its oldest item came
 * in, for the queues the actor's roles may read (the auditor reads all); someone with none of
 * those roles gets an empty list, not a refusal.
 */

export type QueueName = StaffCallResponse<'queues'>['queues'][number]['queue']

interface QueueSource {
  name: QueueName
  readers: readonly StaffRole[]
  table: PgTable
  /** Which rows wait, at the time `now`. */
  where: (now: Date) => SQL
  since: SQL
}

const pendingKind = (kind: (typeof fundingRequests.$inferSelect)['kind']) =>
  sql`${fundingRequests.status} = 'pending' AND ${fundingRequests.kind} = ${kind}`

const sources: QueueSource[] = [
  {
    // Customers under review, with documents on file or not: the KYC list's own condition.
    name: 'kyc_submissions',
    readers: taskRoles.kycRead,
    table: users,
    where: () => awaitingReview,
    since: sql`coalesce(${users.kycSubmittedAt}, ${users.createdAt})`,
  },
  {
    name: 'kyc_requests',
    readers: taskRoles.kycRead,
    table: kycRequests,
    where: () => sql`${kycRequests.status} = 'pending'`,
    since: sql`${kycRequests.createdAt}`,
  },
  ...(['deposit', 'payment', 'fixed_deposit', 'upgrade'] as const).map((kind) => ({
    name: `${kind}_requests` as QueueName,
    readers: taskRoles.paymentsRead,
    table: fundingRequests,
    where: () => pendingKind(kind),
    since: sql`${fundingRequests.createdAt}`,
  })),
  {
    name: 'transfers_in_progress',
    readers: taskRoles.paymentsRead,
    table: transfers,
    where: () => sql`${transfers.status} = 'in_progress'`,
    since: sql`${transfers.createdAt}`,
  },
  {
    // Four eyes (docs/decisions/073): decisions waiting for a second person, not yet expired.
    name: 'approvals_pending',
    readers: taskRoles.paymentsRead,
    table: approvals,
    where: (now) => sql`${approvals.status} = 'pending' AND ${approvals.expiresAt} > ${now}`,
    since: sql`${approvals.createdAt}`,
  },
  {
    name: 'mail_failed',
    readers: taskRoles.mailRead,
    table: mailOutbox,
    where: () => sql`${mailOutbox.status} = 'failed'`,
    since: sql`${mailOutbox.createdAt}`,
  },
]

/** Every queue's name, for whoever watches them all (the metrics). */
export const queueNames: readonly QueueName[] = sources.map((source) => source.name)

export async function queueCounts(
  db: Queryable,
  actor: StaffActor,
  now: Date,
): Promise<TaskOutcome<{ answer: StaffCallResponse<'queues'> }>> {
  let held: readonly StaffRole[]
  if (actor.staffId === null)
    // The terminal before any staff existed reads everything; after, nothing.
    held = (await taskRefusal(db, actor, ['auditor'])) ? [] : ['auditor']
  else {
    const person = await findStaffById(db, actor.staffId)
    if (person?.status !== 'active') return refused('Your staff account is not active.')
    held = await rolesOf(db, actor.staffId)
  }
  const readable = sources.filter((source) => source.readers.some((role) => held.includes(role)))
  return {
    ok: true,
    answer: {
      queues: await countWaiting(db, readable, now),
      demo_accounts: await holdsDemoAccounts(db),
    },
  }
}

/**
 * How many items wait in the named queues and since when the oldest, whoever asks: the daily
 * figures (daily-figures.ts) show the bank's open work to the roles that read them.
 */
export const countOpenQueues = (db: Queryable, names: readonly QueueName[], now: Date) =>
  countWaiting(
    db,
    sources.filter((source) => names.includes(source.name)),
    now,
  )

async function countWaiting(db: Queryable, chosen: readonly QueueSource[], now: Date) {
  const queues = []
  for (const source of chosen) {
    const [row] = await db
      .select({ n: count(), oldest: min(source.since) })
      .from(source.table)
      .where(source.where(now))
    const oldest = row?.oldest as Date | string | null | undefined
    queues.push({
      queue: source.name,
      count: Number(row?.n ?? 0),
      oldest_at: oldest ? new Date(oldest).toISOString() : null,
    })
  }
  return queues
}
