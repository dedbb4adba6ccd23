import { formatDayMonthYear } from '#api/day-month-year'

/** The portal's one date format (dd/mm/yyyy), from `#api/day-month-year`. */
export { formatDayMonthYear }

export interface DateTextProps {
  /** An ISO 8601 instant (shown in the viewer's time zone) or a calendar day (YYYY-MM-DD). */
  iso: string | null | undefined
  className?: string
}

/** A date as dd/mm/yyyy in a `<time>` element; nothing for a missing or invalid date. */
export function DateText({ iso, className }: DateTextProps) {
  const text = formatDayMonthYear(iso)
  if (!text || !iso) return null
  return (
    <time dateTime={iso} className={className}>
      {text}
    </time>
  )
}
