import { and, eq, sql } from 'drizzle-orm'
import { approvalActions } from '#api/contract/staff'
import type { Queryable, Transaction } from '../../db/database'
import { broadcasts, notifications, users } from '../../db/schema'
import type { ApprovalItem, ItemNow } from '../approval-items'

/**
 * A notification to every customer or one plan's, under four eyes (docs/decisions/077): sent
 * into each customer's notifications, in one statement, when a second person approves it.
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

async function send(tx: Transaction, id: number, now: Date) {
  const [row] = await tx.select().from(broadcasts).where(byId(id))
  if (!row) throw new Error(`broadcast ${id} vanished`)
  const result = await tx.execute(sql`
    with sent as (
      insert into ${notifications} (user_id, title, body, created_at)
      select ${users.id}, ${row.title}, ${row.body}, ${now.toISOString()}::timestamptz
      from ${users} where ${audienceWhere(row.plan)}
      returning 1
    )
    select count(*)::int as n from sent`)
  const [{ n } = { n: 0 }] = (result as unknown as { rows: { n: number }[] }).rows
  await tx.update(broadcasts).set({ status: 'sent', recipients: n, decidedAt: now }).where(byId(id))
  return `The broadcast "${row.title}" was sent to ${n} ${n === 1 ? 'customer' : 'customers'}.`
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
  apply: (tx, id, _checker, now) => send(tx, id, now),
  async drop(tx, id, now) {
    await tx.update(broadcasts).set({ status: 'dropped', decidedAt: now }).where(byId(id))
  },
}
