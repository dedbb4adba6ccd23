import * as v from 'valibot'
import { plainString, requiredText } from '../fields'
import { labelled } from '../labels'
import { correctionDirections, correctionStatusNames } from './corrections'
import { defineStaffCall } from './define'
import { transferRow } from './transfers'
import {
  customerId,
  decidedBy,
  fileReference,
  isoDate,
  minorUnits,
  pageAnswer,
  pageNumber,
  statusAnswer,
} from './work-fields'

/** Customers: search, the customer's page and what support does for them (docs/decisions/072). */

export const customersearch = defineStaffCall({
  access: 'staff',
  roles: ['support', 'kyc', 'payments', 'auditor'],
  reads: 'customers search',
  summary:
    'Customers whose e-mail or account number starts with the text, or whose name contains it (no matter the case), at most 50, best matches first: an exact e-mail or account number, then by name.',
  request: v.object({
    query: labelled(
      v.pipe(
        plainString(),
        v.trim(),
        v.minLength(2, 'must be at least 2 characters'),
        v.maxLength(100, 'must be at most 100 characters'),
      ),
      'The search',
    ),
  }),
  response: v.object({
    customers: v.array(
      v.object({
        id: v.number(),
        email: v.string(),
        name: v.string(),
        account_no: v.nullable(v.string()),
        verification_status: v.string(),
        plan: v.string(),
        created_at: isoDate,
      }),
    ),
  }),
})

const kycItemStatus = v.picklist(['pending', 'approved', 'declined'])

export const customerpage = defineStaffCall({
  access: 'staff',
  roles: ['support', 'payments', 'auditor'],
  reads: 'customers show',
  summary:
    "One customer's page: profile, KYC state and documents, plan, available and booked balance (minor units), the latest 20 requests and transfers, the latest 20 notifications, live sessions, failed sign-ins and the lock, the account notice (a freeze, and an unfreeze waiting for a second person), the latest 20 corrections. Opening it is written to the audit log as a read ('customers show').",
  request: v.object({ customer_id: customerId }),
  response: v.object({
    profile: v.object({
      id: v.number(),
      email: v.string(),
      username: v.string(),
      name: v.string(),
      phone: v.nullable(v.string()),
      gender: v.nullable(v.string()),
      date_of_birth: v.nullable(v.string()),
      country: v.nullable(v.string()),
      address: v.nullable(v.string()),
      marital_status: v.nullable(v.string()),
      next_of_kin: v.nullable(v.string()),
      email_verified: v.boolean(),
      created_at: isoDate,
      picture: v.nullable(fileReference),
    }),
    kyc: v.object({
      verification_status: v.string(),
      submissions: v.array(
        v.object({
          id: v.number(),
          status: kycItemStatus,
          document_type: v.string(),
          submitted_at: isoDate,
          photo: fileReference,
          front: fileReference,
          back: fileReference,
          decided: decidedBy,
        }),
      ),
      requests: v.array(
        v.object({
          id: v.number(),
          status: kycItemStatus,
          document_type: v.string(),
          submitted_at: isoDate,
          document: fileReference,
          reason: v.nullable(v.string()),
          decided: decidedBy,
        }),
      ),
    }),
    plan: v.string(),
    account: v.nullable(
      v.object({
        account_no: v.string(),
        currency: v.string(),
        /** What the customer may spend now: the booked balance less what is held. */
        available: minorUnits,
        /** What is posted on the ledger. */
        booked: minorUnits,
      }),
    ),
    requests: v.array(
      v.object({
        id: v.number(),
        kind: v.string(),
        coin: v.string(),
        amount: minorUnits,
        status: v.string(),
        submitted_at: isoDate,
        decided: decidedBy,
      }),
    ),
    transfers: v.array(transferRow),
    notifications: v.array(
      v.object({
        id: v.number(),
        title: v.string(),
        body: v.string(),
        created_at: isoDate,
        read: v.boolean(),
      }),
    ),
    live_sessions: v.number(),
    sign_in: v.object({
      failed_count: v.number(),
      locked_until: v.nullable(isoDate),
      locked: v.boolean(),
    }),
    notice: v.nullable(
      v.object({
        head: v.string(),
        body: v.string(),
        set_at: isoDate,
        /** When the account was frozen; null for a notice one person may clear. */
        frozen_at: v.nullable(isoDate),
        freeze_reason: v.nullable(v.string()),
      }),
    ),
    /** Lifting the freeze, proposed and waiting for a second person; null when nothing waits. */
    unfreeze_waiting: v.nullable(
      v.object({ approval_id: v.number(), proposed_by: v.string(), at: isoDate }),
    ),
    corrections: v.array(
      v.object({
        id: v.number(),
        direction: v.picklist(correctionDirections),
        amount: minorUnits,
        reference: v.string(),
        reason: v.string(),
        /** proposed (waiting for a second person), applied (posted) or dropped. */
        status: v.picklist(correctionStatusNames),
        proposed_by: v.nullable(v.string()),
        created_at: isoDate,
        decided_at: v.nullable(isoDate),
      }),
    ),
  }),
})

export const customerledger = defineStaffCall({
  access: 'staff',
  roles: ['support', 'payments', 'auditor'],
  reads: 'customers ledger',
  summary:
    "A customer's statement lines, newest first, 50 a page (amounts in minor units, a transfer's charge inside its amount).",
  request: v.object({ customer_id: customerId, page: pageNumber }),
  response: v.object({
    lines: v.array(
      v.object({
        id: v.number(),
        at: isoDate,
        direction: v.picklist(['credit', 'debit']),
        type: v.string(),
        description: v.string(),
        amount: minorUnits,
        charge: v.nullable(minorUnits),
        currency: v.string(),
        status: v.string(),
      }),
    ),
    ...pageAnswer,
  }),
})

export const customerendsessions = defineStaffCall({
  access: 'staff',
  roles: ['support'],
  audit: 'customers end-sessions',
  summary: 'Ends every live session of the customer: they must sign in again.',
  request: v.object({ customer_id: customerId }),
  response: v.object({ ...statusAnswer.entries, ended: v.optional(v.number()) }),
})

export const customerunlock = defineStaffCall({
  access: 'staff',
  roles: ['support'],
  audit: 'customers unlock',
  summary:
    "Clears the customer's failed sign-ins and the 15-minute lock, so they may try their passcode again now.",
  request: v.object({ customer_id: customerId }),
  response: statusAnswer,
})

export const customernotice = defineStaffCall({
  access: 'staff',
  roles: ['support'],
  audit: { change: { set: 'notice set', clear: 'notice clear' } },
  summary:
    'Sets the account notice (replacing one; it ends the sessions and no money leaves the account until it is cleared), or clears it.',
  request: v.variant(
    'change',
    [
      v.object({
        customer_id: customerId,
        change: labelled(v.literal('set'), 'The change'),
        head: labelled(requiredText(100), 'The heading'),
        body: labelled(requiredText(2000), 'The text'),
      }),
      v.object({ customer_id: customerId, change: labelled(v.literal('clear'), 'The change') }),
    ],
    'The change must be set or clear.',
  ),
  response: statusAnswer,
})

export const customernotify = defineStaffCall({
  access: 'staff',
  roles: ['support'],
  audit: 'notify',
  summary: 'Sends the customer a notification (shown in the portal) with a title and a text.',
  request: v.object({
    customer_id: customerId,
    title: labelled(requiredText(100), 'The title'),
    body: labelled(requiredText(2000), 'The text'),
  }),
  response: statusAnswer,
})
