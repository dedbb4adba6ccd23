/**
 * Money in one place, for the app and the server alike. Amounts are integer minor units (cents)
 * held in safe-integer `number`s everywhere in code and storage (docs/decisions/017), a lifetime
 * total in a `bigint` (064); on the wire they are decimal strings ("1234.50"); on screen
 * `formatMoney` gives English grouping and exactly two decimals. Nothing else parses, formats or
 * converts an amount.
 */

import type { Language } from './languages'

/**
 * An amount a customer enters or a request carries: up to 13 whole digits with at most two
 * decimals ("12", "12.5", "12.50", ".5"). No sign, no grouping commas, no exponent. The pattern
 * is the shape only; what may be asked is at most `maximumAmount`.
 */
export const amountPattern = /^(?:\d{1,13}(?:\.\d{1,2})?|\.\d{1,2})$/

/**
 * The largest amount a customer or an operator can enter: 1,000,000,000.00, in minor units
 * (docs/decisions/064). The ledger refuses any balance above 10^15 minor units, so balances,
 * and sums of a few of them, stay exact safe integers (2^53 ≈ 9 × 10^15).
 */
export const maximumAmount = 100_000_000_000

/** `maximumAmount` as the refusals write it (`formatMoney` gives the same, without a symbol). */
export const maximumAmountText = '1,000,000,000.00'

/** An amount as the server sends it: optional minus, exactly two decimals ("-1234.50"). */
export const wireAmountPattern = /^-?\d+\.\d{2}$/

/** What display code accepts from the wire: signed, with one or two decimals or none. */
const signedAmount = /^-?(?:\d+(?:\.\d{1,2})?|\.\d{1,2})$/

/** "12.5" -> 1250, or null past the largest safe integer. `digits` matched a pattern above. */
function toMinor(digits: string): number | null {
  const [whole = '', fraction = ''] = digits.split('.')
  const minor = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'))
  return Number.isSafeInteger(minor) ? minor : null
}

/** Parses an entered or request amount (see `amountPattern`) into minor units, or null. */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim()
  return amountPattern.test(trimmed) ? toMinor(trimmed) : null
}

/** Parses a signed amount from the server ("-5.00", "1234.5") into minor units, or null. */
export function parseWireAmount(text: string): number | null {
  const trimmed = text.trim()
  if (!signedAmount.test(trimmed)) return null
  const negative = trimmed.startsWith('-')
  const minor = toMinor(negative ? trimmed.slice(1) : trimmed)
  if (minor === null) return null
  return negative && minor !== 0 ? -minor : minor
}

/**
 * A wire amount for display, in minor units. The spec shows a missing amount as 0.00, so a
 * missing or malformed one counts as 0 here (and only here).
 */
export function wireToMinor(amount: string | null | undefined): number {
  return amount ? (parseWireAmount(amount) ?? 0) : 0
}

/**
 * Minor units to the wire's decimal string: 123450 -> "1234.50", -5 -> "-0.05". A bigint is
 * written exactly whatever its size: the server reads a lifetime total, which only grows, as one.
 */
export function toDecimalString(minor: number | bigint): string {
  if (typeof minor === 'bigint') {
    const abs = minor < 0n ? -minor : minor
    return `${minor < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`
  }
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not an integer amount: ${minor}`)
  const sign = minor < 0 ? '-' : ''
  const abs = Math.abs(minor)
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/** The spec's currency symbol when the account names none. */
export const defaultCurrencySymbol = '$'

const symbols = new Map<string, string>()

/**
 * The symbol printed before an amount. Accepts a symbol ("$", "€"), which is kept, or an ISO 4217
 * code ("USD", "eur"), which `Intl` turns into its symbol; a code `Intl` has no symbol for shows
 * as the code. Nothing at all gives the default "$".
 */
export function currencySymbol(currency: string | null | undefined): string {
  const text = currency?.trim() ?? ''
  if (text === '') return defaultCurrencySymbol
  if (!/^[A-Za-z]{3}$/.test(text)) return text
  const code = text.toUpperCase()
  let symbol = symbols.get(code)
  if (symbol === undefined) {
    const parts = new Intl.NumberFormat('en-US', { style: 'currency', currency: code })
    symbol = parts.formatToParts(0).find((part) => part.type === 'currency')?.value ?? code
    symbols.set(code, symbol)
  }
  return symbol
}

/** The language amounts are shown in: the browser's (src/i18n/language.ts); the server's English. */
let shownIn: Language = 'en'

// Made on first use: the first Intl.NumberFormat of a page loads the locale's data, a long task
// on a slow phone that a signed-out page, which shows no amount, need not pay for.
const twoDecimals = new Map<Language, Intl.NumberFormat>()
function twoDecimalsIn(language: Language) {
  let format = twoDecimals.get(language)
  if (!format) {
    format = new Intl.NumberFormat(language === 'es' ? 'es-ES' : 'en-US', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      useGrouping: 'always',
    })
    twoDecimals.set(language, format)
  }
  return format
}

/** The page speaks `language` (docs/decisions/090): its amounts are written its way from now on. */
export function showAmountsIn(language: Language) {
  shownIn = language
}

/**
 * Display text in `language`: the sign, the currency symbol, the language's grouping and exactly
 * two decimals: "-$1,234.50" in English, "-1.234,50 $" in Spanish. `sign` forces a prefix for
 * credits ('+') and debits ('-') whatever the amount's own sign. The decimal string goes to
 * `Intl` as is, so no amount passes through a binary fraction.
 */
export function formatMoneyIn(
  language: Language,
  minor: number | null | undefined,
  symbol: string = defaultCurrencySymbol,
  sign?: '+' | '-',
): string {
  const value = minor ?? 0
  const prefix = sign ?? (value < 0 ? '-' : '')
  const digits = twoDecimalsIn(language).format(
    toDecimalString(Math.abs(value)) as Intl.StringNumericLiteral,
  )
  return language === 'es' ? `${prefix}${digits}\u00a0${symbol}` : `${prefix}${symbol}${digits}`
}

/** `formatMoneyIn` the language amounts are shown in: the page's, or the server's English. */
export const formatMoney = (
  minor: number | null | undefined,
  symbol: string = defaultCurrencySymbol,
  sign?: '+' | '-',
) => formatMoneyIn(shownIn, minor, symbol, sign)

/**
 * Basis points (1/100 of a percent) of an amount in minor units, rounded half up to a whole cent,
 * in integers only: exact for every safe amount (a float product was not: 0.35 % of 110.00 came
 * out 0.38, not 0.39). The server computes the same in SQL (docs/decisions/059).
 */
export function basisPointsOf(minor: number, basisPoints: number): number {
  const rest = minor % 10_000
  const whole = (minor - rest) / 10_000
  return whole * basisPoints + Math.floor((rest * basisPoints + 5_000) / 10_000)
}

/** Percent of an amount (to two decimals, as the bank sets it), rounded as `basisPointsOf`. */
export function percentOf(minor: number, percent: number): number {
  return basisPointsOf(minor, Math.round(percent * 100))
}
