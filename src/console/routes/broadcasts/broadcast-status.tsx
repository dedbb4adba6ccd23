import type { StaffCallResponse } from '#api/contract/staff'
import { statusText } from '../../ui/status-text'
import * as styles from './broadcasts.css'

type Broadcast = StaffCallResponse<'broadcastpage'>['broadcasts'][number]

const counted = (n: number) => n.toLocaleString('en-GB')

/**
 * Where a broadcast is (docs/decisions/103): waiting for its second person, being written by the
 * broadcast job (N of M, with a bar), sent to how many, or dropped.
 */
export function BroadcastStatus({ broadcast }: { broadcast: Broadcast }) {
  if (broadcast.status === 'proposed') return <>Waiting for a second person</>
  if (broadcast.status === 'sent')
    return <>Sent to {counted(broadcast.recipients ?? 0)} customers</>
  if (broadcast.status === 'dropped') return <>{statusText(broadcast.status)}</>
  const of = broadcast.audience ?? 0
  const label = `Sending: ${counted(broadcast.written)} of ${counted(of)} written`
  return (
    <span className={styles.progress}>
      {label}
      <progress
        aria-label={`Broadcast "${broadcast.title}"`}
        aria-valuetext={label}
        max={Math.max(of, 1)}
        value={Math.min(broadcast.written, of)}
      />
    </span>
  )
}
