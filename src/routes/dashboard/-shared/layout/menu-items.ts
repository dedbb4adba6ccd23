import type { IconName } from '#ui/icon'

export type SectionPath =
  | '/dashboard'
  | '/dashboard/add-funds'
  | '/dashboard/make-payment'
  | '/dashboard/send'
  | '/dashboard/payees'
  | '/dashboard/fixed-deposit'
  | '/dashboard/notifications'
  | '/dashboard/upgrade'
  | '/dashboard/contact'
  | '/dashboard/statements'
  | '/dashboard/insights'
  | '/dashboard/settings'

export type MenuItem = { label: string; icon: IconName } & (
  | { kind: 'link'; to: SectionPath; showsUnread?: boolean }
  | { kind: 'unavailable' }
  | { kind: 'logout' }
)

/** The side menu, in the spec's order (with the payee book beside Bank Transfer). */
export const menuItems: readonly MenuItem[] = [
  { kind: 'link', label: 'Dashboard', icon: 'home', to: '/dashboard' },
  { kind: 'link', label: 'Add Funds', icon: 'wallet', to: '/dashboard/add-funds' },
  { kind: 'link', label: 'Make Payment', icon: 'card', to: '/dashboard/make-payment' },
  { kind: 'link', label: 'Bank Transfer', icon: 'send', to: '/dashboard/send' },
  // Not in the spec: the payee book (docs/decisions/085), beside the transfer that uses it.
  { kind: 'link', label: 'Payees', icon: 'user', to: '/dashboard/payees' },
  { kind: 'unavailable', label: 'Loan', icon: 'loan' },
  { kind: 'link', label: 'Fixed Deposit', icon: 'safe', to: '/dashboard/fixed-deposit' },
  {
    kind: 'link',
    label: 'Notifications',
    icon: 'bell',
    to: '/dashboard/notifications',
    showsUnread: true,
  },
  { kind: 'unavailable', label: 'Credit Card', icon: 'card' },
  { kind: 'link', label: 'Upgrade Account', icon: 'star', to: '/dashboard/upgrade' },
  { kind: 'link', label: 'Help & Support', icon: 'help', to: '/dashboard/contact' },
  { kind: 'unavailable', label: 'Pay Bills', icon: 'bills' },
  { kind: 'link', label: 'Statements & Report', icon: 'file', to: '/dashboard/statements' },
  // Not in the spec: money in and out by month and by type (docs/decisions/089).
  { kind: 'link', label: 'Insights', icon: 'chart', to: '/dashboard/insights' },
  { kind: 'link', label: 'Settings', icon: 'settings', to: '/dashboard/settings' },
  { kind: 'logout', label: 'Log Out', icon: 'logout' },
]
