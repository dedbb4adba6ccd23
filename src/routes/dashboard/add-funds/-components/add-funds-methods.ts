import { t } from '@lingui/core/macro'
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
const notAvailableForRegion = () => t`Not available for your region`

/**
 * The five ways to add funds, in the spec's order (spec section 2, "Add funds menu"): only
 * Crypto Deposit and Institutional Transfer lead anywhere. In the language in use.
 */
export const addFundsMethods = (): readonly AddFundsMethod[] => [
  {
    name: t`Bank Transfer`,
    icon: 'bank',
    sub: t`From an account at another bank`,
    availability: notAvailableForRegion(),
  },
  {
    name: t`Card`,
    icon: 'card',
    sub: t`Debit or credit card`,
    availability: notAvailableForRegion(),
  },
  {
    name: t`Cash deposit`,
    icon: 'cash',
    sub: t`At a branch or partner agent`,
    availability: notAvailableForRegion(),
  },
  {
    name: t`Crypto Deposit`,
    icon: 'coin',
    sub: t`Send coins to your deposit address`,
    availability: t`Available`,
    to: '/dashboard/add-funds/crypto',
  },
  {
    name: t`Institutional Transfer`,
    icon: 'building',
    sub: t`Your details for a wire from an institution`,
    availability: t`Available`,
    to: '/dashboard/add-funds/it',
  },
]
