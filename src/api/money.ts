/**
 * Money in one place. Amounts are integer minor units (cents) everywhere in code and storage;
 * on the wire they are decimal strings ("1234.50"); on screen `formatMoney` gives exactly two
 * decimals in English style. Nothing else should parse or format an amount.
 */

const decimalAmount = /^(\d{1,13})(?:\.(\d{1,2}))?$/

/** Parses a customer-entered or wire amount ("12", "12.5", "12.50") into minor units, or null. */
export function parseAmount(text: string): number | null {
  const match = decimalAmount.exec(text.trim())
  if (!match) return null
  const [, whole = '0', fraction = ''] = match
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
  return Number.isSafeInteger(minor) ? minor : null
}

/** Minor units to the wire's decimal string: 123450 -> "1234.50", -5 -> "-0.05". */
export function toDecimalString(minor: number): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not an integer amount: ${minor}`)
  const sign = minor < 0 ? '-' : ''
  const abs = Math.abs(minor)
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

const formatters = new Map<string, Intl.NumberFormat>()

/** Display text: English grouping, exactly two decimals, the currency symbol in front ($ by default). */
export function formatMoney(minor: number | null | undefined, symbol = '$'): string {
  let formatter = formatters.get('en')
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    })
    formatters.set('en', formatter)
  }
  const value = minor ?? 0
  const sign = value < 0 ? '-' : ''
  return `${sign}${symbol}${formatter.format(Math.abs(value) / 100)}`
}

/** Percent of an amount in minor units, rounded half up to a whole cent. */
export function percentOf(minor: number, percent: number): number {
  return Math.round((minor * percent) / 100)
}
