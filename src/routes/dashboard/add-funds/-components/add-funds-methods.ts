import type { IconName } from '#ui/icon'

export type AddFundsPath = '/dashboard/add-funds/crypto' | '/dashboard/add-funds/it'

export interface AddFundsMethod {
  name: string
  icon: IconName
  sub: string
  availability: string
  /** Where the method continues; none: not offered in the customer's region. */
  to?: AddFundsPath
}

/** Spec section 2, word for word. */
export const notAvailableForRegion = 'Not available for your region'

/**
 * The five ways to add funds, in the spec's order (spec section 2, "Add funds menu"): only
 * Crypto Deposit and Institutional Transfer lead anywhere.
 */
export const addFundsMethods: readonly AddFundsMethod[] = [
  {
    name: 'Bank Transfer',
    icon: 'bank',
    sub: 'From an account at another bank',
    availability: notAvailableForRegion,
  },
  {
    name: 'Card',
    icon: 'card',
    sub: 'Debit or credit card',
    availability: notAvailableForRegion,
  },
  {
    name: 'Cash deposit',
    icon: 'cash',
    sub: 'At a branch or partner agent',
    availability: notAvailableForRegion,
  },
  {
    name: 'Crypto Deposit',
    icon: 'coin',
    sub: 'Send coins to your deposit address',
    availability: 'Available',
    to: '/dashboard/add-funds/crypto',
  },
  {
    name: 'Institutional Transfer',
    icon: 'building',
    sub: 'Your details for a wire from an institution',
    availability: 'Available',
    to: '/dashboard/add-funds/it',
  },
]
