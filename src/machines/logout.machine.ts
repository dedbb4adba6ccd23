import { setup } from 'xstate'
import type { CallResult } from '#api/client'
import { appCall, logoutWaitLimit } from './app-provided'

/**
 * Logout, one sub-flow for every flow that logs out (issue 23: "a sub-flow used twice is one
 * child actor, not two copies"): KYC under review (Okay), the account notice (Logout) and the
 * session timeout ("Log out", and the end of the countdown). The parent invokes it as
 * `logout` with the token to revoke as input, and leaves when it is done:
 *
 *   signingOut: { invoke: { id: 'signOut', src: 'signOut', input: { token: 'kyc' }, onDone: … } }
 *
 * Logout is best effort: the `logout` call's answer, a failure or 3 s without an answer
 * (`logoutWaitLimit`) all end it. What follows (clearing every stored key, which login opens)
 * is the parent's, whose final states name it.
 *
 * The token is the parent's: `session` (baUid, the signed-in area), `kyc` (tempbaUid) or
 * `notice` (sbaUid). The app provides the call that sends it
 * (src/routes/-components/app-logout.ts).
 */

export type LogoutToken = 'session' | 'kyc' | 'notice'

export interface LogoutInput {
  token: LogoutToken
}

export type LogoutResult = CallResult<'signOut'>

export const logoutMachine = setup({
  types: {
    context: {} as LogoutInput,
    // Without input (the flow explorer, the flow docs): the session token.
    input: {} as Partial<LogoutInput> | undefined,
  },
  actors: { signOut: appCall<'signOut', LogoutInput>('signOut') },
  delays: { logoutWaitLimit },
}).createMachine({
  id: 'signOut',
  description:
    'Logout, best effort: the signOut call revokes the token; its answer, a failure or 3 s without an answer all end it.',
  context: ({ input }) => ({ token: input?.token ?? 'session' }),
  initial: 'signingOut',
  states: {
    signingOut: {
      id: 'logoutSigningOut',
      meta: { description: 'signOut is sent with the token the parent names (at most 3 s).' },
      invoke: {
        id: 'signOut',
        src: 'signOut',
        input: ({ context }) => ({ token: context.token }),
        onDone: 'signedOut',
        onError: 'signedOut',
      },
      after: { logoutWaitLimit: 'signedOut' },
    },
    signedOut: {
      id: 'logoutSignedOut',
      type: 'final',
      meta: {
        description:
          'The server revoked the token, refused, failed or did not answer in time: the parent leaves.',
      },
    },
  },
})
