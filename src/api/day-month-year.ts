/**
 * The portal's one date format, dd/mm/yyyy (spec section 2: "date shows day/month/year"), for
 * every date it shows: lists, receipts, the transfer card, the profile's date of birth and its
 * field, a block's end. Intl gives the numbers (months count from 1: the original's 0-based
 * month was a defect, spec section 9); the shape is assembled here, so no locale can turn it
 * into month/day/year. The server may use it too (`#api/day-month-year`) for the dates it
 * writes into notifications and PDFs. See docs/decisions/065-one-date-format.md.
 */

/** How a shown date is written, for hints and placeholders. */
export const dayMonthYearShape = 'dd/mm/yyyy'

/** A calendar day as the contract carries it (date of birth, filters): YYYY-MM-DD. */
const calendarDay = /^(\d{4})-(\d{2})-(\d{2})$/

const formats = new Map<string, Intl.DateTimeFormat>()

function formatIn(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? ''
  let format = formats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone,
    })
    formats.set(key, format)
  }
  return format
}

/** The date of a moment as dd/mm/yyyy in `timeZone` (undefined: the viewer's own). */
export function formatDateOf(date: Date, timeZone?: string): string {
  if (Number.isNaN(date.getTime())) return ''
  const parts = formatIn(timeZone).formatToParts(date)
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((candidate) => candidate.type === type)?.value ?? ''
  return `${part('day')}/${part('month')}/${part('year')}`
}

/**
 * A date from the server as dd/mm/yyyy: an ISO 8601 instant in the viewer's time zone (or
 * `timeZone`), a calendar day (YYYY-MM-DD, a date of birth) as that very day wherever the
 * viewer is. Missing or invalid input gives an empty string.
 */
export function formatDayMonthYear(value: string | null | undefined, timeZone?: string): string {
  if (!value) return ''
  const day = calendarDay.exec(value)
  if (day) return isCalendarDate(value) ? `${day[3]}/${day[2]}/${day[1]}` : ''
  return formatDateOf(new Date(value), timeZone)
}

/**
 * A moment from the server as its day, dd/mm/yyyy, then its time as the customer's clock shows
 * it (`07/03/2026, 14:05`; `2:05 PM` in a 12-hour locale): only the day's shape is fixed
 * (decision 065). In the viewer's locale and time zone unless given. Empty for a missing or
 * invalid moment.
 */
export function formatDayMonthYearTime(
  value: string | null | undefined,
  where: { locale?: string; timeZone?: string } = {},
): string {
  if (!value || calendarDay.test(value)) return formatDayMonthYear(value, where.timeZone)
  const moment = new Date(value)
  const day = formatDateOf(moment, where.timeZone)
  if (!day) return ''
  const time = new Intl.DateTimeFormat(where.locale, {
    timeStyle: 'short',
    timeZone: where.timeZone,
  }).format(moment)
  return `${day}, ${time}`
}

/** Whether YYYY-MM-DD names a day of the calendar (no 31 April, 29 February in leap years). */
function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

/**
 * What a customer typed as day/month/year (`7/3/1990`, `07/03/1990`; dots or dashes work too)
 * as the contract's YYYY-MM-DD, or null when it is not a day of the calendar. A four-digit year
 * is required: "90" could be 1990 or 2090.
 */
export function parseDayMonthYear(text: string): string | null {
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text.trim())
  if (!match) return null
  const [, day = '', month = '', year = ''] = match
  const value = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`
  return isCalendarDate(value) ? value : null
}
