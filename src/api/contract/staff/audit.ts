import * as v from 'valibot'
import { calendarDay, plainString } from '../fields'
import { labelled } from '../labels'
import { auditSubjectKinds } from './audit-subjects'
import { defineStaffCall } from './define'
import { isoDate, pageAnswer, pageNumber } from './work-fields'

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

export const auditlist = defineStaffCall({
  access: 'staff',
  roles: ['auditor', 'admin'],
  reads: 'audit list',
  summary:
    "The audit log, newest first, 50 a page, filtered by person, action (command), customer (e-mail or account number) and days (UTC). `until` (the answer's, sent back with the next pages) keeps the pages still while new entries arrive. Each load is written to the log as a read ('audit list').",
  request: v.object({
    ...auditFilter,
    until: v.optional(
      labelled(
        v.pipe(plainString(), v.trim(), v.regex(/^\d{1,9}$/, 'must be an entry id')),
        'The newest entry',
      ),
    ),
    page: pageNumber,
  }),
  response: v.object({
    entries: v.array(auditEntry),
    ...pageAnswer,
    /** The newest entry the pages count from; null while the log is empty. */
    until: v.nullable(v.number()),
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
