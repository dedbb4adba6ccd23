import { fromPromise } from 'xstate'
import { type LogoutResult, logoutMachine } from '#machines/logout.machine'
import { staffSessionRead } from '../api/staff-call'

/**
 * The portal's logout sub-flow (best effort, 3 s at most) with the console's `signout`, which
 * ends the session of the cookie: one child actor for the nav's "Sign out" and the idle
 * timeout's "Log out" and end.
 */
export const staffLogout = logoutMachine.provide({
  actors: {
    signOut: fromPromise(async (): Promise<LogoutResult> => {
      const answer = await staffSessionRead('signout')
      return answer.ok ? { ok: true, data: answer.data } : answer
    }),
  },
})
