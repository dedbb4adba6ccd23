import { createActor, fromPromise, toPromise } from 'xstate'
import { call } from '#api/session-client'
import {
  type PasskeySignInInput,
  type PasskeySignInOutput,
  passkeySignInMachine,
} from '#machines/passkey-sign-in.machine'
import { passkeyAssertion } from '../../-components/passkey-browser'

/**
 * Login's passkey sub-flow with the app's calls and the browser's passkey (decision 081): the
 * login screen loads it when "Use your passkey" is pressed, so the login page's first load
 * carries neither it nor @simplewebauthn/browser.
 */
export function signInWithPasskey(input: PasskeySignInInput): Promise<PasskeySignInOutput> {
  const actor = createActor(
    passkeySignInMachine.provide({
      actors: {
        passkeySignInOptions: fromPromise(({ input }) => call('passkeySignInOptions', input)),
        passkeyAnswer: fromPromise(({ input }) => passkeyAssertion(input.options)),
        signInWithPasskey: fromPromise(({ input }) => call('signInWithPasskey', input)),
      },
    }),
    { input },
  )
  const done = toPromise(actor)
  actor.start()
  return done
}
