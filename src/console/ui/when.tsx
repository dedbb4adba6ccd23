import { formatDayMonthYearTime } from '#api/day-month-year'

/** A time in a list or a case: dd/mm/yyyy and the time, in the person's clock (decision 065). */
export function When({ at }: { at: string }) {
  return <time dateTime={at}>{formatDayMonthYearTime(at)}</time>
}
