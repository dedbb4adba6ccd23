import { startAuthentication } from '@simplewebauthn/browser'
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { successNotice, warningNotice } from '#api/notice'
import { type PasskeyOptions, staffSignInMachine } from '#machines/staff-sign-in.machine'
import { sessionEndMessages } from '../../api/session-end'
import { staffSessionRead } from '../../api/staff-call'
import { useConsoleNavigate } from '../../navigation'
import type { ConsoleRouter } from '../../router'
import { signInRoute } from './route'
import { SignInView } from './sign-in-view'

/** The sign-in statechart with the console's calls, the browser's passkey and the way in. */
export function SignInScreen() {
  const { ended, next } = signInRoute.useSearch<ConsoleRouter>()
  const navigate = useConsoleNavigate()
  const actor = useActorRef(
    staffSignInMachine.provide({
      actors: {
        // A 401 here is the sign-in's own to explain: the calls that do not open sign-in.
        signIn: fromPromise(({ input }) => staffSessionRead('signin', input)),
        signInOptions: fromPromise(() => staffSessionRead('signinoptions')),
        secondFactor: fromPromise(({ input }) => staffSessionRead('secondfactor', input)),
        passkeyAnswer: fromPromise(async ({ input }: { input: { options: PasskeyOptions } }) =>
          JSON.stringify(
            await startAuthentication({
              optionsJSON: input.options as unknown as Parameters<
                typeof startAuthentication
              >[0]['optionsJSON'],
            }),
          ),
        ),
      },
      actions: {
        goToConsole: () => void navigate({ to: next ?? '/', replace: true }),
      },
    }),
  )
  const arrival = ended
    ? (ended === 'signed-out' ? successNotice : warningNotice)(sessionEndMessages[ended])
    : null
  return <SignInView actor={actor} arrival={arrival} />
}
