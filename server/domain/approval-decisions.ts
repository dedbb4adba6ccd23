import { eq } from 'drizzle-orm'
import { formatMoney } from '#api/money'
import type { Database, Transaction } from '../db/database'
import { approvals, staff } from '../db/schema'
import {
  type ApplyContext,
  ApplyRefused,
  type ApprovalItem,
  approvalItems,
  checkerRoles,
  type DecisionTerms,
  type ItemNow,
  itemAsDecided,
  type Shown,
} from './approval-items'
import { whenSaid } from './four-eyes'
import type { StaffActor, TaskOutcome } from './staff'
import { actorRefusal } from './staff'
import { alreadyDecided, asActor, missing, refused } from './staff-tasks'

/**
 * The checker's side of four eyes (docs/decisions/073). In one transaction, the item and then the
 * approval locked (the maker's side takes them in the same order): never the maker, only the
 * action's role, not past its expiry, not when the item changed since the maker saw it; an
 * approval applies the maker's decision through the item's own path, so of two checkers at once
 * the second finds it decided. A refusal that marks the approval (expired, refused) is kept; a
 * refusal of the item's own (the account on hold) changes nothing.
 */

export type ApprovalDecision = { approve: true } | { approve: false; reason: string }

const statusWords = {
  approved: 'approved',
  rejected: 'rejected',
  expired: 'let expire',
  refused_stale: 'refused',
} as const

const personName = async (tx: Transaction, id: number | null) => {
  if (id === null) return 'an operator at the terminal'
  const [row] = await tx.select({ name: staff.name }).from(staff).where(eq(staff.id, id))
  return row?.name ?? 'a member of staff'
}

/** What the maker may do once an approval expired. */
const again = (item: ApprovalItem) =>
  item.drop ? 'The maker may propose it again.' : 'The maker may send it again.'

const amountSaid = (amount: number | null) => (amount === null ? 'none' : formatMoney(amount))

/** Why the item no longer is what the maker saw; null when it still is. */
async function staleness(
  tx: Transaction,
  item: ApprovalItem,
  shown: Shown,
  now: ItemNow,
  id: number,
): Promise<string | null> {
  const { noun } = item
  if (!now.waiting)
    return (
      (await alreadyDecided(tx, now, now.shown.status, noun)) ??
      `The ${noun} is ${now.shown.status} now.`
    )
  if (now.shown.amount !== shown.amount)
    return `The ${noun}'s amount changed from ${amountSaid(shown.amount)} to ${amountSaid(now.shown.amount)}.`
  return item.stale ? item.stale(tx, shown, now, id) : null
}

export async function decideApproval(
  deps: { db: Database; now: () => Date; publicUrl: string },
  actor: StaffActor,
  id: number,
  decision: ApprovalDecision,
): Promise<TaskOutcome<{ message: string }>> {
  return asActor(deps.db, actor, checkerRoles, async () => {
    try {
      return await deps.db.transaction((tx) =>
        decideLocked(tx, deps.now(), actor, id, decision, { publicUrl: deps.publicUrl }),
      )
    } catch (error) {
      if (error instanceof ApplyRefused) return refused(`Nothing was applied: ${error.message}`)
      throw error
    }
  })
}

async function decideLocked(
  tx: Transaction,
  at: Date,
  actor: StaffActor,
  id: number,
  decision: ApprovalDecision,
  context: ApplyContext,
): Promise<TaskOutcome<{ message: string }>> {
  const [unlocked] = await tx.select().from(approvals).where(eq(approvals.id, id))
  if (!unlocked) return missing(`No approval with id ${id}.`)
  const item = approvalItems[unlocked.itemKind]
  const current = await item.lock(tx, unlocked.itemId)
  const [approval] = await tx.select().from(approvals).where(eq(approvals.id, id)).for('update')
  if (!approval) return missing(`No approval with id ${id}.`)
  const refusal = await actorRefusal(tx, actor, item.roles)
  if (refusal) return refused(refusal)
  if (approval.makerStaffId === actor.staffId)
    return refused(
      'You sent this for approval: a second member of staff must approve or reject it.',
    )
  if (item.concerns && (await item.concerns(tx, approval.itemId)) === actor.staffId)
    return refused('This changes your own access: another admin must approve or reject it.')
  if (approval.status !== 'pending') {
    const who = await personName(tx, approval.checkerStaffId)
    const when = whenSaid(approval.decidedAt ?? at)
    return refused(
      approval.status === 'expired'
        ? `Approval ${id} expired at ${when}. ${again(item)}`
        : `${who} ${statusWords[approval.status]} approval ${id} at ${when}.`,
    )
  }
  /** Marks the approval decided; a proposed change that will not apply is dropped with it. */
  const mark = async (values: Partial<typeof approvals.$inferInsert>) => {
    await tx
      .update(approvals)
      .set({ decidedAt: at, ...values })
      .where(eq(approvals.id, id))
    if (values.status !== 'approved') await item.drop?.(tx, approval.itemId, at)
  }
  if (approval.expiresAt <= at) {
    await mark({ status: 'expired' })
    return refused(
      `Approval ${id} expired at ${whenSaid(approval.expiresAt)}; nothing was applied. ${again(item)}`,
    )
  }
  const checker = actor.staffId as number
  if (!decision.approve) {
    await mark({ status: 'rejected', checkerStaffId: checker, decisionNote: decision.reason })
    const after = item.drop ? `the ${item.noun} is dropped` : `the ${item.noun} waits in its queue`
    return { ok: true, message: `Approval ${id} rejected; nothing was applied and ${after}.` }
  }
  const terms = approval.terms as DecisionTerms | null
  const stale = current
    ? await staleness(
        tx,
        item,
        approval.data as Shown,
        itemAsDecided(item, current, terms),
        approval.itemId,
      )
    : `The ${item.noun} no longer exists.`
  if (stale) {
    await mark({ status: 'refused_stale', checkerStaffId: checker, decisionNote: stale })
    return refused(`Approval ${id} refused: ${stale} Nothing was applied.`)
  }
  const applied = await item.apply(tx, approval.itemId, checker, at, terms, context)
  await mark({ status: 'approved', checkerStaffId: checker })
  return { ok: true, message: `Approval ${id} approved: ${applied}` }
}
