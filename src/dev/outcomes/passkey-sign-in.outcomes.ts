import type { CallResult } from '#api/client'
import type { PasskeySignInAnswer } from '#machines/passkey-sign-in.machine'
import { callFailures } from './common-outcomes'
import { signInCallOutcomes } from './login.outcomes'
import type { FlowOutcomes } from './outcomes'

/** What the passkey sign-in's calls and the browser's passkey can give, by label (081). */
const options = <R extends CallResult<'passkeySignInOptions'>>(result: R) => result
const answer = (result: PasskeySignInAnswer) => result

export const optionsOutcomes = {
  options: {
    label: 'options with a challenge',
    output: options({
      ok: true,
      data: {
        options: {
          challenge: 'c2lnbi1pbi1jaGFsbGVuZ2UtZm9yLWRhbmE',
          rpId: 'meridian.example',
          allowCredentials: [],
          userVerification: 'required',
        },
      },
    }),
  },
  busy: {
    label: 'too many requests (429)',
    output: options({
      ok: false,
      reason: 'rejected',
      message: 'Too many requests. Please try again in a minute.',
    }),
  },
} as const

export const passkeyAnswerOutcomes = {
  answered: { label: 'the browser’s passkey answered', output: '{"id":"cred-1"}' as string },
  cancelled: {
    label: 'the customer cancelled (or no passkey)',
    error: new Error('NotAllowedError'),
  },
} as const

export const signInOutcomes = {
  welcome: { label: 'signed in', output: answer(signInCallOutcomes.welcomeDefault.output) },
  refused: {
    label: 'Invalid Credentials',
    output: answer(signInCallOutcomes.invalidCredentials.output),
  },
} as const

export const outcomes: FlowOutcomes = {
  passkeySignInOptions: [...Object.values(optionsOutcomes), ...callFailures('passkeyoptions')],
  passkeyAnswer: Object.values(passkeyAnswerOutcomes),
  signInWithPasskey: [...Object.values(signInOutcomes), ...callFailures('userloginpasskey')],
}
