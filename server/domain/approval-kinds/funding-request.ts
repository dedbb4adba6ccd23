import { eq } from 'drizzle-orm'
import { approvalActions } from '#api/contract/staff'
import type { Queryable } from '../../db/database'
import { fundingRequests, users } from '../../db/schema'
import type { ApprovalItem, ItemNow } from '../approval-items'
import { decideRequest, RequestDecisionRefused } from '../funding-requests'
import { refusalsAs } from './apply-refused'

/** Confirming a deposit, payment or fixed deposit above its threshold (docs/decisions/073). */

const requestRow = (db: Queryable, id: number) =>
  db
    .select({ request: fundingRequests, email: users.email, name: users.fullname })
    .from(fundingRequests)
    .innerJoin(users, eq(users.id, fundingRequests.userId))
    .where(eq(fundingRequests.id, id))

type RequestRow = Awaited<ReturnType<typeof requestRow>>[number]

const requestNow = ({ request, email, name }: RequestRow): ItemNow => ({
  shown: {
    customer_id: request.userId,
    email,
    name,
    kind: request.kind,
    amount: request.amount,
    currency: null,
    detail: [request.coinType, request.plan ?? request.purpose].filter(Boolean).join(', '),
    status: request.status,
    submitted_at: request.createdAt.toISOString(),
  },
  waiting: request.status === 'pending',
  rule: request.kind === 'upgrade' ? null : `requests confirm ${request.kind}`,
  decidedAt: request.decidedAt,
  decidedByStaffId: request.decidedByStaffId,
})

export const fundingRequestItem: ApprovalItem = {
  action: 'requests confirm',
  roles: approvalActions['requests confirm'],
  noun: 'request',
  async lock(tx, id) {
    const [row] = await requestRow(tx, id).for('update', { of: fundingRequests })
    return row && requestNow(row)
  },
  async read(db, id) {
    const [row] = await requestRow(db, id)
    return row && requestNow(row)
  },
  apply: (tx, id, checker, now) =>
    refusalsAs(RequestDecisionRefused, () =>
      decideRequest(tx, id, { confirm: true }, now, { decidedBy: checker }),
    ),
}
