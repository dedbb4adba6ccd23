import type { KeepaliveResult, SessionTimeResult } from '#machines/session-timeout.machine'
import type { StaffCallResult } from '../api/staff-client'

/** A signed-in staff session ends after this many minutes without a call (decision 068). */
export const staffIdleMinutes = 15

/**
 * A staff session's end (`ends_at`: the idle end, or the 8-hour end when that comes first) as
 * the portal's idle timeout reads a session's time (sessionstatus, keepalive), so the console
 * runs the same statechart (src/machines/session-timeout.machine.ts) and the same dialog.
 */
export function asSessionTime(
  result: StaffCallResult<'whoami'> | StaffCallResult<'keepalive'>,
  now: number,
  knownExpiry: string | null,
): SessionTimeResult & KeepaliveResult {
  if (!result.ok) return result
  const endsAt = result.data.ends_at
  const expiresAt = 'expires_at' in result.data ? result.data.expires_at : (knownExpiry ?? endsAt)
  return {
    ok: true,
    data: {
      remainingSeconds: Math.max(0, Math.floor((Date.parse(endsAt) - now) / 1000)),
      idleTimeoutSeconds: staffIdleMinutes * 60,
      expiresAt,
    },
  }
}

/** Whether the session ended at its 8-hour limit rather than for lack of activity. */
export function reachedAbsoluteEnd(expiresAt: string | null, now: number): boolean {
  return expiresAt !== null && Date.parse(expiresAt) - now <= 5_000
}
