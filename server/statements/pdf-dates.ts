import { formatDateOf, formatDayMonthYearTime } from '#api/day-month-year'

/**
 * The dates a PDF prints, in the portal's one format (dd/mm/yyyy, decision 065) and in UTC: a
 * file has no viewer's clock, so it says which one it uses.
 */
export const pdfDay = (date: Date) => formatDateOf(date, 'UTC')

/** dd/mm/yyyy, hh:mm (24-hour), UTC; the caller writes "UTC" after it. */
export const pdfMoment = (date: Date) =>
  formatDayMonthYearTime(date.toISOString(), { locale: 'en-GB', timeZone: 'UTC' })
