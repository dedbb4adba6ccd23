import { describe, expect, it } from 'vitest'
import { formatDayMonthYear } from '#ui/date-text'

describe('formatDayMonthYear', () => {
  it('shows day/month/year with months counted from 1', () => {
    expect(formatDayMonthYear(new Date(2025, 0, 31, 12).toISOString())).toBe('31/1/2025')
    expect(formatDayMonthYear(new Date(2024, 11, 5, 12).toISOString())).toBe('5/12/2024')
  })

  it('gives nothing for missing or invalid dates', () => {
    expect(formatDayMonthYear(undefined)).toBe('')
    expect(formatDayMonthYear('not a date')).toBe('')
  })
})
