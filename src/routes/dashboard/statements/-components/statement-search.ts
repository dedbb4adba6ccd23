import * as v from 'valibot'
import { statementFilter } from '#api/contract/statement-filter'
import type { StatementFilter } from '#machines/statements.machine'

/** The filter of Statements & Report in the address: `?from=YYYY-MM-DD&to=…&type=debit&search=…`. */
export type StatementSearch = Partial<StatementFilter>

/**
 * Reads the address's filter with the contract's own rules; a value the server would refuse
 * (a day that does not exist, an unknown type) is dropped, not sent.
 */
export const statementSearchKeys = [
  'from',
  'to',
  'type',
  'search',
  'minAmount',
  'maxAmount',
] as const

export function statementSearch(search: Record<string, unknown>): StatementSearch {
  const kept: StatementSearch = {}
  for (const key of statementSearchKeys) {
    const parsed = v.safeParse(statementFilter[key], search[key])
    if (parsed.success && parsed.output) Object.assign(kept, { [key]: parsed.output })
  }
  return kept
}

/** The address's filter as the machine's, and back: empty values stay out of the address. */
export const filterOf = (search: StatementSearch): StatementFilter => ({
  from: search.from ?? '',
  to: search.to ?? '',
  type: search.type ?? '',
  search: search.search ?? '',
  minAmount: search.minAmount ?? '',
  maxAmount: search.maxAmount ?? '',
})

export const searchOf = (filter: StatementFilter): StatementSearch =>
  Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== ''))
