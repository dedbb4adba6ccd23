import { t } from '@lingui/core/macro'
import * as styles from './status-badge.css'
import { toneSurface } from './tone.css'

type BadgeTone = keyof typeof toneSurface

const toneByStatus: Record<string, BadgeTone> = {
  successful: 'success',
  confirmed: 'success',
  completed: 'success',
  in_progress: 'warning',
  pending: 'warning',
  failed: 'error',
  declined: 'error',
  reversed: 'error',
}

/** The colour a transaction or request status is shown in. */
export function statusTone(status: string): BadgeTone {
  return toneByStatus[status.trim().toLowerCase()] ?? 'neutral'
}

/** Status text as customers read it: underscores become spaces ("in_progress" → "in progress"). */
export function statusLabel(status: string): string {
  return status.replaceAll('_', ' ').trim()
}

/** The statuses the bank writes, in the language in use; another is shown as it came. */
function shownStatus(status: string): string {
  const words: Record<string, () => string> = {
    successful: () => t`successful`,
    confirmed: () => t`confirmed`,
    completed: () => t`completed`,
    in_progress: () => t`in progress`,
    pending: () => t`pending`,
    failed: () => t`failed`,
    declined: () => t`declined`,
    reversed: () => t`reversed`,
  }
  const known = words[status.trim().toLowerCase()]
  return known && status.trim() === status.trim().toLowerCase() ? known() : statusLabel(status)
}

export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`${styles.badge} ${toneSurface[statusTone(status)]}`}>
      {shownStatus(status)}
    </span>
  )
}
