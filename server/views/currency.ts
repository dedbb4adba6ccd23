const symbols = new Map<string, string>()

/** The symbol shown for an ISO 4217 code ("USD" -> "$"), from Intl; "$" when unknown. */
export function currencySymbol(code: string): string {
  let symbol = symbols.get(code)
  if (symbol === undefined) {
    try {
      const parts = new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: code,
      }).formatToParts(0)
      symbol = parts.find((part) => part.type === 'currency')?.value ?? '$'
    } catch {
      symbol = '$'
    }
    symbols.set(code, symbol)
  }
  return symbol
}
