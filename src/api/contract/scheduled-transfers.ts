import * as v from 'valibot'
import { defineCall } from './define'
import {
  amount,
  authorizationId,
  money,
  numericId,
  requiredText,
  statusAnswer,
  text,
} from './fields'
import { labelled } from './labels'
import { payee, payeeDetails } from './payee-fields'
import { wire } from './wire-fields'

/**
 * Scheduled and repeating transfers (issue 20, docs/decisions/088): set up from the send chain's
 * confirm step under the PIN's authorisation (and the step-up's), listed with their upcoming
 * runs, one run skipped, a series cancelled. Not in the original spec. The app's client loads
 * these schemas apart from the rest (src/api/client-wire.ts), when one of them is first called.
 */

/** A UTC day, YYYY-MM-DD (decision 065). */
const day = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)'),
)

export const scheduleTransfer = defineCall({
  wire: 'trsschedule',
  kind: 'action',
  access: 'session',
  summary:
    'Sets up a transfer for a later UTC day, or repeating weekly or monthly until a day or for a count of runs, under a completed authorization for the same amount and payee (the PIN, and the step-up when the rules asked for one): it is consumed here. Each run, on its day, is a transfer held as newtrs holds one; a run the balance does not cover (or while the account is on hold) is not made, the customer is told, and the series goes on. Runs fall within a year of today, at most 60.',
  request: v.object({
    ...payee,
    ...payeeDetails,
    amount,
    note: labelled(requiredText(300), 'The note'),
    authorization: authorizationId,
    startsOn: wire('starts_on', labelled(day, 'The date')),
    repeat: labelled(
      v.picklist(['once', 'weekly', 'monthly'], 'must be once, weekly or monthly'),
      'The repeat',
    ),
    /** With a repeat: the last day it may run on, or empty for a count. */
    endsOn: wire('ends_on', labelled(v.union([v.literal(''), day]), 'The end date')),
    /** With a repeat: how many runs, or empty for an end day. */
    runCount: wire(
      'run_count',
      labelled(
        v.pipe(text(3), v.regex(/^\d{0,3}$/, 'must be a number')),
        'The number of transfers',
      ),
    ),
  }),
  response: v.object({ ...statusAnswer.entries, id: v.optional(v.number()) }),
})

const seriesEntry = v.object({
  id: v.number(),
  amount: money,
  currency: v.string(),
  bank: v.string(),
  accountHolderName: wire('act_hold_name', v.string()),
  accountNumber: wire('act_no', v.string()),
  note: v.string(),
  repeat: v.picklist(['once', 'weekly', 'monthly']),
  /** The days still to run, in order. */
  upcoming: v.array(v.string()),
  /** The days done: made (posted), not made (failed, with why) or skipped. */
  done: v.array(
    v.object({
      day: v.string(),
      status: v.picklist(['posted', 'failed', 'skipped']),
      reason: v.nullable(v.string()),
    }),
  ),
})

export const scheduledTransfers = defineCall({
  wire: 'trsscheduled',
  kind: 'action',
  access: 'session',
  summary:
    "The customer's scheduled and repeating transfers still to run, each with its upcoming days and the runs done so far.",
  request: v.object({}),
  response: v.object({ series: v.array(seriesEntry) }),
})

const seriesId = labelled(numericId, 'The scheduled transfer')

export const skipScheduledRun = defineCall({
  wire: 'trsskip',
  kind: 'action',
  access: 'session',
  summary:
    'Skips one upcoming day of a scheduled transfer of the customer’s: no transfer is made that day; the series goes on.',
  request: v.object({ series: seriesId, day: labelled(day, 'The date') }),
  response: statusAnswer,
})

export const cancelScheduledSeries = defineCall({
  wire: 'trscancel',
  kind: 'action',
  access: 'session',
  summary:
    'Cancels a scheduled transfer of the customer’s: none of its upcoming days runs. Transfers already made are not changed.',
  request: v.object({ series: seriesId }),
  response: statusAnswer,
})
