import { assertEvent, assign, setup } from 'xstate'
import { failureNotice, genericFailureMessage } from '#api/call-failure'
import type { SecondFactor } from '#api/contract/staff'
import { errorNotice, type Notice, warningNotice } from '#api/notice'
import { secretRefusalMessage } from '#api/secret-check'
import type { StaffCallResult } from '../console/api/staff-client'
import { appEffect } from './app-provided'
import { endsSession } from './session-ended'
import { browserStep, staffAppCall } from './staff-calls'

/**
 * A member of staff signs in to the console (docs/decisions/068): the e-mail and password
 * (`signin`), then always a second factor (`secondfactor`): "Use your passkey" (the browser's
 * WebAuthn with the options the server gave) or the 6-digit code of the authenticator app.
 *
 * - Every refusal is the server's words; a wrong password or code adds the tries left, a block
 *   says until when (the same words as the portal's, src/api/secret-check.ts).
 * - A passkey's challenge is good for one answer: after the browser could not use it, or the
 *   server refused it, new options are asked (`signinoptions`) before the next try.
 * - The second step lives 5 minutes on the server; when it has ended (401), or a block ends it,
 *   the sign-in starts again from the password with the server's words.
 */

export type SignInResult = StaffCallResult<'signin'>
export type SecondFactorResult = StaffCallResult<'secondfactor'>
export type SignInOptionsResult = StaffCallResult<'signinoptions'>
type Answer = SignInResult | SecondFactorResult | SignInOptionsResult

/** WebAuthn request options as the server sent them (for @simplewebauthn/browser). */
export type PasskeyOptions = { challenge: string } & Record<string, unknown>

export interface StaffSignInContext {
  email: string
  password: string
  factors: readonly SecondFactor[]
  passkeyOptions: PasskeyOptions | null
  /** The passkey's answer, as JSON text for the `credential` field. */
  credential: string
  /** The authenticator app's code. */
  code: string
  answer: Answer | null
  notice: Notice | null
}

export type StaffSignInEvent =
  | { type: 'SUBMIT'; email: string; password: string }
  | { type: 'USE_PASSKEY' }
  | { type: 'USE_CODE' }
  | { type: 'SUBMIT_CODE'; code: string }
  | { type: 'START_OVER' }

export const passkeyNotUsed =
  'Your passkey was not used. Try again, or use the code from your authenticator app.'

type SignInAnswer = { factors?: SecondFactor[]; passkey?: PasskeyOptions }
type Refusable = {
  status: boolean
  message: string
  attempts_left?: number
  blocked_until?: string
}
const refusalOf = (answer: Answer | null): Refusable | null =>
  answer?.ok && 'status' in answer.data ? (answer.data as Refusable) : null

export const staffSignInMachine = setup({
  types: {
    context: {} as StaffSignInContext,
    events: {} as StaffSignInEvent,
    tags: {} as 'busy',
  },
  actors: {
    signIn: staffAppCall<'signin', { email: string; password: string }>('signin'),
    signInOptions: staffAppCall<'signinoptions'>('signinoptions'),
    secondFactor: staffAppCall<
      'secondfactor',
      { method: 'passkey'; credential: string } | { method: 'totp'; code: string }
    >('secondfactor'),
    passkeyAnswer: browserStep<string, { options: PasskeyOptions }>('passkeyAnswer'),
  },
  guards: {
    isCallFailure: ({ context }) => context.answer?.ok === false,
    isSessionEnded: ({ context }) => endsSession(context.answer),
    isRefused: ({ context }) => refusalOf(context.answer)?.status === false,
    isBlocked: ({ context }) => refusalOf(context.answer)?.blocked_until !== undefined,
    hasPasskey: ({ context }) => context.factors.includes('passkey'),
    hasTotp: ({ context }) => context.factors.includes('totp'),
    answeredWithPasskey: ({ context }) =>
      context.answer?.ok === true &&
      'passkey' in context.answer.data &&
      !!context.answer.data.passkey,
  },
  actions: {
    keepCode: assign(({ event }) => {
      assertEvent(event, 'SUBMIT_CODE')
      return { code: event.code.trim(), notice: null }
    }),
    keepCredentials: assign(({ event }) => {
      assertEvent(event, 'SUBMIT')
      return { email: event.email.trim(), password: event.password, notice: null }
    }),
    keepAnswer: assign((_, answer: Answer) => ({ answer })),
    keepSecondFactor: assign(({ context }) => {
      const signIn = context.answer?.ok ? (context.answer.data as SignInAnswer) : null
      return {
        password: '',
        factors: signIn?.factors ?? [],
        passkeyOptions: signIn?.passkey ?? null,
        notice: null,
      }
    }),
    keepPasskeyOptions: assign(({ context }) => ({
      passkeyOptions:
        context.answer?.ok && 'passkey' in context.answer.data
          ? ((context.answer.data.passkey as PasskeyOptions | undefined) ?? null)
          : null,
    })),
    keepCredential: assign((_, credential: string) => ({ credential, notice: null })),
    forgetPasskeyOptions: assign({ passkeyOptions: null, credential: '' }),
    forgetSecrets: assign({ password: '', credential: '', code: '' }),
    startOver: assign({
      password: '',
      credential: '',
      code: '',
      factors: [],
      passkeyOptions: null,
      notice: null,
    }),
    clearNotice: assign({ notice: null }),
    showRefusal: assign(({ context }) => {
      const refusal = refusalOf(context.answer)
      return {
        notice: errorNotice(
          refusal
            ? secretRefusalMessage(refusal.message, {
                attemptsLeft: refusal.attempts_left,
                blockedUntil: refusal.blocked_until,
              })
            : genericFailureMessage,
        ),
      }
    }),
    showFailure: assign(({ context }) => ({
      notice:
        context.answer?.ok === false
          ? failureNotice(context.answer)
          : errorNotice(genericFailureMessage),
    })),
    showSignInEnded: assign(({ context }) => ({
      notice: warningNotice(
        (context.answer?.ok === false && context.answer.message) ||
          'Your sign-in took too long. Please sign in again.',
      ),
    })),
    showPasskeyNotUsed: assign({ notice: warningNotice(passkeyNotUsed) }),
    showUnexpectedFailure: assign({ notice: errorNotice(genericFailureMessage) }),
    /** Signed in: the console opens (the address asked for, else home). */
    goToConsole: appEffect(),
  },
}).createMachine({
  id: 'staffSignIn',
  description:
    "A member of staff signs in: e-mail and password, then always a passkey or the authenticator app's code.",
  context: {
    email: '',
    password: '',
    factors: [],
    passkeyOptions: null,
    credential: '',
    code: '',
    answer: null,
    notice: null,
  },
  initial: 'credentials',
  states: {
    credentials: {
      id: 'staffSignInCredentials',
      meta: {
        description: 'The e-mail and password form; the notice of what went wrong, if anything.',
      },
      on: { SUBMIT: { target: 'signingIn', actions: 'keepCredentials' } },
    },
    signingIn: {
      id: 'staffSignInSigningIn',
      tags: ['busy'],
      meta: { description: 'signin checks the e-mail and password.' },
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => ({ email: context.email, password: context.password }),
        onDone: {
          target: 'signInAnswered',
          actions: { type: 'keepAnswer', params: ({ event }) => event.output },
        },
        onError: { target: 'credentials', actions: ['forgetSecrets', 'showUnexpectedFailure'] },
      },
    },
    signInAnswered: {
      id: 'staffSignInAnswered',
      meta: { description: 'Decides on the answer of signin at once.' },
      always: [
        {
          guard: 'isCallFailure',
          target: 'credentials',
          actions: ['forgetSecrets', 'showFailure'],
        },
        { guard: 'isRefused', target: 'credentials', actions: ['forgetSecrets', 'showRefusal'] },
        { guard: 'answeredWithPasskey', target: 'passkey', actions: 'keepSecondFactor' },
        { target: 'code', actions: 'keepSecondFactor' },
      ],
    },
    passkey: {
      id: 'staffSignInPasskey',
      meta: {
        description:
          '"Use your passkey", and "Use the code from your authenticator app" for a person who has one.',
      },
      on: {
        USE_PASSKEY: { target: 'askingPasskey', actions: 'clearNotice' },
        USE_CODE: { guard: 'hasTotp', target: 'code', actions: 'clearNotice' },
        START_OVER: { target: 'credentials', actions: 'startOver' },
      },
    },
    askingPasskey: {
      id: 'staffSignInAskingPasskey',
      tags: ['busy'],
      meta: {
        description: "The browser asks for the passkey (the device's lock, a security key).",
      },
      invoke: {
        id: 'passkeyAnswer',
        src: 'passkeyAnswer',
        input: ({ context }) => ({ options: context.passkeyOptions as PasskeyOptions }),
        onDone: {
          target: 'checkingPasskey',
          actions: { type: 'keepCredential', params: ({ event }) => event.output },
        },
        onError: { target: 'renewingOptions', actions: 'showPasskeyNotUsed' },
      },
    },
    checkingPasskey: {
      id: 'staffSignInCheckingPasskey',
      tags: ['busy'],
      meta: { description: "secondfactor checks the passkey's answer." },
      invoke: {
        id: 'secondFactor',
        src: 'secondFactor',
        input: ({ context }) => ({ method: 'passkey' as const, credential: context.credential }),
        onDone: {
          target: 'passkeyAnswered',
          actions: { type: 'keepAnswer', params: ({ event }) => event.output },
        },
        onError: { target: 'renewingOptions', actions: 'showUnexpectedFailure' },
      },
    },
    passkeyAnswered: {
      id: 'staffSignInPasskeyAnswered',
      meta: { description: 'Decides on the answer of secondfactor at once.' },
      always: [
        {
          guard: 'isSessionEnded',
          target: 'credentials',
          actions: ['startOver', 'showSignInEnded'],
        },
        { guard: 'isBlocked', target: 'credentials', actions: ['startOver', 'showRefusal'] },
        { guard: 'isCallFailure', target: 'renewingOptions', actions: 'showFailure' },
        { guard: 'isRefused', target: 'renewingOptions', actions: 'showRefusal' },
        { target: 'leftForConsole' },
      ],
    },
    renewingOptions: {
      id: 'staffSignInRenewingOptions',
      tags: ['busy'],
      meta: { description: 'signinoptions: a new challenge, since each is good for one answer.' },
      entry: 'forgetPasskeyOptions',
      invoke: {
        id: 'signInOptions',
        src: 'signInOptions',
        onDone: {
          target: 'optionsAnswered',
          actions: { type: 'keepAnswer', params: ({ event }) => event.output },
        },
        onError: { target: 'credentials', actions: ['startOver', 'showUnexpectedFailure'] },
      },
    },
    optionsAnswered: {
      id: 'staffSignInOptionsAnswered',
      meta: { description: 'Decides on the answer of signinoptions at once; the notice stays.' },
      always: [
        {
          guard: 'isSessionEnded',
          target: 'credentials',
          actions: ['startOver', 'showSignInEnded'],
        },
        { guard: 'answeredWithPasskey', target: 'passkey', actions: 'keepPasskeyOptions' },
        { target: 'credentials', actions: ['startOver', 'showFailure'] },
      ],
    },
    code: {
      id: 'staffSignInCode',
      meta: {
        description:
          'The 6-digit code from the authenticator app; "Use your passkey" for a person who has one.',
      },
      on: {
        SUBMIT_CODE: { target: 'checkingCode', actions: 'keepCode' },
        USE_PASSKEY: { guard: 'hasPasskey', target: 'renewingOptions', actions: 'clearNotice' },
        START_OVER: { target: 'credentials', actions: 'startOver' },
      },
    },
    checkingCode: {
      id: 'staffSignInCheckingCode',
      tags: ['busy'],
      meta: { description: 'secondfactor checks the code.' },
      invoke: {
        id: 'secondFactor',
        src: 'secondFactor',
        input: ({ context }) => ({ method: 'totp' as const, code: context.code }),
        onDone: {
          target: 'codeAnswered',
          actions: { type: 'keepAnswer', params: ({ event }) => event.output },
        },
        onError: { target: 'code', actions: 'showUnexpectedFailure' },
      },
    },
    codeAnswered: {
      id: 'staffSignInCodeAnswered',
      meta: { description: 'Decides on the answer of secondfactor at once.' },
      always: [
        {
          guard: 'isSessionEnded',
          target: 'credentials',
          actions: ['startOver', 'showSignInEnded'],
        },
        { guard: 'isBlocked', target: 'credentials', actions: ['startOver', 'showRefusal'] },
        { guard: 'isCallFailure', target: 'code', actions: 'showFailure' },
        { guard: 'isRefused', target: 'code', actions: 'showRefusal' },
        { target: 'leftForConsole' },
      ],
    },
    leftForConsole: {
      id: 'staffSignInLeftForConsole',
      type: 'final',
      meta: { description: 'Signed in: the console opens.' },
      entry: 'goToConsole',
    },
  },
})
