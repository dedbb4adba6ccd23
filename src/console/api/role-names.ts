import type { StaffRole } from '#api/contract/staff'

/** Each role as the console names it to people. */
export const roleLabels: Record<StaffRole, string> = {
  support: 'Support',
  kyc: 'KYC',
  payments: 'Payments',
  configuration: 'Configuration',
  auditor: 'Auditor',
  admin: 'Admin',
}

export const roleNames = (roles: readonly StaffRole[]) =>
  roles.map((role) => roleLabels[role]).join(', ')
