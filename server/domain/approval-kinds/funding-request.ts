import { eq } from 'drizzle-orm'
import { approvalActions } from '#api/contract/staff'
import { formatMoney } from '#api/money'
import type { Queryable } from '../../db/database'
import { fundingRequests, users } from '../../db/schema'
import type { ApprovalItem, DecisionTerms, ItemNow, Shown } from '../approval-items'
import { decideRequest, RequestDecisionRefused } from '../funding-requests'
import { refusalsAs } from './apply-refused'

/**
 * Confirming a deposit, payment or fixed deposit above its threshold (docs/decisions/073); a
 * deposit perhaps with the amount the bank actually received instead of the claim (079).
 */

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

/** The request with the amount received: the approval shows both, and is judged on the second. */
const withAmountReceived = (shown: Shown, terms: DecisionTerms): Shown => {
  const claimed = formatMoney(shown.amount ?? 0)
  const received = formatMoney(terms.amount)
  return {
    ...shown,
    amount: terms.amount,
    detail: [shown.detail, `${claimed} claimed, ${received} received`].filter(Boolean).join('; '),
    changes: [
      { field: 'Amount', from: claimed, to: received },
      { field: 'Why', from: null, to: terms.reason },
    ],
  }
}

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
  revise: withAmountReceived,
  apply: (tx, id, checker, now, terms) =>
    refusalsAs(RequestDecisionRefused, () =>
      decideRequest(tx, id, { confirm: true, received: terms ?? undefined }, now, {
        decidedBy: checker,
      }),
    ),
}
