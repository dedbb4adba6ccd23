import { formatMoney, parseAmount } from '#api/money'

/** A wire amount ("1234.50", "-5.00") in minor units; missing or malformed counts as 0. */
export function wireToMinor(amount: string | null | undefined): number {
  if (!amount) return 0
  const text = amount.trim()
  const negative = text.startsWith('-')
  const minor = parseAmount(negative ? text.slice(1) : text) ?? 0
  return negative ? -minor : minor
}

const symbols = new Map<string, string>()

/**
 * The symbol to print before an amount. The server may send a symbol ("$", "€") or an ISO code
 * ("USD", "EUR"); an empty value gives the spec's default "$".
 */
export function currencySymbol(currency: string | null | undefined): string {
  const text = currency?.trim() ?? ''
  if (text === '') return '$'
  if (!/^[A-Za-z]{3}$/.test(text)) return text
  const code = text.toUpperCase()
  let symbol = symbols.get(code)
  if (symbol === undefined) {
    try {
      const parts = new Intl.NumberFormat('en-US', { style: 'currency', currency: code })
      symbol = parts.formatToParts(0).find((part) => part.type === 'currency')?.value ?? code
    } catch {
      symbol = code
    }
    symbols.set(code, symbol)
  }
  return symbol
}

/** The text `<Money>` shows: symbol, English grouping, two decimals, and an optional sign. */
export function moneyText(
  amount: string | null | undefined,
  currency?: string | null,
  sign?: '+' | '-',
): string {
  const minor = wireToMinor(amount)
  const symbol = currencySymbol(currency)
  if (!sign) return formatMoney(minor, symbol)
  return `${sign}${formatMoney(Math.abs(minor), symbol)}`
}

export interface MoneyProps {
  /** The amount as the wire sends it: a decimal string. Missing shows 0.00. */
  amount: string | null | undefined
  /** A currency symbol or ISO code; "$" when absent. */
  currency?: string | null
  /** Prefix for signed amounts: '+' for credits, '-' for debits. */
  sign?: '+' | '-'
  className?: string
}

/** The one component that shows an amount of money. */
export function Money({ amount, currency, sign, className }: MoneyProps) {
  return <span className={className}>{moneyText(amount, currency, sign)}</span>
}
