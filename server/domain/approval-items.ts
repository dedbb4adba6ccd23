import type { ApprovalActionName, ApprovalItemKind, StaffRole } from '#api/contract/staff'
import type { Queryable, Transaction } from '../db/database'
import { broadcastItem } from './approval-kinds/broadcast'
import { fundingRequestItem } from './approval-kinds/funding-request'
import { staffRolesItem } from './approval-kinds/staff-roles'
import { transferItem } from './approval-kinds/transfer'

/**
 * What four eyes (docs/decisions/073, 077) needs to know of each kind of item a decision may
 * wait for: how it looks (the data the maker saw, kept on the approval), which setting it is held
 * to, whether it still waits, and how the approved decision applies (the same path as a
 * one-person decision). An item is either one of the bank's queues (a request, a transfer: it
 * waits there again when an approval is rejected) or a proposed change (a broadcast, …: a row of
 * its own that exists only to be approved, and is dropped when its approval is not).
 */

export type { ApprovalItemKind }

/** One field of a proposed change: what it is now and what it would be. */
export interface ShownChange {
  field: string
  from: string | null
  to: string | null
}

/** The item as shown to the maker and stored with the approval. */
export interface Shown {
  /** The customer it is about; null for a change that is about no one customer. */
  customer_id: number | null
  email: string | null
  name: string | null
  kind: string
  /** Null for a change that moves no amount. */
  amount: number | null
  currency: string | null
  detail: string | null
  status: string
  submitted_at: string
  /** A proposed change, field by field (absent for a decision on a queue's item). */
  changes?: ShownChange[]
}

export interface ItemNow {
  shown: Shown
  /** Whether the item still waits for a decision (a pending request, a proposed change). */
  waiting: boolean
  /**
   * The four-eyes setting it is held to ('requests confirm deposit', …: its threshold and expiry);
   * null when one person always suffices (an upgrade: a plan changes, no money moves).
   */
  rule: string | null
  decidedAt: Date | null
  decidedByStaffId: number | null
}

export interface ApprovalItem {
  action: ApprovalActionName
  /** Who may check (approve or reject) the action. */
  roles: readonly StaffRole[]
  noun: string
  /** Every such decision waits for a second person, whatever its amount (its rule's expiry). */
  always?: true
  /** The item's row, locked for the rest of the transaction; undefined when there is none. */
  lock(tx: Transaction, id: number): Promise<ItemNow | undefined>
  /** The item as it is now, without a lock (the approval's case). */
  read(db: Queryable, id: number): Promise<ItemNow | undefined>
  /**
   * Why the item is no longer what the maker saw (null when it still is), for what the common
   * check (still waiting, the same amount) does not see: a setting changed since, ….
   */
  stale?(tx: Transaction, shown: Shown, now: ItemNow): Promise<string | null>
  /**
   * Applies the maker's decision with the checker deciding (null: the terminal, before any member
   * of staff exists); throws the item's refusal. Returns what was done, in words.
   */
  apply(tx: Transaction, id: number, checker: number | null, now: Date): Promise<string>
  /** A proposed change whose approval was rejected, expired or refused: it will never apply. */
  drop?(tx: Transaction, id: number, now: Date): Promise<void>
}

export { ApplyRefused, refusalsAs } from './approval-kinds/apply-refused'

export const approvalItems: Record<ApprovalItemKind, ApprovalItem> = {
  funding_request: fundingRequestItem,
  transfer: transferItem,
  broadcast: broadcastItem,
  staff_roles: staffRolesItem,
}

export { approvalCheckerRoles as checkerRoles } from '#api/contract/staff'
