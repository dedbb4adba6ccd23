import { eq } from 'drizzle-orm'
import type { StaffRole } from '#api/contract/staff'
import type { Queryable, Transaction } from '../db/database'
import { fundingRequests, transfers, users } from '../db/schema'
import { decideRequest } from './funding-requests'
import { decideTransfer } from './transfers'

/**
 * What four eyes (docs/decisions/073) needs to know of each kind of item a decision may wait
 * for: how it looks (the data the maker saw, kept on the approval), which threshold it is held
 * to, whether it still waits, and how the approved decision applies (the same ledger path as a
 * one-person decision).
 */

export type ApprovalItemKind = 'funding_request' | 'transfer'
export type ApprovalAction = 'requests confirm' | 'transfers settle'

/** The item as shown to the maker and stored with the approval. */
export interface Shown {
  customer_id: number
  email: string
  name: string
  kind: string
  amount: number
  currency: string | null
  detail: string | null
  status: string
  submitted_at: string
}

export interface ItemNow {
  shown: Shown
  /** Whether the item still waits for a decision (a pending request, a transfer in progress). */
  waiting: boolean
  /**
   * The four-eyes setting its amount is held to ('requests confirm deposit', …); null when one
   * person always suffices (an upgrade: a plan changes, no money moves in the ledger).
   */
  rule: string | null
  decidedAt: Date | null
  decidedByStaffId: number | null
}

export interface ApprovalItem {
  action: ApprovalAction
  /** Who may check (approve or reject) the action. */
  roles: readonly StaffRole[]
  noun: string
  /** The item's row, locked for the rest of the transaction; undefined when there is none. */
  lock(tx: Transaction, id: number): Promise<ItemNow | undefined>
  /** The item as it is now, without a lock (the approval's case). */
  read(db: Queryable, id: number): Promise<ItemNow | undefined>
  /** Applies the maker's decision with the checker deciding; throws the item's refusal. */
  apply(tx: Transaction, id: number, checker: number, now: Date): Promise<string>
}

const requestItem = (db: Queryable, id: number) =>
  db
    .select({ request: fundingRequests, email: users.email, name: users.fullname })
    .from(fundingRequests)
    .innerJoin(users, eq(users.id, fundingRequests.userId))
    .where(eq(fundingRequests.id, id))

type RequestRow = Awaited<ReturnType<typeof requestItem>>[number]

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

const transferItem = (db: Queryable, id: number) =>
  db
    .select({ transfer: transfers, email: users.email, name: users.fullname })
    .from(transfers)
    .innerJoin(users, eq(users.id, transfers.userId))
    .where(eq(transfers.id, id))

type TransferRow = Awaited<ReturnType<typeof transferItem>>[number]

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

export const approvalItems: Record<ApprovalItemKind, ApprovalItem> = {
  funding_request: {
    action: 'requests confirm',
    roles: ['payments'],
    noun: 'request',
    async lock(tx, id) {
      const [row] = await requestItem(tx, id).for('update', { of: fundingRequests })
      return row && requestNow(row)
    },
    async read(db, id) {
      const [row] = await requestItem(db, id)
      return row && requestNow(row)
    },
    apply: (tx, id, checker, now) =>
      decideRequest(tx, id, { confirm: true }, now, { decidedBy: checker }),
  },
  transfer: {
    action: 'transfers settle',
    roles: ['payments'],
    noun: 'transfer',
    async lock(tx, id) {
      const [row] = await transferItem(tx, id).for('update', { of: transfers })
      return row && transferNow(row)
    },
    async read(db, id) {
      const [row] = await transferItem(db, id)
      return row && transferNow(row)
    },
    apply: (tx, id, checker, now) => decideTransfer(tx, id, { settle: true }, now, checker),
  },
}

/** Every role that checks some action: who may open the inbox besides the auditor. */
export const checkerRoles: readonly StaffRole[] = [
  ...new Set(Object.values(approvalItems).flatMap((item) => item.roles)),
]
