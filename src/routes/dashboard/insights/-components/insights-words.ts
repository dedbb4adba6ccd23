import { i18n } from '@lingui/core'
import { plural } from '@lingui/core/macro'
import { intlLocale, type Language } from '#api/languages'
import { parseWireTotal } from '#api/money-totals'

/** Words and sums of the Insights section (docs/decisions/089), in the language in use. */

const monthStart = (month: string) => {
  const [year = 0, number = 1] = month.split('-').map(Number)
  return new Date(Date.UTC(year, number - 1, 1))
}

const activeLocale = () => intlLocale[i18n.locale as Language] ?? intlLocale.en

/** '2026-11' -> 'November 2026' (Spanish: 'noviembre de 2026') */
export const monthName = (month: string) =>
  new Intl.DateTimeFormat(activeLocale(), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(monthStart(month))

/** '2026-11' -> 'Nov' (Spanish: 'nov') */
export const monthAbbreviation = (month: string) =>
  new Intl.DateTimeFormat(activeLocale(), { month: 'short', timeZone: 'UTC' }).format(
    monthStart(month),
  )

/** A wire sum in minor units, exactly; a malformed one as 0. */
export const minorOf = (amount: string) => parseWireTotal(amount) ?? 0n

/** The sum of wire amounts, in minor units. */
export const sumOf = (amounts: readonly string[]) =>
  amounts.reduce((sum, amount) => sum + minorOf(amount), 0n)

/** 1 -> '1 payment', 3 -> '3 payments', 1200 -> '1,200 payments' */
export const linesWords = (lines: number) => {
  const count = new Intl.NumberFormat(activeLocale()).format(lines)
  return plural(lines, { one: `${count} payment`, other: `${count} payments` })
}
