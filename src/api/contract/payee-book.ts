import * as v from 'valibot'
import { defineCall } from './define'
import { numericId, statusAnswer, text } from './fields'
import { labelled } from './labels'
import { payee, payeeDetails, savedPayeeEntry } from './payee-fields'
import { wire } from './wire-fields'

/**
 * The payee book (issue 20, docs/decisions/085): the customer's payees, listed and searched,
 * added, edited (nickname and account details) and removed in `dashboard/payees`, and picked on
 * the transfer form (gettrslist). Not in the original spec. The app's client loads these schemas
 * apart from the rest (src/api/client-wire.ts), when one of them is first called.
 */

/** The account details of a payee: what the PIN approves of a transfer to it, but the currency. */
const payeeAccount = {
  ...payee,
  routingNumber: payeeDetails.routingNumber,
  country: payeeDetails.country,
}

/** The customer's own name for the payee; empty for none. */
const nickname = labelled(text(40), 'The nickname')

const payeeId = labelled(numericId, 'The payee')

const payeeEntry = v.object({
  ...savedPayeeEntry,
  /**
   * The account details were written in the book (added, or edited) and no transfer to them has
   * been made since: the next one counts as a new payee for the step-up.
   */
  unpaidDetails: wire('unpaid_details', v.boolean()),
})

export const payeeList = defineCall({
  wire: 'payeelist',
  kind: 'action',
  access: 'session',
  summary:
    "The customer's payee book, by name (the nickname, else the account holder's): all of it, or the payees whose nickname, name, bank, SWIFT/BIC or account number contain the search.",
  request: v.object({ search: labelled(text(60), 'The search') }),
  response: v.object({ payees: v.array(payeeEntry), limit: v.number() }),
})

/** What a change of the book answers: the entry's id when it was made. */
const bookAnswer = v.object({ ...statusAnswer.entries, id: v.optional(v.number()) })

export const addPayee = defineCall({
  wire: 'payeeadd',
  kind: 'action',
  access: 'session',
  summary:
    "Adds a payee to the customer's book (in the account's currency), with an optional nickname. It counts as a new payee for the step-up until a transfer to it has been made. One SWIFT/BIC and account number is in the book once.",
  request: v.object({ ...payeeAccount, nickname }),
  response: bookAnswer,
})

export const editPayee = defineCall({
  wire: 'payeeedit',
  kind: 'action',
  access: 'session',
  summary:
    "Changes one payee of the customer's book: its nickname and its account details. Changed details count as a new payee for the step-up until a transfer to them has been made; past transfers and receipts do not change.",
  request: v.object({ payee: payeeId, ...payeeAccount, nickname }),
  response: bookAnswer,
})

export const removePayee = defineCall({
  wire: 'payeeremove',
  kind: 'action',
  access: 'session',
  summary:
    "Removes one payee from the customer's book; past transfers and their receipts do not change.",
  request: v.object({ payee: payeeId }),
  response: statusAnswer,
})
