import * as v from 'valibot'
import { plainString } from '../fields'
import { labelled } from '../labels'
import { makerNote } from './approvals'
import { defineStaffCall } from './define'
import {
  caseId,
  decidedBy,
  isoDate,
  minorUnits,
  pageAnswer,
  pageNumber,
  statusAnswer,
} from './work-fields'

/** Transfers out of the bank: settle or fail those in progress (docs/decisions/067, 072). */

export const transferStatusNames = ['in_progress', 'successful', 'failed'] as const

export const transferRow = v.object({
  id: v.number(),
  customer_id: v.number(),
  email: v.string(),
  name: v.string(),
  /** What leaves the account, the charge included, in minor units. */
  amount: minorUnits,
  charge: minorUnits,
  currency: v.string(),
  payee_name: v.string(),
  payee_account: v.string(),
  payee_bank: v.string(),
  status: v.picklist(transferStatusNames),
  submitted_at: isoDate,
  decided: decidedBy,
})

export const transferlist = defineStaffCall({
  access: 'staff',
  roles: ['payments', 'auditor'],
  reads: 'transfers list',
  summary:
    'Transfers with one status (in progress by default), in progress oldest first and the others newest first, 50 a page: customer, payee, amount and charge.',
  request: v.object({
    status: labelled(
      v.optional(
        v.picklist(transferStatusNames, `must be one of ${transferStatusNames.join(', ')}`),
        'in_progress',
      ),
      'The status',
    ),
    page: pageNumber,
  }),
  response: v.object({ transfers: v.array(transferRow), ...pageAnswer }),
})

export const transferdecide = defineStaffCall({
  access: 'staff',
  roles: ['payments'],
  audit: { decision: { settle: 'transfers settle', fail: 'transfers fail' } },
  summary:
    'Settles a transfer in progress (its amount is posted), or fails it with a reason (the hold is released: nothing left the account); a settlement above the four-eyes threshold applies nothing and waits for a second member of staff (approvaldecide). The customer gets a notification and an e-mail. Decided already: refused, naming who decided it and when.',
  request: v.variant(
    'decision',
    [
      v.object({
        id: caseId,
        decision: labelled(v.literal('settle'), 'The decision'),
        note: makerNote,
      }),
      v.object({
        id: caseId,
        decision: labelled(v.literal('fail'), 'The decision'),
        reason: labelled(
          v.pipe(
            plainString(),
            v.trim(),
            v.nonEmpty('is required to fail a transfer (the customer is told it)'),
            v.maxLength(500, 'must be at most 500 characters'),
          ),
          'The reason',
        ),
      }),
    ],
    'The decision must be settle or fail.',
  ),
  response: statusAnswer,
})
