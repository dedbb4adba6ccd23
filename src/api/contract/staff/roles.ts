/**
 * The roles of the bank's staff (docs/decisions/068). A person may hold several; each staff call
 * names the roles that may make it, and the server checks them on every call.
 * - support: customers, notices, notifications, mail
 * - kyc: KYC decisions
 * - payments: requests, transfers, fixed deposits
 * - configuration: the bank's settings
 * - auditor: reads everything, changes nothing
 * - admin: the staff themselves
 */
export const staffRoles = [
  'support',
  'kyc',
  'payments',
  'configuration',
  'auditor',
  'admin',
] as const

export type StaffRole = (typeof staffRoles)[number]

/** The second factors a member of staff can sign in with. */
export const secondFactors = ['passkey', 'totp'] as const

export type SecondFactor = (typeof secondFactors)[number]
