import * as v from 'valibot'
import { parseAmount } from '../../money'
import { amount, requiredText } from '../fields'
import { labelled } from '../labels'
import { makerNote } from './approvals'
import { defineStaffCall } from './define'
import { customerId, statusAnswer } from './work-fields'

/**
 * Corrections and freezes (issue 18, docs/decisions/079): a manual credit or debit of a
 * customer's account, proposed by one member of staff and posted when a second approves it;
 * freezing an account at once, and lifting the freeze under four eyes.
 */

export const correctionDirections = ['credit', 'debit'] as const

export const correctionStatusNames = ['proposed', 'applied', 'dropped'] as const

/** The longest text each field takes, the same from the console and from `npm run ops`. */
export const correctionLimits = {
  /** The bank's reference of a correction. */
  reference: 100,
  /** A reason the customer reads (a statement line, a notification). */
  customerReason: 200,
  /** A reason for the staff (a freeze, lifting one). */
  staffReason: 500,
} as const

/** An amount more than 0.00, as typed (at most two decimals). */
export const positiveAmount = v.pipe(
  amount,
  v.check((value) => (parseAmount(value) ?? 0) > 0, 'must be more than 0.00'),
)

/** The reason the customer will read (a statement line, a notification). */
export const customerReason = labelled(requiredText(correctionLimits.customerReason), 'The reason')

const staffReason = labelled(requiredText(correctionLimits.staffReason), 'The reason')

export const correctionpropose = defineStaffCall({
  access: 'staff',
  roles: ['payments'],
  audit: 'corrections propose',
  summary:
    "Proposes a manual credit or debit of the customer's account, with the bank's reference and the reason the customer will read. Nothing is posted until a second member of staff with the payments role approves it; a debit the available balance does not cover is refused (now, and again when it is approved).",
  request: v.object({
    customer_id: customerId,
    direction: labelled(
      v.picklist(correctionDirections, 'must be credit or debit'),
      'The direction',
    ),
    amount: labelled(positiveAmount, 'The amount'),
    reference: labelled(requiredText(correctionLimits.reference), 'The reference'),
    reason: customerReason,
    note: makerNote,
  }),
  response: statusAnswer,
})

export const customerfreeze = defineStaffCall({
  access: 'staff',
  roles: ['support', 'payments'],
  audit: 'accounts freeze',
  summary:
    "Freezes the customer's account at once: their sessions end, they cannot sign in or move money out, and they see the account notice. The reason is for the staff. Lifting the freeze needs a second person (customerunfreeze).",
  request: v.object({
    customer_id: customerId,
    reason: staffReason,
  }),
  response: statusAnswer,
})

export const customerunfreeze = defineStaffCall({
  access: 'staff',
  roles: ['support', 'payments'],
  audit: 'accounts unfreeze',
  summary:
    'Proposes to lift the freeze of the customer’s account. The account stays frozen until a second member of staff with the payments role approves it.',
  request: v.object({
    customer_id: customerId,
    reason: staffReason,
    note: makerNote,
  }),
  response: statusAnswer,
})
