import * as v from 'valibot'
import { calendarDay } from './fields'

/** The filter of Statements & Report, shared by the page call and the downloads. */
export const statementFilter = {
  /** First day included (UTC), YYYY-MM-DD; empty for no lower bound. */
  from: v.optional(v.union([v.literal(''), calendarDay])),
  /** Last day included (UTC), YYYY-MM-DD; empty for no upper bound. */
  to: v.optional(v.union([v.literal(''), calendarDay])),
  /** Only credits or only debits; empty for both. */
  type: v.optional(v.picklist(['', 'credit', 'debit'], 'must be credit, debit or empty')),
}

export const statementPageSize = { default: 50, max: 100 } as const
