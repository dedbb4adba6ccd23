import { defaultCurrencySymbol, toDecimalString } from './money'

/**
 * Totals past 2^53 minor units (docs/decisions/064, 076): a sum of every customer's balance
 * may pass the safe integers that `#api/money` keeps amounts in, so the staff console and the
 * server's reports read and show such totals as bigints, exactly. Apart from `money.ts` so that
 * the portal's pages, which show no such total, do not carry it.
 */

/** What a total looks like on the wire: signed, two decimals or fewer. */
const signedAmount = /^-?(?:\d+(?:\.\d{1,2})?|\.\d{1,2})$/

/** A total from the server ("-1234.50") in minor units, exact however large; null when malformed. */
export function parseWireTotal(text: string): bigint | null {
  const trimmed = text.trim()
  if (!signedAmount.test(trimmed)) return null
  const negative = trimmed.startsWith('-')
  const [whole = '', fraction = ''] = (negative ? trimmed.slice(1) : trimmed).split('.')
  const minor = BigInt(whole || '0') * 100n + BigInt(fraction.padEnd(2, '0'))
  return negative ? -minor : minor
}

let twoDecimals: Intl.NumberFormat | undefined

/**
 * A total as display text, as `formatMoney` writes an amount ("-$1,234.50"): the decimal
 * string goes to `Intl` as is, so no digit is lost however large it is.
 */
export function formatTotal(minor: bigint, symbol: string = defaultCurrencySymbol): string {
  twoDecimals ??= new Intl.NumberFormat('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })
  const digits = toDecimalString(minor < 0n ? -minor : minor) as Intl.StringNumericLiteral
  return `${minor < 0n ? '-' : ''}${symbol}${twoDecimals.format(digits)}`
}

/** A wire total as display text, exactly; a malformed one as 0.00, as `<Money>` shows it. */
export const formatWireTotal = (amount: string, symbol?: string) =>
  formatTotal(parseWireTotal(amount) ?? 0n, symbol)
