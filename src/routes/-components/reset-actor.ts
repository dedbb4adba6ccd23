import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { call } from '#api/session-client'
import { resetMachine } from '#machines/reset.machine'
import type { ResetSecret } from '#machines/reset-rules'
import { useAppEffects } from './app-effects'
import type { ResetActor } from './reset-view'

/**
 * The reset machine for one secret, with the app's calls and effects: the passcode and PIN
 * screens differ in their page, not in their flow. `email` and `code` come from the link (the
 * screen then asks only for the new secret) or `?email=`.
 */
export function useResetActor(
  secret: ResetSecret,
  { email, code }: { email?: string | undefined; code?: string | undefined },
): ResetActor {
  const effects = useAppEffects()
  return useActorRef(
    resetMachine.provide({
      actors: {
        resetSecret: fromPromise(({ input }) => call(input.call, input.request)),
        resendPasscodeResetCode: fromPromise(({ input }) => call('resendPasscodeResetCode', input)),
      },
      actions: effects,
    }),
    { input: { secret, email, code } },
  )
}
