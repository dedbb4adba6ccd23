import * as v from 'valibot'
import { plainString } from '../fields'
import { labelled } from '../labels'
import { defineStaffCall } from './define'
import type { StaffRole } from './roles'
import {
  caseId,
  decidedBy,
  isoDate,
  minorUnits,
  pageAnswer,
  pageNumber,
  statusAnswer,
} from './work-fields'

/**
 * Four eyes (issue 18, docs/decisions/073): a decision above its action's threshold waits here
 * for a second member of staff with the action's role, who approves it (then it applies) or
 * rejects it with a reason. The maker never checks their own.
 */

export const approvalStatusNames = [
  'pending',
  'approved',
  'rejected',
  'expired',
  'refused_stale',
] as const

/**
 * Each action that may wait for a second person, with the roles that check it (approve or
 * reject); the server's approval items take their roles from here.
 */
export const approvalActions = {
  'requests confirm': ['payments'],
  'transfers settle': ['payments'],
  'broadcast send': ['support'],
  'settings change': ['configuration'],
  'staff grant admin': ['admin'],
  'corrections post': ['payments'],
  'accounts unfreeze': ['payments'],
} as const satisfies Record<string, readonly StaffRole[]>

export type ApprovalActionName = keyof typeof approvalActions

export const approvalActionNames = Object.keys(approvalActions) as ApprovalActionName[]

/**
 * The rules of `four_eyes_settings` (docs/decisions/073, 078), as the settings editor lists them:
 * a decision of a kind (`threshold`: true) waits for a second person above the rule's threshold;
 * a proposed change always waits, and its rule gives only how long.
 */
export const fourEyesRules = {
  'requests confirm deposit': { says: 'Confirming a deposit', threshold: true },
  'requests confirm payment': { says: 'Confirming a payment', threshold: true },
  'requests confirm fixed_deposit': { says: 'Confirming a fixed deposit', threshold: true },
  'transfers settle': { says: 'Settling a transfer', threshold: true },
  'broadcast send': { says: 'Sending a broadcast', threshold: false },
  'settings change': { says: 'Changing the settings', threshold: false },
  // The rule keeps its first name; it now holds every change of who may decide (098).
  'staff grant admin': { says: 'Changing staff access', threshold: false },
  'corrections post': { says: 'Posting a correction', threshold: false },
  'accounts unfreeze': { says: 'Lifting a freeze', threshold: false },
} as const satisfies Record<string, { says: string; threshold: boolean }>

export type FourEyesRuleName = keyof typeof fourEyesRules

export const fourEyesRuleNames = Object.keys(fourEyesRules) as FourEyesRuleName[]

/** Every role that checks some action. */
export const approvalCheckerRoles: readonly StaffRole[] = [
  ...new Set(Object.values(approvalActions).flat()),
]

/**
 * What an approval is about: an item of a queue (a funding request, a transfer), or a proposed
 * change kept in a table of its own until it is approved (docs/decisions/077).
 */
export const approvalItemKinds = [
  'funding_request',
  'transfer',
  'broadcast',
  'settings_version',
  'staff_roles',
  'correction',
  'account_unfreeze',
] as const

export type ApprovalItemKind = (typeof approvalItemKinds)[number]

const person = v.object({ staff_id: v.number(), name: v.string() })

/** One field of a proposed change: what it is now and what it would be. */
const shownChange = v.object({
  field: v.string(),
  from: v.nullable(v.string()),
  to: v.nullable(v.string()),
})

/** The item as the maker saw it when they sent it for approval. */
export const approvalShown = v.object({
  /** The customer it is about; null for a change about no one customer (a broadcast, …). */
  customer_id: v.nullable(v.number()),
  email: v.nullable(v.string()),
  name: v.nullable(v.string()),
  /** deposit, payment, fixed_deposit, upgrade (a request), transfer, or the change's kind. */
  kind: v.string(),
  /** Null for a change that moves no amount. */
  amount: v.nullable(minorUnits),
  currency: v.nullable(v.string()),
  /** The coin and plan or purpose of a request; the payee of a transfer; what a change is. */
  detail: v.nullable(v.string()),
  status: v.string(),
  submitted_at: isoDate,
  /** A proposed change, field by field. */
  changes: v.optional(v.array(shownChange)),
})

const approvalRow = {
  id: v.number(),
  action: v.picklist(approvalActionNames),
  item_kind: v.picklist(approvalItemKinds),
  item_id: v.number(),
  shown: approvalShown,
  maker: person,
  /** Why the maker decided it, when they said. */
  maker_note: v.nullable(v.string()),
  /** 'expired' also for one still stored as pending whose time has run out. */
  status: v.picklist(approvalStatusNames),
  checker: v.nullable(person),
  decided_at: v.nullable(isoDate),
  /** The checker who approved or rejected it and when, with the maker as `proposed`; null otherwise. */
  decided: decidedBy,
  /** The rejection's reason, or why the approval was refused (the item changed, it expired). */
  decision_note: v.nullable(v.string()),
  created_at: isoDate,
  expires_at: isoDate,
  /** Whether the caller may approve or reject it now (the action's role, not its maker, pending). */
  may_decide: v.boolean(),
}

const inboxRoles: readonly StaffRole[] = [...approvalCheckerRoles, 'auditor']

export const approvallist = defineStaffCall({
  access: 'staff',
  roles: inboxRoles,
  reads: 'approvals list',
  summary:
    'The approvals inbox: pending approvals oldest first (with may_decide: whether the caller may check each), or decided ones (approved, rejected, expired, refused) newest first, 50 a page, each with the item as its maker saw it.',
  request: v.object({
    status: labelled(
      v.optional(v.picklist(['pending', 'decided'], 'must be pending or decided'), 'pending'),
      'The status',
    ),
    page: pageNumber,
  }),
  response: v.object({ approvals: v.array(v.object(approvalRow)), ...pageAnswer }),
})

export const approvalcase = defineStaffCall({
  access: 'staff',
  roles: inboxRoles,
  reads: 'approvals case',
  summary:
    "One approval: the item as its maker saw it and the item as it is now (status, amount, who decided it). Opening it is written to the audit log as a read ('approvals case').",
  request: v.object({ id: caseId }),
  response: v.object({
    ...approvalRow,
    now: v.object({ status: v.string(), amount: v.nullable(minorUnits), decided: decidedBy }),
  }),
})

export const approvaldecide = defineStaffCall({
  access: 'staff',
  roles: approvalCheckerRoles,
  audit: { decision: { approve: 'approvals approve', reject: 'approvals reject' } },
  summary:
    'Approves a pending approval (its decision applies now, once: the deposit is credited, the transfer settled, the broadcast sent) or rejects it with a reason (nothing applies; a request or transfer waits in its queue again, a proposed change is dropped). Refused to its maker, to a person without the action’s role, past its expiry (then marked expired), when the item changed since it was sent (then marked refused), and when someone decided it first.',
  request: v.variant(
    'decision',
    [
      v.object({ id: caseId, decision: labelled(v.literal('approve'), 'The decision') }),
      v.object({
        id: caseId,
        decision: labelled(v.literal('reject'), 'The decision'),
        reason: labelled(
          v.pipe(
            plainString(),
            v.trim(),
            v.nonEmpty('is required to reject an approval'),
            v.maxLength(500, 'must be at most 500 characters'),
          ),
          'The reason',
        ),
      }),
    ],
    'The decision must be approve or reject.',
  ),
  response: statusAnswer,
})

/** Why a maker decided an item that may need a second person (optional, up to 500 characters). */
export const makerNote = labelled(
  v.optional(v.pipe(plainString(), v.trim(), v.maxLength(500, 'must be at most 500 characters'))),
  'The note',
)
