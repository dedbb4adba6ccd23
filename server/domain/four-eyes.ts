import { and, eq } from 'drizzle-orm'
import type { Database, Queryable, Transaction } from '../db/database'
import { approvals, fourEyesSettings, staff } from '../db/schema'
import {
  type ApprovalItemKind,
  approvalItems,
  type DecisionTerms,
  itemAsDecided,
} from './approval-items'
import type { StaffActor, TaskOutcome } from './staff'
import { refused } from './staff-tasks'
import { whenSaid } from './time-words'

/**
 * The maker's side of four eyes (docs/decisions/073, 077): a decision on an item above its
 * action's threshold, or any proposed change of a kind that always needs two people, is not
 * applied but kept as a pending approval (who, what, when, why and the item as shown), for a
 * second member of staff to approve.
 */

/** When no setting names an action: every amount needs a second person, for a day. */
export const fourEyesFallback = { threshold: 0, expiryMinutes: 24 * 60 }

export async function fourEyesSetting(db: Queryable, rule: string) {
  const [row] = await db.select().from(fourEyesSettings).where(eq(fourEyesSettings.action, rule))
  return row ?? { action: rule, ...fourEyesFallback }
}

// Kept in time-words.ts, which the approval kinds can import without the registry.
export { whenSaid }

type Sent = TaskOutcome<{ message: string }>

interface ItemToSend {
  kind: ApprovalItemKind
  id: number
  note?: string | undefined
  /** The maker's own terms (a corrected amount): the threshold is judged on them. */
  terms?: DecisionTerms | undefined
}

/**
 * Sends the maker's decision on the item for approval when its amount is above the threshold,
 * in one transaction with the item locked; null when one person suffices (or the item does not
 * wait any more: the one-person path then refuses it in its own words). Only a member of staff
 * is held to it: before any exists the terminal decides alone (docs/decisions/068).
 */
export async function sendForApproval(
  deps: { db: Database; now: () => Date },
  actor: StaffActor,
  item: ItemToSend,
): Promise<Sent | null> {
  const maker = actor.staffId
  if (maker === null) return null
  return deps.db.transaction((tx) => sendLocked(tx, deps.now(), maker, item))
}

/** A proposed change: its kind, the maker's note, and how to write its row (returning its id). */
export interface Proposal {
  kind: ApprovalItemKind
  note?: string | undefined
  create: (tx: Transaction, now: Date) => Promise<number>
}

/**
 * A proposed change (docs/decisions/077): `create` writes it as a row of its kind's own table
 * and returns its id; in the same transaction it waits for a second person. Only the terminal
 * before any member of staff exists applies it at once.
 */
export function proposeChange(
  deps: { db: Database; now: () => Date },
  actor: StaffActor,
  proposal: Proposal,
): Promise<Sent> {
  return deps.db.transaction((tx) => proposeIn(tx, deps.now(), actor, proposal))
}

/** `proposeChange` inside a transaction the caller holds (a task that does more around it). */
export async function proposeIn(
  tx: Transaction,
  now: Date,
  actor: StaffActor,
  proposal: Proposal,
): Promise<Sent> {
  const kind = approvalItems[proposal.kind]
  if (!kind.always) throw new Error(`${proposal.kind} is not a proposed change`)
  const id = await proposal.create(tx, now)
  if (actor.staffId === null) return { ok: true, message: await kind.apply(tx, id, null, now) }
  const sent = await sendLocked(tx, now, actor.staffId, {
    kind: proposal.kind,
    id,
    note: proposal.note,
  })
  if (!sent) throw new Error(`proposed ${proposal.kind} ${id} was not sent for approval`)
  return sent
}

async function sendLocked(
  tx: Transaction,
  now: Date,
  maker: number,
  item: ItemToSend,
): Promise<Sent | null> {
  const kind = approvalItems[item.kind]
  const locked = await kind.lock(tx, item.id)
  if (!locked?.waiting || locked.rule === null) return null
  const current = itemAsDecided(kind, locked, item.terms ?? null)
  const setting = await fourEyesSetting(tx, locked.rule)
  if (!kind.always && (current.shown.amount ?? 0) <= setting.threshold) return null
  const [waiting] = await tx
    .select({ approval: approvals, maker: staff.name })
    .from(approvals)
    .innerJoin(staff, eq(staff.id, approvals.makerStaffId))
    .where(
      and(
        eq(approvals.itemKind, item.kind),
        eq(approvals.itemId, item.id),
        eq(approvals.status, 'pending'),
      ),
    )
    .for('update', { of: approvals })
  if (waiting && waiting.approval.expiresAt > now)
    return refused(
      `This ${kind.noun} already waits for approval ${waiting.approval.id}, sent by ${waiting.maker} at ${whenSaid(waiting.approval.createdAt)}.`,
    )
  if (waiting)
    await tx
      .update(approvals)
      .set({ status: 'expired', decidedAt: now })
      .where(eq(approvals.id, waiting.approval.id))
  const expiresAt = new Date(now.getTime() + setting.expiryMinutes * 60_000)
  const [sent] = await tx
    .insert(approvals)
    .values({
      action: kind.action,
      itemKind: item.kind,
      itemId: item.id,
      data: current.shown,
      terms: item.terms ?? null,
      makerStaffId: maker,
      makerNote: item.note || null,
      createdAt: now,
      expiresAt,
    })
    .returning({ id: approvals.id })
  return {
    ok: true as const,
    message: `Sent for approval: a second member of staff with the ${kind.roles.join(' or ')} role must approve it (approval ${sent?.id}, until ${whenSaid(expiresAt)}).`,
  }
}
