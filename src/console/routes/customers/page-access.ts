import type { ConsoleSection } from '../../section'

/**
 * Who opens a customer's page: support (what they do for the customer), payments (corrections,
 * freezes) and the auditor; the server checks `customerpage` again.
 */
export const customerPageAccess: ConsoleSection = {
  label: 'Customer',
  allowed: ['support', 'payments', 'auditor'],
}
