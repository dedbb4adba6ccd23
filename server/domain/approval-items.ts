import type { ApprovalActionName, ApprovalItemKind, StaffRole } from '#api/contract/staff'
import type { Queryable, Transaction } from '../db/database'
import { accountUnfreezeItem } from './approval-kinds/account-unfreeze'
import { broadcastItem } from './approval-kinds/broadcast'
import { correctionItem } from './approval-kinds/correction'
import { fundingRequestItem } from './approval-kinds/funding-request'
import { settingsVersionItem } from './approval-kinds/settings-version'
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

/**
 * The maker's own terms of a decision, kept on the approval and applied as sent: the amount the
 * bank actually received for a deposit, and why it differs from the claim (docs/decisions/079).
 */
export interface DecisionTerms {
  amount: number
  reason: string
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

/** What applying an item may need beyond the database: the portal's address, for a link. */
export interface ApplyContext {
  publicUrl: string
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
  stale?(tx: Transaction, shown: Shown, now: ItemNow, id: number): Promise<string | null>
  /**
   * The item as the maker's terms would make it (a deposit with the amount received): what the
   * approval shows, what its threshold and staleness are judged on. Absent: the kind takes none.
   */
  revise?(shown: Shown, terms: DecisionTerms): Shown
  /**
   * Applies the maker's decision with the checker deciding (null: the terminal, before any member
   * of staff exists), on the maker's terms if they gave any; throws the item's refusal. Returns
   * what was done, in words.
   */
  apply(
    tx: Transaction,
    id: number,
    checker: number | null,
    now: Date,
    terms?: DecisionTerms | null,
    context?: ApplyContext,
  ): Promise<string>
  /**
   * The member of staff the item changes, who may not decide it (their own reset, their own
   * roles); absent when it changes no one's access.
   */
  concerns?(db: Queryable, id: number): Promise<number | null>
  /** A proposed change whose approval was rejected, expired or refused: it will never apply. */
  drop?(tx: Transaction, id: number, now: Date): Promise<void>
}

export { ApplyRefused, refusalsAs } from './approval-kinds/apply-refused'

export const approvalItems: Record<ApprovalItemKind, ApprovalItem> = {
  funding_request: fundingRequestItem,
  transfer: transferItem,
  broadcast: broadcastItem,
  settings_version: settingsVersionItem,
  staff_roles: staffRolesItem,
  correction: correctionItem,
  account_unfreeze: accountUnfreezeItem,
}

/** The item as the maker decided it: revised by their terms when they gave any. */
export function itemAsDecided(item: ApprovalItem, now: ItemNow, terms: DecisionTerms | null) {
  return terms && item.revise ? { ...now, shown: item.revise(now.shown, terms) } : now
}

export { approvalCheckerRoles as checkerRoles } from '#api/contract/staff'
