import { approvalCheckerRoles, type StaffRole } from '#api/contract/staff'

/**
 * The roles that may run each `npm run ops` command with `--as` (docs/decisions/068), the same
 * split as the console's calls: support (customers, notices, notifications, mail), kyc, payments
 * (requests, transfers, fixed deposits), configuration, auditor (reads only), admin (staff). A
 * command not named here is the admin's. A test holds every command to an entry.
 */
const reads = (...roles: StaffRole[]): StaffRole[] => [...roles, 'auditor']

export const commandRoles: Record<string, readonly StaffRole[]> = {
  'users list': reads('support'),
  'mail list': reads('support'),
  'mail retry': ['support'],
  'audit list': reads('admin'),
  'audit verify': reads('admin'),
  notify: ['support'],
  'notice set': ['support'],
  'notice clear': ['support'],
  'customers show': reads('support', 'payments'),
  'customers end-sessions': ['support'],
  'customers unlock': ['support'],
  'kyc list': reads('kyc'),
  'kyc requests': reads('kyc'),
  'kyc approve': ['kyc'],
  'kyc decline': ['kyc'],
  'kyc request approve': ['kyc'],
  'kyc request decline': ['kyc'],
  'requests list': reads('payments'),
  'requests confirm': ['payments'],
  'requests decline': ['payments'],
  'transfers list': reads('payments'),
  'transfers settle': ['payments'],
  'transfers fail': ['payments'],
  'approvals list': reads(...approvalCheckerRoles),
  'approvals approve': approvalCheckerRoles,
  'approvals reject': approvalCheckerRoles,
  'broadcast propose': ['support'],
  'corrections propose': ['payments'],
  'accounts freeze': ['support', 'payments'],
  'accounts unfreeze': ['support', 'payments'],
  'approvals settings': reads('payments', 'configuration'),
  figures: reads('payments', 'admin'),
  reconcile: ['payments', 'admin'],
  'fixed-deposits list': reads('payments'),
  'fixed-deposits mature': ['payments'],
  'scheduled-transfers run': ['payments'],
  'config show': reads('configuration'),
  'config charge': ['configuration'],
  'config coin-set': ['configuration'],
  'config coin-chain': ['configuration'],
  'config coin-remove': ['configuration'],
  'config purpose-add': ['configuration'],
  'config purpose-remove': ['configuration'],
  'config plan-set': ['configuration'],
  'config plan-price': ['configuration'],
  'config plan-remove': ['configuration'],
  'config step-up-limit': ['configuration'],
  'config step-up-new-payee': ['configuration'],
  'config contact': ['configuration'],
  'config four-eyes': ['configuration'],
  'staff list': reads('admin'),
  'staff add': ['admin'],
  'staff roles': ['admin'],
  'staff disable': ['admin'],
  'staff resend': ['admin'],
  'staff reset-sign-in': ['admin'],
  'keys status': ['admin'],
  'keys rotate': ['admin'],
  'demo remove': ['admin'],
}

export const rolesForCommand = (name: string): readonly StaffRole[] =>
  Object.hasOwn(commandRoles, name) ? (commandRoles[name] as readonly StaffRole[]) : ['admin']
