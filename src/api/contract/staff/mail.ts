import * as v from 'valibot'
import { labelled } from '../labels'
import { defineStaffCall } from './define'
import { caseId, isoDate, pageAnswer, pageNumber, statusAnswer } from './work-fields'

/** The e-mail outbox (docs/decisions/072). */

export const mailStatusNames = ['pending', 'sent', 'failed'] as const

export const maillist = defineStaffCall({
  access: 'staff',
  roles: ['support', 'auditor'],
  reads: 'mail list',
  summary:
    'The outbox, newest first, 50 a page: every e-mail, or those queued (pending), sent or failed.',
  request: v.object({
    status: labelled(
      v.optional(v.picklist(mailStatusNames, 'must be pending, sent or failed')),
      'The status',
    ),
    page: pageNumber,
  }),
  response: v.object({
    mail: v.array(
      v.object({
        id: v.number(),
        recipient: v.string(),
        subject: v.string(),
        status: v.picklist(mailStatusNames),
        attempts: v.number(),
        last_error: v.nullable(v.string()),
        created_at: isoDate,
        next_attempt_at: isoDate,
        sent_at: v.nullable(isoDate),
      }),
    ),
    ...pageAnswer,
  }),
})

export const mailretry = defineStaffCall({
  access: 'staff',
  roles: ['support'],
  audit: 'mail retry',
  summary: 'Queues a failed e-mail again: the running server sends it at once.',
  request: v.object({ id: caseId }),
  response: statusAnswer,
})
