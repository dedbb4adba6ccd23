import * as v from 'valibot'
import { wireAmountPattern } from '../../money'
import { calendarDay } from '../fields'
import { labelled } from '../labels'
import { defineStaffCall } from './define'
import { queueNames } from './queues'
import { isoDate } from './work-fields'

/**
 * The bank's daily figures (issue 18, docs/decisions/076): what the bank confirmed, settled,
 * failed and earned on each UTC day of a period, the open queues, and the last reconciliation of
 * every account of the ledger (a scheduled check, docs/decisions/102), which sums to zero. Amounts are decimal strings as on every
 * wire of the portal, written exactly however large (a total may pass 2^53 minor units,
 * docs/decisions/064).
 */

/** The periods the figures cover, in days ending with the chosen day. */
export const figurePeriods = ['7', '30', '90'] as const

/** The earliest day asked about: the bank kept no books before it. */
export const earliestFigureDay = '2000-01-01'

/** An amount as the server writes it, exact however large ("-1234.50"). */
const money = v.pipe(v.string(), v.regex(wireAmountPattern))

/** A UTC day the figures are asked for: YYYY-MM-DD, from 01/01/2000. */
export const figureDay = v.pipe(
  calendarDay,
  v.check(
    (day) => day >= earliestFigureDay,
    'must be a day from 01/01/2000 (the figures are kept from then)',
  ),
)

const tally = v.object({ count: v.number(), sum: money })

/** One UTC day's figures. */
export const dayFigures = v.object({
  /** YYYY-MM-DD, a UTC day. */
  day: v.string(),
  deposits: tally,
  payments: tally,
  fixed_deposits: tally,
  /** Settled: the amounts that left customers' accounts, charges included. */
  transfers_settled: tally,
  /** Failed: the amounts held and released; nothing left the accounts. */
  transfers_failed: tally,
  /** The service charges the bank earned: its fees account's entries of the day's settlements. */
  fees: money,
})

export const figures = defineStaffCall({
  access: 'staff',
  roles: ['payments', 'auditor', 'admin'],
  summary:
    "The bank's figures for a UTC day (today by default) and each day of the period ending with it (7, 30 or 90 days): deposits, payments and fixed deposits confirmed (count and the sum the ledger credited), transfers settled and failed (count and sum), the fees earned (closed days from their rollup, today counted now); the open queues as of now (KYC, requests, transfers, approvals waiting); and the last reconciliation, which a scheduled check makes (null before the first), with when it was made: the customers' balances (and what holds reserve of them), the fixed deposits, each of the bank's own accounts, and their sum, the difference, which is 0.00 when the books balance. Amounts are decimal strings, exact however large.",
  request: v.object({
    day: labelled(v.optional(figureDay), 'The day'),
    days: labelled(
      v.optional(
        v.pipe(v.picklist(figurePeriods, 'must be 7, 30 or 90 days'), v.transform(Number)),
        '30',
      ),
      'The period',
    ),
  }),
  response: v.object({
    day: v.string(),
    days: v.number(),
    /** When the queues and today's figures were read. */
    as_of: isoDate,
    /** The currency of the bank's accounts, which every posting is in. */
    currency: v.string(),
    /** Oldest first; the last is the chosen day. */
    series: v.array(dayFigures),
    queues: v.array(
      v.object({
        queue: v.picklist(queueNames),
        count: v.number(),
        oldest_at: v.nullable(isoDate),
      }),
    ),
    /** The last scheduled reconciliation (docs/decisions/102); null before the first. */
    reconciliation: v.nullable(
      v.object({
        /** When it read the books; every account in one snapshot. */
        checked_at: isoDate,
        /** How long summing every account took, in milliseconds. */
        took_ms: v.number(),
        customers: v.object({ accounts: v.number(), balance: money, held: money }),
        fixed_deposits: v.object({ accounts: v.number(), balance: money }),
        bank_accounts: v.array(v.object({ code: v.string(), total: money })),
        /** The sum of every account above: 0.00 when the books balance. */
        difference: money,
      }),
    ),
  }),
})
