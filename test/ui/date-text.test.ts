import { describe, expect, it } from 'vitest'
import {
  dayMonthYearShape,
  formatDateOf,
  formatDayMonthYear,
  formatDayMonthYearTime,
  parseDayMonthYear,
} from '#api/day-month-year'
import { formatDayMonthYear as shownByDateText } from '#ui/date-text'

describe('formatDayMonthYearTime', () => {
  it("shows the day as dd/mm/yyyy, then the time as the customer's clock shows it", () => {
    const at = '2026-03-07T14:05:00Z'
    expect(formatDayMonthYearTime(at, { locale: 'en-GB', timeZone: 'UTC' })).toBe(
      '07/03/2026, 14:05',
    )
    // ICU writes a narrow no-break space before PM, or a plain one: either is a space.
    expect(formatDayMonthYearTime(at, { locale: 'en-US', timeZone: 'UTC' })).toMatch(
      /^07\/03\/2026, 2:05\sPM$/,
    )
    // The day of the customer's zone: in Tokyo it is already the 8th.
    expect(
      formatDayMonthYearTime('2026-03-07T23:30:00Z', { locale: 'en-GB', timeZone: 'Asia/Tokyo' }),
    ).toBe('08/03/2026, 08:30')
    expect(formatDayMonthYearTime('not a date')).toBe('')
    expect(formatDayMonthYearTime(null)).toBe('')
  })
})

describe('formatDayMonthYear', () => {
  it('shows dd/mm/yyyy with months counted from 1', () => {
    expect(formatDayMonthYear(new Date(2025, 0, 31, 12).toISOString())).toBe('31/01/2025')
    expect(formatDayMonthYear(new Date(2024, 11, 5, 12).toISOString())).toBe('05/12/2024')
    expect(shownByDateText).toBe(formatDayMonthYear)
    expect(dayMonthYearShape).toBe('dd/mm/yyyy')
  })

  it('shows an instant on the day of the given time zone', () => {
    const lateInUtc = '2025-03-06T23:30:00Z'
    expect(formatDayMonthYear(lateInUtc, 'UTC')).toBe('06/03/2025')
    expect(formatDayMonthYear(lateInUtc, 'Europe/Lisbon')).toBe('06/03/2025')
    expect(formatDayMonthYear(lateInUtc, 'Europe/Berlin')).toBe('07/03/2025')
    expect(formatDayMonthYear(lateInUtc, 'America/New_York')).toBe('06/03/2025')
    expect(formatDateOf(new Date(lateInUtc), 'Asia/Tokyo')).toBe('07/03/2025')
  })

  it('shows a calendar day (a date of birth) as that day in every time zone', () => {
    expect(formatDayMonthYear('1990-03-07')).toBe('07/03/1990')
    expect(formatDayMonthYear('1990-03-07', 'America/Los_Angeles')).toBe('07/03/1990')
    expect(formatDayMonthYear('1990-02-30')).toBe('')
  })

  it('gives nothing for missing or invalid dates', () => {
    expect(formatDayMonthYear(undefined)).toBe('')
    expect(formatDayMonthYear(null)).toBe('')
    expect(formatDayMonthYear('')).toBe('')
    expect(formatDayMonthYear('not a date')).toBe('')
  })
})

describe('parseDayMonthYear', () => {
  it('reads day/month/year as typed, with or without leading zeros', () => {
    expect(parseDayMonthYear('07/03/1990')).toBe('1990-03-07')
    expect(parseDayMonthYear(' 7/3/1990 ')).toBe('1990-03-07')
    expect(parseDayMonthYear('7.3.1990')).toBe('1990-03-07')
    expect(parseDayMonthYear('29/02/2024')).toBe('2024-02-29')
  })

  it('refuses what is not a day of the calendar, or not day/month/year', () => {
    for (const text of ['29/02/2023', '31/04/2025', '00/01/2025', '12/13/2025', '1990-03-07'])
      expect(parseDayMonthYear(text)).toBeNull()
    for (const text of ['', '7/3/90', '7 March 1990', '07/03/1990x', '07//1990'])
      expect(parseDayMonthYear(text)).toBeNull()
  })

  it('reads back what it shows', () => {
    expect(parseDayMonthYear(formatDayMonthYear('2001-12-31'))).toBe('2001-12-31')
  })
})
