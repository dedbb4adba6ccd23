import { eq } from 'drizzle-orm'
import { approvalActions } from '#api/contract/staff'
import type { Queryable } from '../../db/database'
import { transfers, users } from '../../db/schema'
import type { ApprovalItem, ItemNow } from '../approval-items'
import { decideTransfer, TransferDecisionRefused } from '../transfers'
import { refusalsAs } from './apply-refused'

/** Settling a transfer above its threshold (docs/decisions/073). */

const transferRow = (db: Queryable, id: number) =>
  db
    .select({ transfer: transfers, email: users.email, name: users.fullname })
    .from(transfers)
    .innerJoin(users, eq(users.id, transfers.userId))
    .where(eq(transfers.id, id))

type TransferRow = Awaited<ReturnType<typeof transferRow>>[number]

const transferNow = ({ transfer, email, name }: TransferRow): ItemNow => ({
  shown: {
    customer_id: transfer.userId,
    email,
    name,
    kind: 'transfer',
    amount: transfer.amount,
    currency: transfer.currency,
    detail: `${transfer.actHoldName}, ${transfer.actNo} at ${transfer.bank}`,
    status: transfer.status,
    submitted_at: transfer.createdAt.toISOString(),
  },
  waiting: transfer.status === 'in_progress',
  rule: 'transfers settle',
  decidedAt: transfer.decidedAt,
  decidedByStaffId: transfer.decidedByStaffId,
})

export const transferItem: ApprovalItem = {
  action: 'transfers settle',
  roles: approvalActions['transfers settle'],
  noun: 'transfer',
  async lock(tx, id) {
    const [row] = await transferRow(tx, id).for('update', { of: transfers })
    return row && transferNow(row)
  },
  async read(db, id) {
    const [row] = await transferRow(db, id)
    return row && transferNow(row)
  },
  apply: (tx, id, checker, now) =>
    refusalsAs(TransferDecisionRefused, () =>
      decideTransfer(tx, id, { settle: true }, now, checker),
    ),
}
