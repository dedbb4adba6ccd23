import * as v from 'valibot'
import { plainString } from '../fields'
import { labelled } from '../labels'
import { defineStaffCall } from './define'
import {
  caseId,
  customerId,
  decidedBy,
  fileReference,
  isoDate,
  pageAnswer,
  pageNumber,
  statusAnswer,
} from './work-fields'

/** KYC: the sign-up submissions and the dashboard's KYC requests (docs/decisions/045, 072). */

/** Reasons the console offers for a decline; the person may write their own instead. */
export const kycDeclineReasons = [
  'The photo of the document is not readable.',
  'The document has expired.',
  'The name on the document does not match the name on the account.',
  'The date of birth on the document does not match the one given.',
  'The photo of you does not match the photo on the document.',
  'Both sides of the document are needed.',
] as const

const itemStatus = v.picklist(['pending', 'approved', 'declined'])

const statusFilter = labelled(
  v.optional(
    v.picklist(['pending', 'approved', 'declined'], 'must be pending, approved or declined'),
    'pending',
  ),
  'The status',
)

const declineReason = labelled(
  v.pipe(
    plainString(),
    v.trim(),
    v.nonEmpty('is required to decline (the customer is told it)'),
    v.maxLength(500, 'must be at most 500 characters'),
  ),
  'The reason',
)

/** Approve, or decline with a reason the customer is told. */
const decision = (id: typeof caseId) =>
  v.variant(
    'decision',
    [
      v.object({ id, decision: labelled(v.literal('approve'), 'The decision') }),
      v.object({
        id,
        decision: labelled(v.literal('decline'), 'The decision'),
        reason: declineReason,
      }),
    ],
    'The decision must be approve or decline.',
  )

const customerSummary = {
  customer_id: v.number(),
  email: v.string(),
  name: v.string(),
}

/** Earlier decisions on the same customer: submissions and requests, newest first. */
const earlierDecision = v.object({
  kind: v.picklist(['submission', 'request']),
  id: v.number(),
  status: itemStatus,
  submitted_at: isoDate,
  reason: v.nullable(v.string()),
  decided: decidedBy,
})

export const kyclist = defineStaffCall({
  access: 'staff',
  roles: ['kyc', 'auditor'],
  reads: 'kyc list',
  summary:
    'KYC submissions from sign-up, decided newest first, 50 a page: who, the document type, when submitted, and who decided. Pending (the default) lists every customer waiting for review, oldest first, as the home counts them: one with no documents on file has no submission (id and document_type null).',
  request: v.object({ status: statusFilter, page: pageNumber }),
  response: v.object({
    submissions: v.array(
      v.object({
        /** The submission; null for a customer waiting with no documents on file. */
        id: v.nullable(v.number()),
        ...customerSummary,
        document_type: v.nullable(v.string()),
        status: itemStatus,
        submitted_at: isoDate,
        decided: decidedBy,
      }),
    ),
    ...pageAnswer,
  }),
})

export const kyccase = defineStaffCall({
  access: 'staff',
  roles: ['kyc', 'auditor'],
  reads: 'kyc case',
  summary:
    "One KYC submission: the submitted details (the date of birth as given with it), the document's type, number, issuing country (ISO 3166-1 alpha-2) and expiry date (YYYY-MM-DD; null on submissions made before the form asked for them), the photo and both sides of the document (file references for /wp-admin/files/<id>) and the earlier decisions on the customer. Opening it is written to the audit log as a read ('kyc case').",
  request: v.object({ id: caseId }),
  response: v.object({
    id: v.number(),
    status: itemStatus,
    submitted_at: isoDate,
    decided: decidedBy,
    customer: v.object({
      ...customerSummary,
      date_of_birth: v.nullable(v.string()),
      country: v.string(),
      phone: v.string(),
      address: v.string(),
      verification_status: v.string(),
    }),
    document_type: v.string(),
    document_number: v.nullable(v.string()),
    document_country: v.nullable(v.string()),
    document_expiry: v.nullable(v.string()),
    photo: fileReference,
    front: fileReference,
    back: fileReference,
    earlier: v.array(earlierDecision),
  }),
})

export const kycdecide = defineStaffCall({
  access: 'staff',
  roles: ['kyc'],
  audit: { decision: { approve: 'kyc approve', decline: 'kyc decline' } },
  summary:
    'Approves a pending KYC submission (the customer is verified) or declines it with a reason (the e-mail asks them to submit again). Decided already: refused, naming who decided it and when.',
  request: decision(caseId),
  response: statusAnswer,
})

export const kycaskfordocuments = defineStaffCall({
  access: 'staff',
  roles: ['kyc'],
  audit: 'kyc decline',
  summary:
    'Declines the review of a customer waiting with no documents on file, with a reason: the e-mail asks them to submit their documents. Refused for a customer whose documents are on file (their submission is decided instead) and for one not waiting.',
  request: v.object({ customer_id: customerId, reason: declineReason }),
  response: statusAnswer,
})

export const kycrequestlist = defineStaffCall({
  access: 'staff',
  roles: ['kyc', 'auditor'],
  reads: 'kyc requests',
  summary:
    "Signed-in customers' KYC requests from the dashboard, pending oldest first, decided newest first (pending by default), 50 a page, each with its document as a file reference.",
  request: v.object({ status: statusFilter, page: pageNumber }),
  response: v.object({
    requests: v.array(
      v.object({
        id: v.number(),
        ...customerSummary,
        document_type: v.string(),
        document: fileReference,
        status: itemStatus,
        submitted_at: isoDate,
        reason: v.nullable(v.string()),
        decided: decidedBy,
      }),
    ),
    ...pageAnswer,
  }),
})

export const kycrequestdecide = defineStaffCall({
  access: 'staff',
  roles: ['kyc'],
  audit: { decision: { approve: 'kyc request approve', decline: 'kyc request decline' } },
  summary:
    'Approves a pending dashboard KYC request, or declines it with a reason (the notification gives it). Decided already: refused, naming who decided it and when.',
  request: decision(caseId),
  response: statusAnswer,
})
