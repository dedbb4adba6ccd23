import { t } from '@lingui/core/macro'

/**
 * The bank's name and marketing copy. This is operator configuration, read once from the build
 * environment (`VITE_BANK_NAME`, `VITE_BANK_TAGLINE`) with neutral defaults; no logic depends on
 * it. The customer count in the default tagline is marketing text, not a computed figure.
 */

function setting(value: string | undefined, fallback: string): string {
  const trimmed = value?.trim()
  return trimmed ? trimmed : fallback
}

export const brand = {
  bankName: setting(import.meta.env.VITE_BANK_NAME, 'Meridian Bank'),
  tagline: setting(import.meta.env.VITE_BANK_TAGLINE, ''),
  get highlights() {
    return [
      t`Send money at home and abroad in minutes`,
      t`Deposit with crypto and track every request`,
      t`Statements, receipts and support in one place`,
    ]
  },
} as const

/** The tagline: the operator's own, else the default in the language in use. */
export function brandTagline(): string {
  return brand.tagline || t`Banking that keeps up with you. Trusted by over 2 million customers.`
}
