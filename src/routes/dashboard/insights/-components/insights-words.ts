import { parseWireTotal } from '#api/money-totals'

/** Words and sums of the Insights section (docs/decisions/089). */

const monthStart = (month: string) => {
  const [year = 0, number = 1] = month.split('-').map(Number)
  return new Date(Date.UTC(year, number - 1, 1))
}

const longMonth = new Intl.DateTimeFormat('en-GB', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})
const shortMonth = new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' })

/** '2026-11' -> 'November 2026' */
export const monthName = (month: string) => longMonth.format(monthStart(month))

/** '2026-11' -> 'Nov' */
export const monthAbbreviation = (month: string) => shortMonth.format(monthStart(month))

/** A wire sum in minor units, exactly; a malformed one as 0. */
export const minorOf = (amount: string) => parseWireTotal(amount) ?? 0n

/** The sum of wire amounts, in minor units. */
export const sumOf = (amounts: readonly string[]) =>
  amounts.reduce((sum, amount) => sum + minorOf(amount), 0n)

const count = new Intl.NumberFormat('en-GB')

/** 1 -> '1 payment', 3 -> '3 payments' */
export const linesWords = (lines: number) =>
  `${count.format(lines)} ${lines === 1 ? 'payment' : 'payments'}`
