import { describe, expect, it } from 'vitest'
import { dayAfter, isDay, maxRuns, runDays } from '#server/domain/run-days'

describe('the days a scheduled series runs on (decision 088)', () => {
  it('keeps a monthly day, on the last day of shorter months', () => {
    const plan = { cadence: 'monthly', startsOn: '2027-12-31', endsOn: null, runCount: 4 } as const
    expect(runDays(plan)).toEqual(['2027-12-31', '2028-01-31', '2028-02-29', '2028-03-31'])
    expect(
      runDays({ cadence: 'monthly', startsOn: '2027-01-30', endsOn: null, runCount: 3 }),
    ).toEqual(['2027-01-30', '2027-02-28', '2027-03-30'])
  })

  it('ends on the end day or after the count, never past 60 runs', () => {
    expect(
      runDays({ cadence: 'weekly', startsOn: '2026-12-28', endsOn: '2027-01-11', runCount: null }),
    ).toEqual(['2026-12-28', '2027-01-04', '2027-01-11'])
    expect(
      runDays({ cadence: 'weekly', startsOn: '2026-12-01', endsOn: '2030-01-01', runCount: null }),
    ).toHaveLength(maxRuns)
    expect(
      runDays({ cadence: 'once', startsOn: '2026-12-01', endsOn: null, runCount: null }),
    ).toEqual(['2026-12-01'])
  })

  it('finds the next day after one, and none after the last', () => {
    const plan = { cadence: 'weekly', startsOn: '2026-12-01', endsOn: null, runCount: 2 } as const
    expect(dayAfter(plan, '2026-12-01')).toBe('2026-12-08')
    expect(dayAfter(plan, '2026-12-08')).toBeNull()
  })

  it('takes only real days written YYYY-MM-DD', () => {
    expect(isDay('2028-02-29')).toBe(true)
    for (const text of ['2027-02-29', '2026-13-01', '2026-1-01', '', '2026-12-01T00:00'])
      expect(isDay(text)).toBe(false)
  })
})
