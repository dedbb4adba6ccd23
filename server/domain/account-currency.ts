import { currencySymbol } from '#api/money'

let codesBySymbol: Map<string, string> | undefined

/**
 * The ISO 4217 code a customer's currency field names: a code in any case ("usd"), or the
 * symbol the portal prints for it ("$", as the forms send it back). Null for anything else.
 * Symbols are the platform's (`Intl`, en-US), where each names one currency.
 */
export function currencyCodeOf(typed: string): string | null {
  const text = typed.trim()
  if (/^[A-Za-z]{3}$/.test(text)) return text.toUpperCase()
  if (!codesBySymbol) {
    codesBySymbol = new Map()
    for (const code of Intl.supportedValuesOf('currency'))
      codesBySymbol.set(currencySymbol(code), code)
  }
  return codesBySymbol.get(text) ?? null
}

/**
 * Whether what the customer typed names the account's currency: its ISO 4217 code (any case)
 * or its symbol. An account has one currency, and a transfer may be in no other (no conversion).
 */
export function isCurrencyOf(typed: string, accountCurrency: string): boolean {
  return currencyCodeOf(typed) === accountCurrency.toUpperCase()
}
