import { fromPromise } from 'xstate'
import { call, logoutStoredToken } from '#api/session-client'
import { type LogoutResult, type LogoutToken, logoutMachine } from '#machines/logout.machine'

/** The `logout` call for each token a flow logs out of (sbaUid and tempbaUid: their own). */
const logoutCalls: Record<LogoutToken, () => Promise<LogoutResult>> = {
  session: () => call('signOut', {}),
  kyc: () => logoutStoredToken('tempbaUid'),
  notice: () => logoutStoredToken('sbaUid'),
}

/**
 * The logout sub-flow (src/machines/logout.machine.ts) with the app's call, written once: a
 * screen whose machine invokes it provides `actors: { signOut: appLogout }`.
 */
export const appLogout = logoutMachine.provide({
  actors: { signOut: fromPromise(({ input }) => logoutCalls[input.token]()) },
})
