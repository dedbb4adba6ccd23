import * as v from 'valibot'
import { wireAmountPattern } from '../money'
import { defineCall } from './define'
import { labelled } from './labels'
import { wire } from './wire-fields'

/**
 * Insights (issue 20, docs/decisions/089): money in and out per UTC month for the last 12
 * months, and a chosen month's lines split by transaction type. Not in the original spec. The
 * app's client loads this schema apart from the rest (src/api/client-wire.ts), with the section.
 */

// Only calls are exported here: src/api/contract/index.ts spreads every export as a call.

/** A month as YYYY-MM (UTC). */
const monthPattern = /^\d{4}-(?:0[1-9]|1[0-2])$/

/** A sum on the wire: a decimal string, exact however large (decision 076's own schema). */
const total = v.pipe(v.string(), v.regex(wireAmountPattern))

/** What moved in and out: the sums and how many lines made them. */
const inAndOut = {
  moneyIn: wire('money_in', total),
  moneyOut: wire('money_out', total),
  linesIn: wire('lines_in', v.number()),
  linesOut: wire('lines_out', v.number()),
}

export const insights = defineCall({
  wire: 'insights',
  kind: 'action',
  access: 'session',
  summary:
    "The customer's money in and out per UTC month for the last 12 months (oldest first, a month with nothing as zeros), and the chosen month's lines by transaction type. Only lines that moved money count: successful ones; transfers in progress (held) and failed ones do not.",
  request: v.object({
    /** YYYY-MM, one of the last 12 months; empty for the current one. */
    month: v.optional(
      labelled(
        v.union(
          [v.literal(''), v.pipe(v.string(), v.regex(monthPattern, 'must be a month (YYYY-MM)'))],
          'must be a month (YYYY-MM)',
        ),
        'The month',
      ),
    ),
  }),
  response: v.object({
    currency: v.string(),
    /** The month the split is of. */
    month: v.string(),
    months: v.array(v.object({ month: v.string(), ...inAndOut })),
    types: v.array(v.object({ type: v.string(), ...inAndOut })),
  }),
})
