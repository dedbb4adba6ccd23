import * as v from 'valibot'
import { isoDate, numericId, plainString, statusAnswer } from '../fields'
import { labelled } from '../labels'

/** Fields and answers the console's queue and case calls share (docs/decisions/072). */

/** Integer minor units (cents), as the ledger keeps them: 1234 is 12.34. */
export const minorUnits = v.pipe(v.number(), v.integer())

/** A 1-based page number; 50 rows a page unless a call says otherwise. */
export const pageNumber = labelled(
  v.optional(
    v.pipe(
      plainString(),
      v.trim(),
      v.regex(/^[1-9]\d{0,5}$/, 'must be a page number from 1'),
      v.transform(Number),
    ),
    '1',
  ),
  'The page',
)

export const pageSize = 50

/** Where a list stands: the page shown, how many rows a page has, and the rows in all. */
export const pageAnswer = {
  page: v.number(),
  page_size: v.number(),
  total: v.number(),
}

export const caseId = labelled(numericId, 'The id')
export const customerId = labelled(numericId, 'The customer')

/**
 * A stored upload as the console loads it: `url` is `/wp-admin/files/<id>` (the staff cookie,
 * a role that may see it; every load is written to the audit log as a read).
 */
export const fileReference = v.object({
  id: v.number(),
  url: v.string(),
  content_type: v.string(),
  size: v.number(),
})

const personAt = { staff_id: v.nullable(v.number()), name: v.string(), at: isoDate }

/**
 * The member of staff who decided an item, and when; null while it waits. When the decision
 * waited for a second person (four eyes), that person decided it and `proposed` names the one
 * who proposed it, and when; null when one person decided.
 */
export const decidedBy = v.nullable(
  v.object({ ...personAt, proposed: v.nullable(v.object(personAt)) }),
)

export { isoDate, statusAnswer }
