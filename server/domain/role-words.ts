import type { StaffRole } from '#api/contract/staff'

/** Roles in words, in alphabetical order: "admin, auditor". */
export const rolesSaid = (roles: readonly StaffRole[]) => [...roles].sort().join(', ') || 'none'
