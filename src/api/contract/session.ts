import * as v from 'valibot'
import { defineCall } from './define'
import { isoDate } from './fields'
import { wire } from './wire-fields'

/**
 * The signed-in session's idle timer (docs/decisions/027-session-idle-timeout.md): every call
 * with the session token counts as activity, except `sessionstatus`.
 */
const sessionTime = v.object({
  /** Seconds until the session ends without activity. */
  remainingSeconds: wire('remaining_seconds', v.number()),
  /** The server's idle limit, in seconds. */
  idleTimeoutSeconds: wire('idle_timeout_seconds', v.number()),
  /** When the session ends at the latest, activity or not. */
  expiresAt: wire('expires_at', isoDate),
})

export const keepAlive = defineCall({
  wire: 'keepalive',
  kind: 'action',
  access: 'session',
  summary: '"Stay signed in": counts as activity and answers the time left.',
  request: v.object({}),
  response: sessionTime,
})

export const sessionStatus = defineCall({
  wire: 'sessionstatus',
  kind: 'action',
  access: 'session',
  summary:
    'The time left before the session ends for inactivity, without counting as activity (for a second tab or a countdown).',
  request: v.object({}),
  response: sessionTime,
  activity: false,
})
