import { and, eq, max } from 'drizzle-orm'
import { approvalActions } from '#api/contract/staff'
import type { Queryable, Transaction } from '../../db/database'
import { broadcasts, users } from '../../db/schema'
import type { ApprovalItem, ItemNow } from '../approval-items'
import { audienceSize } from '../customer-plans'

/**
 * A notification to every customer or one plan's, under four eyes (docs/decisions/077): sent
 * into each customer's notifications, by the broadcast job in batches, once a second person
 * approves it (docs/decisions/103).
 */

type Broadcast = typeof broadcasts.$inferSelect

export const audienceOf = (plan: string | null) =>
  plan === null ? 'every customer' : `the customers on ${plan}`

const broadcastNow = (row: Broadcast): ItemNow => ({
  shown: {
    customer_id: null,
    email: null,
    name: null,
    kind: 'broadcast',
    amount: null,
    currency: null,
    detail: `"${row.title}" to ${audienceOf(row.plan)}`,
    status: row.status,
    submitted_at: row.createdAt.toISOString(),
    changes: [
      { field: 'Audience', from: null, to: audienceOf(row.plan) },
      { field: 'Title', from: null, to: row.title },
      { field: 'Text', from: null, to: row.body },
    ],
  },
  waiting: row.status === 'proposed',
  rule: 'broadcast send',
  decidedAt: row.decidedAt,
  decidedByStaffId: null,
})

const byId = (id: number) => eq(broadcasts.id, id)

/** The customers a broadcast reaches: every customer, or those on its plan. */
export const audienceWhere = (plan: string | null) =>
  plan === null
    ? eq(users.role, 'customer')
    : and(eq(users.role, 'customer'), eq(users.currentPlan, plan))

/**
 * Approving starts the sending and answers at once (docs/decisions/103): the broadcast is marked
 * `sending` with its audience as counted now and the newest customer's id, and the broadcast job
 * writes the notifications in batches.
 */
async function startSending(tx: Transaction, id: number, now: Date) {
  const [row] = await tx.select().from(broadcasts).where(byId(id))
  if (!row) throw new Error(`broadcast ${id} vanished`)
  const audience = await audienceSize(tx, row.plan)
  const [newest] = await tx.select({ id: max(users.id) }).from(users)
  await tx
    .update(broadcasts)
    .set({ status: 'sending', audience, lastUserId: newest?.id ?? 0, decidedAt: now })
    .where(byId(id))
  return `The broadcast "${row.title}" is being sent to ${audience} ${audience === 1 ? 'customer' : 'customers'}; the Broadcasts page shows how far it is.`
}

export const broadcastItem: ApprovalItem = {
  action: 'broadcast send',
  roles: approvalActions['broadcast send'],
  noun: 'broadcast',
  always: true,
  async lock(tx, id) {
    const [row] = await tx.select().from(broadcasts).where(byId(id)).for('update')
    return row && broadcastNow(row)
  },
  async read(db: Queryable, id) {
    const [row] = await db.select().from(broadcasts).where(byId(id))
    return row && broadcastNow(row)
  },
  apply: (tx, id, _checker, now) => startSending(tx, id, now),
  async drop(tx, id, now) {
    await tx.update(broadcasts).set({ status: 'dropped', decidedAt: now }).where(byId(id))
  },
}
