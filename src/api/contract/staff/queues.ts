import * as v from 'valibot'
import { defineStaffCall } from './define'
import { isoDate } from './work-fields'

/**
 * The console's home: the queues with their counts and the age of the oldest item, and whether
 * the database still holds the demo accounts (docs/decisions/106).
 */

export const queueNames = [
  'kyc_submissions',
  'kyc_requests',
  'deposit_requests',
  'payment_requests',
  'fixed_deposit_requests',
  'upgrade_requests',
  'transfers_in_progress',
  'approvals_pending',
  'mail_failed',
] as const

export const queues = defineStaffCall({
  access: 'staff',
  roles: 'any',
  summary:
    "The queues the caller's roles may work or read, each with its count and when its oldest item came in (null when empty): KYC submissions and dashboard KYC requests (kyc), funding requests by kind, transfers in progress and approvals waiting for a second person (payments), failed mail (support); the auditor sees all of them, a person with none of these roles an empty list. `demo_accounts`: the database holds the demo accounts, whose passcodes and password are published (remove them with `npm run ops -- demo remove`).",
  request: v.object({}),
  response: v.object({
    queues: v.array(
      v.object({
        queue: v.picklist(queueNames),
        count: v.number(),
        oldest_at: v.nullable(isoDate),
      }),
    ),
    demo_accounts: v.boolean(),
  }),
})
