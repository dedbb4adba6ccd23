import type { StaffCallResponse } from '#api/contract/staff'

export type QueueName = StaffCallResponse<'queues'>['queues'][number]['queue']

/** Each queue as home lists it: its name and the list that works it. */
export const queueLinks: Record<
  QueueName,
  { label: string; to: string; search?: Record<string, string> }
> = {
  kyc_submissions: { label: 'KYC submissions', to: '/kyc' },
  kyc_requests: { label: 'KYC requests from the dashboard', to: '/kyc/requests' },
  deposit_requests: { label: 'Deposits', to: '/requests', search: { kind: 'deposit' } },
  payment_requests: { label: 'Payments', to: '/requests', search: { kind: 'payment' } },
  fixed_deposit_requests: {
    label: 'Fixed deposits',
    to: '/requests',
    search: { kind: 'fixed_deposit' },
  },
  upgrade_requests: { label: 'Plan upgrades', to: '/requests', search: { kind: 'upgrade' } },
  transfers_in_progress: { label: 'Transfers in progress', to: '/transfers' },
  approvals_pending: { label: 'Approvals waiting for a second person', to: '/approvals' },
  mail_failed: { label: 'Failed e-mails', to: '/mail', search: { status: 'failed' } },
}

/** How long the oldest item has waited, in words: "3 h 20 min", "2 days". */
export function waitedFor(oldestAt: string | null, now = Date.now()): string {
  if (!oldestAt) return '—'
  const minutes = Math.max(0, Math.floor((now - Date.parse(oldestAt)) / 60_000))
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 48) return `${hours} h ${minutes % 60} min`
  return `${Math.floor(hours / 24)} days`
}
