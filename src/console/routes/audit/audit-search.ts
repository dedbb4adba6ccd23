import * as v from 'valibot'

/**
 * The audit log's address: the filter (person, action, customer, first and last day as
 * YYYY-MM-DD), the page's number, and the edge it continues from: `after` (the next, older
 * page) or `before` (the page before). A new filter drops them: its list starts at the newest.
 */
const text = v.fallback(v.optional(v.pipe(v.string(), v.maxLength(100))), undefined)
const day = v.fallback(v.optional(v.pipe(v.string(), v.isoDate())), undefined)
const edge = v.fallback(
  v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,200}$/))),
  undefined,
)
const positive = v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined)

export const auditSearch = v.object({
  /** A member of staff's id (a number in the address), or the terminal. */
  person: v.fallback(
    v.optional(v.union([v.literal('terminal'), v.pipe(v.number(), v.integer(), v.minValue(1))])),
    undefined,
  ),
  command: text,
  customer: text,
  from: day,
  to: day,
  page: positive,
  after: edge,
  before: edge,
})

export type AuditSearch = v.InferOutput<typeof auditSearch>

/** The filter alone, as the list call and the CSV download take it (text fields). */
export const filterOf = ({ person, command, customer, from, to }: AuditSearch) => ({
  person: person === undefined ? undefined : String(person),
  command,
  customer,
  from,
  to,
})

/** The CSV of the filtered log (the server's download, under the console's cookie). */
export function exportAddress(search: AuditSearch): string {
  const given = Object.entries(filterOf(search)).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
  )
  const query = new URLSearchParams(given).toString()
  return `/wp-admin/exports/audit.csv${query ? `?${query}` : ''}`
}
