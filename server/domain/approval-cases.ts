import { and, asc, count, desc, eq, gt, inArray, not, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import {
  type ApprovalActionName,
  approvalActionNames,
  approvalActions,
  pageSize,
  type StaffCallResponse,
  type StaffRole,
} from '#api/contract/staff'
import { rolesOf } from '../auth/staff-sessions'
import type { Queryable } from '../db/database'
import { approvals, staff } from '../db/schema'
import { approvalItems, checkerRoles, type Shown } from './approval-items'
import type { StaffActor, TaskOutcome } from './staff'
import { asActor, decidedAnswer, deciderOf, missing, offsetOf, refused } from './staff-tasks'

/**
 * The approvals inbox and one approval's case (docs/decisions/073): read by the checkers and the
 * auditor. A pending approval past its expiry reads as expired (and is marked so when someone
 * tries to decide it).
 */

const inboxRoles: readonly StaffRole[] = [...checkerRoles, 'auditor']

const maker = alias(staff, 'maker')
const checker = alias(staff, 'checker')

const columns = { approval: approvals, makerName: maker.name, checkerName: checker.name }

type Row = {
  approval: typeof approvals.$inferSelect
  makerName: string
  checkerName: string | null
}

const selectApprovals = (db: Queryable) =>
  db
    .select(columns)
    .from(approvals)
    .innerJoin(maker, eq(maker.id, approvals.makerStaffId))
    .leftJoin(checker, eq(checker.id, approvals.checkerStaffId))

const live = (now: Date) => and(eq(approvals.status, 'pending'), gt(approvals.expiresAt, now))

/** The actions a caller sees in the inbox: those their roles check; every action for the auditor. */
function actionsSeenBy(caller: Caller): ApprovalActionName[] {
  if (caller.roles.includes('auditor') || caller.staffId === null) return [...approvalActionNames]
  return approvalActionNames.filter((action) =>
    approvalActions[action].some((role) => caller.roles.includes(role)),
  )
}

function rowAnswer({ approval, makerName, checkerName }: Row, now: Date, caller: Caller) {
  const waiting = approval.status === 'pending' && approval.expiresAt > now
  const status = approval.status === 'pending' && !waiting ? 'expired' : approval.status
  const item = approvalItems[approval.itemKind]
  return {
    id: approval.id,
    action: item.action,
    item_kind: approval.itemKind,
    item_id: approval.itemId,
    shown: approval.data as Shown,
    maker: { staff_id: approval.makerStaffId, name: makerName },
    maker_note: approval.makerNote,
    status,
    checker:
      approval.checkerStaffId === null
        ? null
        : { staff_id: approval.checkerStaffId, name: checkerName ?? 'a member of staff' },
    decided_at: approval.decidedAt?.toISOString() ?? null,
    // The same record as every decided item's: the checker, and the maker who proposed it.
    decided:
      approval.decidedAt && approval.checkerStaffId !== null
        ? decidedAnswer(
            {
              staffId: approval.checkerStaffId,
              name: checkerName ?? 'a member of staff',
              at: approval.decidedAt,
            },
            { staffId: approval.makerStaffId, name: makerName, at: approval.createdAt },
          )
        : null,
    decision_note: approval.decisionNote,
    created_at: approval.createdAt.toISOString(),
    expires_at: approval.expiresAt.toISOString(),
    may_decide:
      waiting &&
      caller.staffId !== approval.makerStaffId &&
      item.roles.some((role) => caller.roles.includes(role)),
  }
}

interface Caller {
  staffId: number | null
  roles: StaffRole[]
}

const callerOf = async (db: Queryable, actor: StaffActor): Promise<Caller> => ({
  staffId: actor.staffId,
  roles: actor.staffId === null ? [] : await rolesOf(db, actor.staffId),
})

export async function listApprovals(
  deps: { db: Queryable; now: () => Date },
  actor: StaffActor,
  query: { status: 'pending' | 'decided'; page: number },
): Promise<TaskOutcome<{ answer: StaffCallResponse<'approvallist'> }>> {
  const { db } = deps
  return asActor(db, actor, inboxRoles, async () => {
    const now = deps.now()
    const caller = await callerOf(db, actor)
    const where = and(
      query.status === 'pending' ? live(now) : not(live(now) as SQL),
      inArray(approvals.action, actionsSeenBy(caller)),
    )
    const rows = await selectApprovals(db)
      .where(where)
      .orderBy(query.status === 'pending' ? asc(approvals.id) : desc(approvals.id))
      .limit(pageSize)
      .offset(offsetOf(query.page, pageSize))
    const [total] = await db.select({ n: count() }).from(approvals).where(where)
    return {
      ok: true,
      answer: {
        approvals: rows.map((row) => rowAnswer(row, now, caller)),
        page: query.page,
        page_size: pageSize,
        total: Number(total?.n ?? 0),
      },
    }
  })
}

/** One approval with its item as it is now; an audited read (the customer's name and e-mail). */
export async function openApprovalCase(
  deps: { db: Queryable; now: () => Date },
  actor: StaffActor,
  id: number,
): Promise<TaskOutcome<{ answer: StaffCallResponse<'approvalcase'> }>> {
  const { db } = deps
  return asActor(db, actor, inboxRoles, async () => {
    const [row] = await selectApprovals(db).where(eq(approvals.id, id))
    if (!row) return missing(`No approval with id ${id}.`)
    const caller = await callerOf(db, actor)
    const action = approvalItems[row.approval.itemKind].action
    if (!actionsSeenBy(caller).includes(action))
      return refused(
        `Approvals to ${action} are checked by the ${approvalActions[action].join(' or ')} role.`,
      )
    const now = deps.now()
    const item = await approvalItems[row.approval.itemKind].read(db, row.approval.itemId)
    if (!item) throw new Error(`approval ${id}: its item ${row.approval.itemId} vanished`)
    return {
      ok: true,
      answer: {
        ...rowAnswer(row, now, caller),
        now: {
          status: item.shown.status,
          amount: item.shown.amount,
          decided: decidedAnswer(await deciderOf(db, item)),
        },
      },
    }
  })
}
