import * as v from 'valibot'
import { amount, calendarDay, text } from './fields'
import { labelled } from './labels'
import { wire } from './wire-fields'

/** The longest text a statement search takes: a payee's name, a note, a reference. */
export const statementSearchMaxLength = 100

/** An amount bound of the filter: empty for none. */
const amountBound = (label: string) =>
  v.optional(labelled(v.union([v.literal(''), amount], 'must be an amount'), label))

/** The filter of Statements & Report, shared by the page call and the downloads. */
export const statementFilter = {
  /** First day included (UTC), YYYY-MM-DD; empty for no lower bound. */
  from: v.optional(labelled(v.union([v.literal(''), calendarDay]), 'The first day')),
  /** Last day included (UTC), YYYY-MM-DD; empty for no upper bound. */
  to: v.optional(labelled(v.union([v.literal(''), calendarDay]), 'The last day')),
  /** Only credits or only debits; empty for both. */
  type: v.optional(
    labelled(v.picklist(['', 'credit', 'debit'], 'must be credit, debit or empty'), 'The type'),
  ),
  /**
   * Words each found in the line's description, payee (name, bank, account), note or
   * reference, in any case (docs/decisions/087); empty for no search.
   */
  search: v.optional(labelled(text(statementSearchMaxLength), 'The search')),
  /** The smallest amount included (what left or reached the balance); empty for no bound. */
  minAmount: wire('min_amount', amountBound('The smallest amount')),
  /** The largest amount included; empty for no bound. */
  maxAmount: wire('max_amount', amountBound('The largest amount')),
}

export const statementPageSize = { default: 50, max: 100 } as const
