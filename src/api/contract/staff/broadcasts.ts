import * as v from 'valibot'
import { requiredText, text } from '../fields'
import { labelled } from '../labels'
import { makerNote } from './approvals'
import { defineStaffCall } from './define'
import { isoDate, statusAnswer } from './work-fields'

/**
 * A notification to every customer or to one plan's customers, under four eyes (issue 18,
 * docs/decisions/077): proposed by one member of staff, sent when a second approves it.
 */

export const broadcastStatusNames = ['proposed', 'sending', 'sent', 'dropped'] as const

export const broadcastpage = defineStaffCall({
  access: 'staff',
  roles: ['support', 'auditor'],
  summary:
    'Who a broadcast can reach (every customer, or the customers of one plan, with how many each), and the last 20 broadcasts: proposed (waiting for a second person), sending (written N of M: a job writes the notifications in batches once it is approved), sent (to how many) or dropped. The counts per plan are kept as customers sign up and change plan, not counted for each look.',
  request: v.object({}),
  response: v.object({
    audiences: v.array(v.object({ plan: v.nullable(v.string()), customers: v.number() })),
    broadcasts: v.array(
      v.object({
        id: v.number(),
        title: v.string(),
        body: v.string(),
        plan: v.nullable(v.string()),
        status: v.picklist(broadcastStatusNames),
        /** How many customers it was sent to, once sent. */
        recipients: v.nullable(v.number()),
        /** How many customers it was to reach when approved; null until then. */
        audience: v.nullable(v.number()),
        /** How many notifications the job has written so far. */
        written: v.number(),
        /** When the last notification was written. */
        sent_at: v.nullable(isoDate),
        proposed_by: v.nullable(v.string()),
        created_at: isoDate,
        decided_at: v.nullable(isoDate),
      }),
    ),
  }),
})

export const broadcastpropose = defineStaffCall({
  access: 'staff',
  roles: ['support'],
  audit: 'broadcast propose',
  summary:
    'Proposes a notification to every customer (no plan) or to the customers of one plan. Nothing is sent until a second member of staff with the support role approves it in the approvals inbox; the approval answers at once, and a job writes the notifications in the background.',
  request: v.object({
    title: labelled(requiredText(100), 'The title'),
    body: labelled(requiredText(2000), 'The text'),
    plan: labelled(v.optional(text(100)), 'The plan'),
    note: makerNote,
  }),
  response: statusAnswer,
})
