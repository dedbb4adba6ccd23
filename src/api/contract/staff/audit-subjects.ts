/**
 * What an audit log entry touched (docs/decisions/075), as the console links it: a customer, one
 * of their items (a KYC submission or dashboard request, a funding request, a transfer, a file),
 * an approval, a member of staff or an e-mail. Kept apart from valibot: the schema reads it too.
 */
export const auditSubjectKinds = [
  'customer',
  'kyc_submission',
  'kyc_request',
  'funding_request',
  'transfer',
  'file',
  'approval',
  'staff',
  'mail',
] as const

export type AuditSubjectKind = (typeof auditSubjectKinds)[number]
