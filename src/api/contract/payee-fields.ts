import * as v from 'valibot'
import { accountNumber, requiredText, swiftCode } from './fields'
import { labelled } from './labels'
import { wire } from './wire-fields'

/** The payee of a transfer, as the form, the PIN, the step-up and newtrs send it (031). */
export const payee = {
  bank: labelled(requiredText(120), "The payee's bank"),
  swiftCode: wire('swift', swiftCode),
  accountNumber: wire('act_no', accountNumber),
  accountHolderName: wire(
    'act_hold_name',
    labelled(requiredText(120), "The account holder's name"),
  ),
}

/** The rest of what the customer approves with the PIN: the transfer must match all of it. */
export const payeeDetails = {
  /** The account's currency (its ISO code or its symbol): the only one a transfer may be in. */
  currency: labelled(requiredText(10), 'The currency'),
  routingNumber: wire('routing', labelled(requiredText(20), 'The routing number')),
  country: labelled(requiredText(80), "The payee's country"),
}

/** Every field of the transfer's payee that an approval is bound to. */
export const transferPayeeFields = { ...payee, ...payeeDetails }

/** A payee of the customer's book as answers give it (docs/decisions/085). */
export const savedPayeeEntry = {
  id: v.number(),
  /** The customer's own name for the payee, null when none was given. */
  nickname: v.nullable(v.string()),
  bank: v.string(),
  swiftCode: wire('swift', v.string()),
  routingNumber: wire('routing', v.string()),
  country: v.string(),
  accountNumber: wire('act_no', v.string()),
  accountHolderName: wire('act_hold_name', v.string()),
  currency: v.string(),
}
