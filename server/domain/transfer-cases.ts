import { asc, count, desc, eq } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { pageSize, type StaffCallResponse } from '#api/contract/staff'
import type { Database, Queryable } from '../db/database'
import { staff, type transferStatuses, transfers, users } from '../db/schema'
import { makersOf } from './approval-makers'
import { sendForApproval } from './four-eyes'
import type { StaffActor, TaskOutcome } from './staff'
import {
  asActor,
  type Decider,
  decidedAnswer,
  deciderFrom,
  offsetOf,
  refused,
  taskRoles,
} from './staff-tasks'
import { decideTransfer, TransferDecisionRefused } from './transfers'

/** The transfers' queue as operator tasks (docs/decisions/067, 072). */

export type TransferStatus = (typeof transferStatuses)[number]

const decider = alias(staff, 'decider')

export const transferColumns = {
  transfer: transfers,
  email: users.email,
  name: users.fullname,
  deciderName: decider.name,
}

type Row = {
  transfer: typeof transfers.$inferSelect
  email: string
  name: string
  deciderName: string | null
}

const transferAnswer = (
  { transfer, email, name, deciderName }: Row,
  makers: Map<number, Decider>,
) => ({
  id: transfer.id,
  customer_id: transfer.userId,
  email,
  name,
  amount: transfer.amount,
  charge: transfer.charge,
  currency: transfer.currency,
  payee_name: transfer.actHoldName,
  payee_account: transfer.actNo,
  payee_bank: transfer.bank,
  status: transfer.status,
  submitted_at: transfer.createdAt.toISOString(),
  decided: decidedAnswer(
    deciderFrom(transfer.decidedAt, transfer.decidedByStaffId, deciderName),
    makers.get(transfer.id) ?? null,
  ),
})

/** Transfers as the answers give them, each with who proposed its settlement if a second person approved it. */
export async function transferAnswers(db: Queryable, rows: Row[]) {
  const makers = await makersOf(
    db,
    'transfer',
    rows.map((row) => row.transfer.id),
  )
  return rows.map((row) => transferAnswer(row, makers))
}

/** Transfers with one status joined with their customer and decider; the caller filters and pages. */
export const selectTransfers = (db: Queryable) =>
  db
    .select(transferColumns)
    .from(transfers)
    .innerJoin(users, eq(users.id, transfers.userId))
    .leftJoin(decider, eq(decider.id, transfers.decidedByStaffId))

export async function listTransfers(
  db: Queryable,
  actor: StaffActor,
  query: { status: TransferStatus; page: number },
): Promise<TaskOutcome<{ answer: StaffCallResponse<'transferlist'> }>> {
  return asActor(db, actor, taskRoles.paymentsRead, async () => {
    const where = eq(transfers.status, query.status)
    const rows = await selectTransfers(db)
      .where(where)
      .orderBy(query.status === 'in_progress' ? asc(transfers.id) : desc(transfers.id))
      .limit(pageSize)
      .offset(offsetOf(query.page, pageSize))
    const [total] = await db.select({ n: count() }).from(transfers).where(where)
    return {
      ok: true,
      answer: {
        transfers: await transferAnswers(db, rows),
        page: query.page,
        page_size: pageSize,
        total: Number(total?.n ?? 0),
      },
    }
  })
}

export type TransferDecision =
  | { settle: true; note?: string | undefined }
  | { settle: false; reason?: string }

/**
 * Settles or fails a transfer in progress as `actor`; of two people deciding one at once, the
 * second is told who decided it. A settlement above the threshold waits for a second person
 * instead (four-eyes.ts, docs/decisions/073). `message` is what `ops` prints.
 */
export async function decideTransferAs(
  deps: { db: Database; now: () => Date },
  actor: StaffActor,
  id: number,
  decision: TransferDecision,
): Promise<TaskOutcome<{ message: string }>> {
  return asActor(deps.db, actor, taskRoles.paymentsDecide, async () => {
    if (decision.settle) {
      const sent = await sendForApproval(deps, actor, { kind: 'transfer', id, note: decision.note })
      if (sent) return sent
    }
    try {
      const message = await decideTransfer(deps.db, id, decision, deps.now(), actor.staffId)
      return { ok: true, message }
    } catch (error) {
      if (error instanceof TransferDecisionRefused) return refused(error.message)
      throw error
    }
  })
}
