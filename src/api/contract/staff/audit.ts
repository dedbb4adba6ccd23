import * as v from 'valibot'
import { calendarDay, plainString } from '../fields'
import { labelled } from '../labels'
import { auditSubjectKinds } from './audit-subjects'
import { defineStaffCall } from './define'
import { isoDate, pageNumber } from './work-fields'

/**
 * The audit log in the console (issue 18, docs/decisions/075): every operator action and every
 * read of personal data, newest first, filtered by person, action (command), customer and days. The
 * auditor and the admin read it; reading it is itself written to the log. The same filter
 * downloads the list as CSV: `GET /wp-admin/exports/audit.csv?<the fields below>`.
 */

const optionalDay = (label: string) =>
  v.optional(labelled(v.union([v.literal(''), calendarDay], 'must be a date (YYYY-MM-DD)'), label))

/** The filter of the list and of its CSV; every field may be left out or empty. */
export const auditFilter = {
  /** A member of staff by their id, or 'terminal' for commands run before any staff existed. */
  person: v.optional(
    labelled(
      v.pipe(
        plainString(),
        v.trim(),
        v.regex(/^(|terminal|\d{1,9})$/, 'must be a member of staff or the terminal'),
      ),
      'The person',
    ),
  ),
  /**
   * The action, as the log and `npm run ops` name it ("requests confirm", "customers show"); the
   * field is not called `action`, which names the call itself.
   */
  command: v.optional(
    labelled(
      v.pipe(plainString(), v.trim(), v.maxLength(100, 'must be at most 100 characters')),
      'The action',
    ),
  ),
  /** The customer's e-mail or account number. */
  customer: v.optional(
    labelled(
      v.pipe(plainString(), v.trim(), v.maxLength(100, 'must be at most 100 characters')),
      'The customer',
    ),
  ),
  /** First day included (UTC), YYYY-MM-DD. */
  from: optionalDay('The first day'),
  /** Last day included (UTC), YYYY-MM-DD. */
  to: optionalDay('The last day'),
}

const auditEntry = v.object({
  id: v.number(),
  at: isoDate,
  /** Who acted: a member of staff (their id and name), or the terminal's account. */
  person: v.object({
    staff_id: v.nullable(v.number()),
    name: v.nullable(v.string()),
    /** The member of staff's e-mail, or the operating-system account. */
    operator: v.string(),
  }),
  /** The action, as the log and `npm run ops` name it. */
  command: v.string(),
  outcome: v.picklist(['done', 'refused', 'read']),
  /** The arguments as JSON text (secrets never kept). */
  args: v.string(),
  /** What the action printed or answered, or why it was refused (shortened). */
  detail: v.string(),
  /** The customer the entry concerns, when one does and still exists. */
  customer: v.nullable(v.object({ id: v.number(), name: v.string(), email: v.string() })),
  /** What the entry touched, for a link to its page. */
  subject: v.nullable(v.object({ kind: v.picklist(auditSubjectKinds), id: v.number() })),
})

/** A page's edge, from the answer's `older` or `newer`: an opaque text the server wrote. */
const pageCursor = (label: string) =>
  v.optional(
    labelled(
      v.pipe(plainString(), v.trim(), v.regex(/^[A-Za-z0-9_-]{1,200}$/, 'must come from the list')),
      label,
    ),
  )

/** The list counts the matching entries up to this many; past it, it says "more than". */
export const auditCountCap = 10_000

export const auditlist = defineStaffCall({
  access: 'staff',
  roles: ['auditor', 'admin'],
  reads: 'audit list',
  summary:
    "The audit log, newest first, 50 a page, filtered by person, action (command), customer (e-mail or account number) and days (UTC). Pages follow each other by keyset on the entry's time and id: send the answer's `older` as `after` for the next page, its `newer` as `before` for the one before (and `page`, the page's number, for the count shown). Entries arriving meanwhile do not shift the pages. The entries are counted up to 10,000 (`total_capped` past that). Each load is written to the log as a read ('audit list').",
  request: v.object({
    ...auditFilter,
    /** Entries older than this edge (the answer's `older`): the next page. */
    after: pageCursor('The next page'),
    /** Entries newer than this edge (the answer's `newer`): the page before. */
    before: pageCursor('The page before'),
    page: pageNumber,
  }),
  response: v.object({
    entries: v.array(auditEntry),
    /** The page's number as asked (1 without an edge): where its rows stand in the count. */
    page: v.number(),
    page_size: v.number(),
    /** The entries the filter matches, counted up to 10,000. */
    total: v.number(),
    /** Whether more than `total` (10,000) entries match: the list says "more than 10,000". */
    total_capped: v.boolean(),
    /** The edge to send as `after` for the next (older) page; null on the last. */
    older: v.nullable(v.string()),
    /** The edge to send as `before` for the page before (newer); null on the first. */
    newer: v.nullable(v.string()),
    /** The customer the filter named; null without one, or when nobody has that e-mail or number. */
    customer: v.nullable(v.object({ id: v.number(), name: v.string(), email: v.string() })),
    /** Whether the filter named a customer nobody is. */
    unknown_customer: v.boolean(),
    /** Everyone the person filter may name. */
    people: v.array(v.object({ staff_id: v.number(), name: v.string(), email: v.string() })),
    /** Every action the log holds, for the action filter. */
    commands: v.array(v.string()),
  }),
})
