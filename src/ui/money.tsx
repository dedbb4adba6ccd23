import { currencySymbol, formatMoney, wireToMinor } from '#api/money'

export interface MoneyProps {
  /** The amount as the wire sends it: a decimal string. Missing shows 0.00. */
  amount: string | null | undefined
  /** A currency symbol or ISO code; "$" when absent. */
  currency?: string | null
  /** Prefix for signed amounts: '+' for credits, '-' for debits. */
  sign?: '+' | '-'
  className?: string
}

/** The one component that shows an amount of money (rules and text: `#api/money`). */
export function Money({ amount, currency, sign, className }: MoneyProps) {
  return (
    <span className={className}>
      {formatMoney(wireToMinor(amount), currencySymbol(currency), sign)}
    </span>
  )
}
