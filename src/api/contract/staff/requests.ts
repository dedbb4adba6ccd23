import * as v from 'valibot'
import { plainString, requiredText } from '../fields'
import { labelled } from '../labels'
import { makerNote } from './approvals'
import { correctionLimits, positiveAmount } from './corrections'
import { defineStaffCall } from './define'
import {
  caseId,
  decidedBy,
  fileReference,
  isoDate,
  minorUnits,
  pageAnswer,
  pageNumber,
  statusAnswer,
} from './work-fields'

/** Funding requests: deposits, payments, fixed deposits, upgrades (docs/decisions/066, 072). */

export const fundingKindNames = ['deposit', 'payment', 'fixed_deposit', 'upgrade'] as const

const requestStatus = v.picklist(['pending', 'confirmed', 'declined'])

const declineReason = labelled(
  v.pipe(
    plainString(),
    v.trim(),
    v.nonEmpty('is required to decline (the customer is told it)'),
    v.maxLength(500, 'must be at most 500 characters'),
  ),
  'The reason',
)

const requestRow = {
  id: v.number(),
  customer_id: v.number(),
  email: v.string(),
  name: v.string(),
  kind: v.picklist(fundingKindNames),
  coin: v.string(),
  /** The amount the customer claims to have paid, in minor units. */
  amount: minorUnits,
  /** The plan of an upgrade or fixed deposit, or the purpose of a payment. */
  detail: v.nullable(v.string()),
  status: requestStatus,
  submitted_at: isoDate,
  reason: v.nullable(v.string()),
  decided: decidedBy,
  /** What the bank actually received, when the deposit was confirmed with it; else null. */
  corrected_amount: v.nullable(minorUnits),
  /** Why the amount was corrected, as the customer read it. */
  correction_reason: v.nullable(v.string()),
}

export const requestlist = defineStaffCall({
  access: 'staff',
  roles: ['payments', 'auditor'],
  reads: 'requests list',
  summary:
    'Funding requests, pending oldest first and decided newest first (pending by default, one kind or all), 50 a page: customer, kind, coin, claimed amount, plan or purpose.',
  request: v.object({
    status: labelled(
      v.optional(
        v.picklist(['pending', 'confirmed', 'declined'], 'must be pending, confirmed or declined'),
        'pending',
      ),
      'The status',
    ),
    kind: labelled(
      v.optional(v.picklist(fundingKindNames, `must be one of ${fundingKindNames.join(', ')}`)),
      'The kind',
    ),
    page: pageNumber,
  }),
  response: v.object({ requests: v.array(v.object(requestRow)), ...pageAnswer }),
})

export const requestcase = defineStaffCall({
  access: 'staff',
  roles: ['payments', 'auditor'],
  reads: 'requests case',
  summary:
    "One funding request: the customer, kind, coin and its deposit address, the claimed amount, the payment's transaction hash with its explorer link, and the proof as a file reference. Opening it is written to the audit log as a read ('requests case').",
  request: v.object({ id: caseId }),
  response: v.object({
    ...requestRow,
    /** The bank's deposit address for the coin, as configured now. */
    address: v.nullable(v.string()),
    tx_hash: v.nullable(v.string()),
    explorer_url: v.nullable(v.string()),
    proof: fileReference,
  }),
})

export const requestdecide = defineStaffCall({
  access: 'staff',
  roles: ['payments'],
  audit: { decision: { confirm: 'requests confirm', decline: 'requests decline' } },
  summary:
    'Confirms a pending request once the payment is found on the chain (a deposit is credited, a payment recorded, a fixed deposit started, a plan changed), or declines it with a reason the customer is told. A deposit may be confirmed with the amount the bank actually received (corrected_amount, with correction_reason, which the customer reads): that amount is credited. A confirmation above the four-eyes threshold of its kind (of the amount received, when given) applies nothing: it waits for a second member of staff (approvaldecide), the note telling them why. Decided already: refused, naming who decided it and when.',
  request: v.variant(
    'decision',
    [
      v.pipe(
        v.object({
          id: caseId,
          decision: labelled(v.literal('confirm'), 'The decision'),
          note: makerNote,
          corrected_amount: labelled(v.optional(positiveAmount), 'The amount received'),
          correction_reason: labelled(
            v.optional(requiredText(correctionLimits.customerReason)),
            'The reason',
          ),
        }),
        v.forward(
          v.partialCheck(
            [['corrected_amount'], ['correction_reason']],
            (fields) =>
              (fields.corrected_amount === undefined) === (fields.correction_reason === undefined),
            'is required with an amount received, and only then',
          ),
          ['correction_reason'],
        ),
      ),
      v.object({
        id: caseId,
        decision: labelled(v.literal('decline'), 'The decision'),
        reason: declineReason,
      }),
    ],
    'The decision must be confirm or decline.',
  ),
  response: statusAnswer,
})
