import { type StaffRole, staffRoles } from '#api/contract/staff'

/** Each role as the console names it to people. */
export const roleLabels: Record<StaffRole, string> = {
  support: 'Support',
  kyc: 'KYC',
  payments: 'Payments',
  configuration: 'Configuration',
  auditor: 'Auditor',
  admin: 'Admin',
}

/** The roles in the one order the console lists them (the contract's), as words. */
export const roleNames = (roles: readonly StaffRole[]) =>
  staffRoles
    .filter((role) => roles.includes(role))
    .map((role) => roleLabels[role])
    .join(', ')
