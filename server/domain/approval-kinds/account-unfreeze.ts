import { eq } from 'drizzle-orm'
import { approvalActions } from '#api/contract/staff'
import { formatDateOf } from '#api/day-month-year'
import type { Queryable, Transaction } from '../../db/database'
import { accountNotices, accountUnfreezes, notifications, users } from '../../db/schema'
import { liftFreeze } from '../account-notices'
import type { ApprovalItem, ItemNow } from '../approval-items'

/**
 * Lifting a freeze (docs/decisions/079): one person freezes an account at once; lifting it
 * waits for a second person, and the account stays frozen until then. Stale when the freeze it
 * lifts is not the account's any more (lifted already, or frozen again since).
 */

const unfreezeRow = (db: Queryable, id: number) =>
  db
    .select({
      unfreeze: accountUnfreezes,
      email: users.email,
      name: users.fullname,
      freezeReason: accountNotices.freezeReason,
      frozenNow: accountNotices.frozenAt,
    })
    .from(accountUnfreezes)
    .innerJoin(users, eq(users.id, accountUnfreezes.userId))
    .leftJoin(accountNotices, eq(accountNotices.userId, accountUnfreezes.userId))
    .where(eq(accountUnfreezes.id, id))

type UnfreezeRow = Awaited<ReturnType<typeof unfreezeRow>>[number]

/** "14:03 UTC on 25/11/2026", as the refusals name a time. */
const moment = (at: Date) => `${at.toISOString().slice(11, 16)} UTC on ${formatDateOf(at, 'UTC')}`

const frozenSince = (at: Date) => `Frozen since ${moment(at)}`

const unfreezeNow = ({ unfreeze, email, name, freezeReason }: UnfreezeRow): ItemNow => ({
  shown: {
    customer_id: unfreeze.userId,
    email,
    name,
    kind: 'account_unfreeze',
    amount: null,
    currency: null,
    detail: `Lift the freeze of ${moment(unfreeze.frozenAt)}${freezeReason ? ` (${freezeReason})` : ''}`,
    status: unfreeze.status,
    submitted_at: unfreeze.createdAt.toISOString(),
    changes: [
      { field: 'Account', from: frozenSince(unfreeze.frozenAt), to: 'Open: sign-in and money out' },
      { field: 'Why', from: null, to: unfreeze.reason },
    ],
  },
  waiting: unfreeze.status === 'proposed',
  rule: 'accounts unfreeze',
  decidedAt: unfreeze.decidedAt,
  decidedByStaffId: null,
})

const byId = (id: number) => eq(accountUnfreezes.id, id)

/** Whether the account still has the freeze this proposal lifts. */
const stillFrozen = (row: UnfreezeRow) =>
  row.frozenNow?.getTime() === row.unfreeze.frozenAt.getTime()

async function lift(tx: Transaction, id: number, now: Date) {
  const [row] = await unfreezeRow(tx, id)
  if (!row) throw new Error(`unfreeze ${id} vanished`)
  if (!(await liftFreeze(tx, row.unfreeze.userId, row.unfreeze.frozenAt)))
    throw new Error(`unfreeze ${id}: the freeze was not there to lift`)
  await tx.insert(notifications).values({
    userId: row.unfreeze.userId,
    title: 'Your account is open again',
    body: 'We have lifted the freeze: you can use your account and move money again.',
    createdAt: now,
  })
  await tx.update(accountUnfreezes).set({ status: 'applied', decidedAt: now }).where(byId(id))
  return `The freeze on ${row.email} is lifted: they may sign in and move money again.`
}

export const accountUnfreezeItem: ApprovalItem = {
  action: 'accounts unfreeze',
  roles: approvalActions['accounts unfreeze'],
  noun: 'unfreeze',
  always: true,
  async lock(tx, id) {
    const [row] = await unfreezeRow(tx, id).for('update', { of: accountUnfreezes })
    if (!row) return undefined
    // The notice too: a freeze being lifted or changed meanwhile is waited for, then seen.
    await tx
      .select({ id: accountNotices.id })
      .from(accountNotices)
      .where(eq(accountNotices.userId, row.unfreeze.userId))
      .for('update')
    return unfreezeNow(row)
  },
  async read(db, id) {
    const [row] = await unfreezeRow(db, id)
    return row && unfreezeNow(row)
  },
  async stale(tx, _shown, _now, id) {
    const [row] = await unfreezeRow(tx, id)
    if (!row || stillFrozen(row)) return null
    return row.frozenNow
      ? `The account was frozen again at ${moment(row.frozenNow)}: that freeze needs an unfreeze of its own.`
      : 'The account is not frozen any more.'
  },
  apply: (tx, id, _checker, now) => lift(tx, id, now),
  async drop(tx, id, now) {
    await tx.update(accountUnfreezes).set({ status: 'dropped', decidedAt: now }).where(byId(id))
  },
}
