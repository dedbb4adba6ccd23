/**
 * Day/month/year as the spec shows dates (e.g. 7/3/2025 for 7 March 2025), in the viewer's
 * time zone. Months count from 1: the original's 0-based month was a defect. Invalid input
 * gives an empty string.
 */
export function formatDayMonthYear(iso: string | null | undefined): string {
  if (!iso) return ''
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  return `${date.getDate()}/${date.getMonth() + 1}/${date.getFullYear()}`
}

export interface DateTextProps {
  iso: string | null | undefined
  className?: string
}

export function DateText({ iso, className }: DateTextProps) {
  const text = formatDayMonthYear(iso)
  if (!text || !iso) return null
  return (
    <time dateTime={iso} className={className}>
      {text}
    </time>
  )
}
