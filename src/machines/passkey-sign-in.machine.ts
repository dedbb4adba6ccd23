import { t } from '@lingui/core/macro'
import { assign, setup } from 'xstate'
import { failureNotice, genericFailureMessage } from '#api/call-failure'
import type { CallResult } from '#api/client'
import type { CallResponse } from '#api/contract'
import { errorNotice, type Notice, warningNotice } from '#api/notice'
import { appCall, appStep } from './app-provided'

/**
 * Login with a passkey (issue 19 item 3, docs/decisions/081), the sub-flow login's step 2
 * invokes on "Use your passkey" (as logout is one, logout.machine.ts): `passkeyoptions` for the
 * e-mail typed, the browser's passkey, then `userloginpasskey`, which answers as `userlogin`
 * does. Its output is that answer, for login to decide on as on a passcode's; or, when there
 * is none (the browser's passkey was not used, the options could not be had), the notice
 * login shows above the passcode.
 */

export const passkeyNotUsed = () => t`Your passkey was not used. Try again, or enter your passcode.`

/** WebAuthn request options as the server sent them (for @simplewebauthn/browser). */
export type PasskeyRequestOptions = CallResponse<'passkeySignInOptions'>['options']

export interface PasskeySignInInput {
  email: string
  remember: boolean
}

export type PasskeySignInAnswer = CallResult<'signInWithPasskey'>

export type PasskeySignInOutput =
  | { answer: PasskeySignInAnswer; notice: null }
  | { answer: null; notice: Notice }

export interface PasskeySignInContext extends PasskeySignInInput {
  options: CallResult<'passkeySignInOptions'> | null
  /** The browser's answer, as JSON text for the `credential` field. */
  credential: string
  answer: PasskeySignInAnswer | null
  notice: Notice | null
}

export const passkeySignInMachine = setup({
  types: {
    context: {} as PasskeySignInContext,
    input: {} as PasskeySignInInput | undefined,
    output: {} as PasskeySignInOutput,
  },
  actors: {
    passkeySignInOptions: appCall('passkeySignInOptions'),
    passkeyAnswer: appStep<string, { options: PasskeyRequestOptions }>('passkeyAnswer'),
    signInWithPasskey: appCall('signInWithPasskey'),
  },
  guards: {
    hasOptions: ({ context }) => context.options?.ok === true,
  },
  actions: {
    keepOptions: assign((_, options: CallResult<'passkeySignInOptions'>) => ({ options })),
    keepCredential: assign((_, credential: string) => ({ credential })),
    keepAnswer: assign((_, answer: PasskeySignInAnswer) => ({ answer })),
    showOptionsFailure: assign(({ context }) => ({
      notice:
        context.options && !context.options.ok
          ? failureNotice(context.options)
          : errorNotice(genericFailureMessage),
    })),
    showNotUsed: assign(() => ({ notice: warningNotice(passkeyNotUsed()) })),
    showUnexpectedFailure: assign({ notice: errorNotice(genericFailureMessage) }),
  },
}).createMachine({
  id: 'passkeySignIn',
  description:
    'Login with a passkey: passkeySignInOptions, the browser’s passkey, then signInWithPasskey, whose answer login decides on.',
  context: ({ input }) => ({
    email: input?.email ?? '',
    remember: input?.remember ?? false,
    options: null,
    credential: '',
    answer: null,
    notice: null,
  }),
  initial: 'requestingOptions',
  output: ({ context }) =>
    context.answer
      ? { answer: context.answer, notice: null }
      : { answer: null, notice: context.notice ?? errorNotice(genericFailureMessage) },
  states: {
    requestingOptions: {
      id: 'passkeySignInRequestingOptions',
      meta: { description: 'passkeySignInOptions: a challenge for the e-mail of step 1.' },
      invoke: {
        id: 'passkeySignInOptions',
        src: 'passkeySignInOptions',
        input: ({ context }) => ({ email: context.email }),
        onDone: {
          target: 'optionsAnswered',
          actions: { type: 'keepOptions', params: ({ event }) => event.output },
        },
        onError: { target: 'failed', actions: 'showUnexpectedFailure' },
      },
    },
    optionsAnswered: {
      id: 'passkeySignInOptionsAnswered',
      meta: { description: 'Decides on the answer of passkeySignInOptions at once.' },
      always: [
        { guard: 'hasOptions', target: 'askingPasskey' },
        { target: 'failed', actions: 'showOptionsFailure' },
      ],
    },
    askingPasskey: {
      id: 'passkeySignInAskingPasskey',
      meta: {
        description: "The browser asks for the passkey (the device's lock, a security key).",
      },
      invoke: {
        id: 'passkeyAnswer',
        src: 'passkeyAnswer',
        input: ({ context }) => ({
          options: (context.options?.ok
            ? context.options.data.options
            : null) as PasskeyRequestOptions,
        }),
        onDone: {
          target: 'signingIn',
          actions: { type: 'keepCredential', params: ({ event }) => event.output },
        },
        onError: { target: 'failed', actions: 'showNotUsed' },
      },
    },
    signingIn: {
      id: 'passkeySignInSigningIn',
      meta: { description: "signInWithPasskey checks the passkey's answer for the e-mail." },
      invoke: {
        id: 'signInWithPasskey',
        src: 'signInWithPasskey',
        input: ({ context }) => ({
          email: context.email,
          credential: context.credential,
          rememberMe: context.remember ? ('on' as const) : undefined,
        }),
        onDone: {
          target: 'answered',
          actions: { type: 'keepAnswer', params: ({ event }) => event.output },
        },
        onError: { target: 'failed', actions: 'showUnexpectedFailure' },
      },
    },
    answered: {
      id: 'passkeySignInAnswered',
      type: 'final',
      meta: { description: 'The answer, as userlogin gives it: login decides where it leads.' },
    },
    failed: {
      id: 'passkeySignInFailed',
      type: 'final',
      meta: {
        description:
          'No answer to give: the passkey was not used, or the options or the check failed; login shows why.',
      },
    },
  },
})
