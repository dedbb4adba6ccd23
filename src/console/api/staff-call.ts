import { leaveEndedSession } from './session-end'
import { createStaffClient } from './staff-client'

/**
 * The console's staff calls. A 401 means the session ended on the server (idle, 8 hours,
 * disabled, signed out elsewhere): the sign-in opens with "Your session has ended".
 */
export const staffCall = createStaffClient({ onUnauthorized: () => leaveEndedSession('ended') })

/** For the guards, where a 401 only says "not signed in": no notice, the guard redirects. */
export const staffSessionRead = createStaffClient()
