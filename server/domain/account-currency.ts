import { currencySymbol } from '#api/money'

/**
 * Whether what the customer typed names the account's currency: its ISO 4217 code (any case)
 * or its symbol. An account has one currency, and a transfer may be in no other (no conversion).
 */
export function isCurrencyOf(typed: string, accountCurrency: string): boolean {
  const text = typed.trim()
  return (
    text.toUpperCase() === accountCurrency.toUpperCase() || text === currencySymbol(accountCurrency)
  )
}
