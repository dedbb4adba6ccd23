import * as v from 'valibot'
import { calendarDay } from './fields'
import { labelled } from './labels'

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
}

export const statementPageSize = { default: 50, max: 100 } as const
