import { t } from '@lingui/core/macro'
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

/**
 * The side menu, in the spec's order (with the payee book beside Bank Transfer). Each label is
 * read when the menu is drawn, in the language in use.
 */
export const menuItems: readonly MenuItem[] = [
  {
    kind: 'link',
    get label() {
      return t`Dashboard`
    },
    icon: 'home',
    to: '/dashboard',
  },
  {
    kind: 'link',
    get label() {
      return t`Add Funds`
    },
    icon: 'wallet',
    to: '/dashboard/add-funds',
  },
  {
    kind: 'link',
    get label() {
      return t`Make Payment`
    },
    icon: 'card',
    to: '/dashboard/make-payment',
  },
  {
    kind: 'link',
    get label() {
      return t`Bank Transfer`
    },
    icon: 'send',
    to: '/dashboard/send',
  },
  // Not in the spec: the payee book (docs/decisions/085), beside the transfer that uses it.
  {
    kind: 'link',
    get label() {
      return t`Payees`
    },
    icon: 'user',
    to: '/dashboard/payees',
  },
  {
    kind: 'unavailable',
    get label() {
      return t`Loan`
    },
    icon: 'loan',
  },
  {
    kind: 'link',
    get label() {
      return t`Fixed Deposit`
    },
    icon: 'safe',
    to: '/dashboard/fixed-deposit',
  },
  {
    kind: 'link',
    get label() {
      return t`Notifications`
    },
    icon: 'bell',
    to: '/dashboard/notifications',
    showsUnread: true,
  },
  {
    kind: 'unavailable',
    get label() {
      return t`Credit Card`
    },
    icon: 'card',
  },
  {
    kind: 'link',
    get label() {
      return t`Upgrade Account`
    },
    icon: 'star',
    to: '/dashboard/upgrade',
  },
  {
    kind: 'link',
    get label() {
      return t`Help & Support`
    },
    icon: 'help',
    to: '/dashboard/contact',
  },
  {
    kind: 'unavailable',
    get label() {
      return t`Pay Bills`
    },
    icon: 'bills',
  },
  {
    kind: 'link',
    get label() {
      return t`Statements & Report`
    },
    icon: 'file',
    to: '/dashboard/statements',
  },
  // Not in the spec: money in and out by month and by type (docs/decisions/089).
  {
    kind: 'link',
    get label() {
      return t`Insights`
    },
    icon: 'chart',
    to: '/dashboard/insights',
  },
  {
    kind: 'link',
    get label() {
      return t`Settings`
    },
    icon: 'settings',
    to: '/dashboard/settings',
  },
  {
    kind: 'logout',
    get label() {
      return t`Log Out`
    },
    icon: 'logout',
  },
]
