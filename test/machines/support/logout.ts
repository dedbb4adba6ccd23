import { fromPromise } from 'xstate'
import { type LogoutInput, type LogoutResult, logoutMachine } from '#machines/logout.machine'

/**
 * The logout sub-flow (src/machines/logout.machine.ts) with a fake `logout` call, for a parent
 * machine's tests: `parent.provide({ actors: { signOut: fakeLogout(...) } })`.
 */
export function fakeLogout(logout: (input: LogoutInput) => Promise<LogoutResult>) {
  return logoutMachine.provide({ actors: { signOut: fromPromise(({ input }) => logout(input)) } })
}

/** A `logout` call that never answers. */
export const unansweredLogout = () => new Promise<LogoutResult>(() => {})
