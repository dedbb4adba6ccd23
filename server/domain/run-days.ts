/**
 * The UTC days a scheduled series runs on (docs/decisions/088; days are UTC days as the portal's
 * other dates, decision 065): once, weekly from the first day, or monthly on the first day's day
 * of the month, the month's last day when it has fewer. Written as YYYY-MM-DD.
 */
export type Cadence = 'once' | 'weekly' | 'monthly'

export interface RunPlan {
  cadence: Cadence
  startsOn: string
  endsOn: string | null
  runCount: number | null
}

/** No series runs more often than this, nor further than a year after it was set up. */
export const maxRuns = 60
export const horizonDays = 366

const dayMs = 86_400_000

export const utcDayOf = (moment: Date) => moment.toISOString().slice(0, 10)

const dateOf = (day: string) => new Date(`${day}T00:00:00Z`)

export const addDays = (day: string, days: number) =>
  utcDayOf(new Date(dateOf(day).getTime() + days * dayMs))

/** A YYYY-MM-DD that names a real day. */
export function isDay(text: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false
  const date = dateOf(text)
  return !Number.isNaN(date.getTime()) && utcDayOf(date) === text
}

/** The `index`th run's day (0 is the first), before any end is applied. */
function nthDay(plan: RunPlan, index: number) {
  if (plan.cadence === 'weekly') return addDays(plan.startsOn, 7 * index)
  const start = dateOf(plan.startsOn)
  const month = start.getUTCMonth() + index
  const lastOfMonth = new Date(Date.UTC(start.getUTCFullYear(), month + 1, 0)).getUTCDate()
  const day = Math.min(start.getUTCDate(), lastOfMonth)
  return utcDayOf(new Date(Date.UTC(start.getUTCFullYear(), month, day)))
}

/** Every day the plan runs on, in order: at most `maxRuns`. */
export function runDays(plan: RunPlan): string[] {
  if (plan.cadence === 'once') return [plan.startsOn]
  const count = Math.min(plan.runCount ?? maxRuns, maxRuns)
  const days: string[] = []
  for (let index = 0; index < count; index++) {
    const day = nthDay(plan, index)
    if (plan.endsOn !== null && day > plan.endsOn) break
    days.push(day)
  }
  return days
}

/** The first day of the plan after `day`, or null when the plan has ended. */
export function dayAfter(plan: RunPlan, day: string): string | null {
  return runDays(plan).find((next) => next > day) ?? null
}
