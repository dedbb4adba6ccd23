import { Link } from '@tanstack/react-router'
import { buttonClass } from '#ui/button'
import { ComingSoon } from '#ui/coming-soon'

/** A dashboard section that a later release builds: its title and a way back home. */
export function SectionPlaceholder({ title }: { title: string }) {
  return (
    <ComingSoon title={title}>
      <Link
        to="/dashboard"
        activeOptions={{ exact: true }}
        className={buttonClass({ variant: 'secondary' })}
      >
        Back to dashboard
      </Link>
    </ComingSoon>
  )
}
