import type {
  SecondFactorResult,
  SignInOptionsResult,
  SignInResult,
} from '#machines/staff-sign-in.machine'
import { clientFault, networkFailure } from './common-outcomes'
import type { FlowOutcomes } from './outcomes'

/** What the staff sign-in's calls and the browser's passkey step can answer, by label. */

const signIn = (result: SignInResult) => result
const secondFactor = (result: SecondFactorResult) => result
const options = (result: SignInOptionsResult) => result

const passkeyOptions = { challenge: 'c2lnbi1pbi1jaGFsbGVuZ2U', rpId: 'localhost' }
const me = {
  id: 1,
  email: 'ada@meridian.example',
  name: 'Ada Admin',
  roles: ['admin' as const],
  ends_at: '2026-11-25T10:15:00.000Z',
  expires_at: '2026-11-25T18:00:00.000Z',
  passkeys: 1,
  totp: true,
}

export const signInOutcomes = {
  passkeyAndApp: {
    label: 'right password: passkey or app',
    output: signIn({
      ok: true,
      data: {
        status: true,
        message: 'Now your passkey or the code from your authenticator app.',
        factors: ['passkey', 'totp'],
        passkey: passkeyOptions,
      },
    }),
  },
  appOnly: {
    label: 'right password: app only',
    output: signIn({
      ok: true,
      data: {
        status: true,
        message: 'Now your passkey or the code from your authenticator app.',
        factors: ['totp'],
      },
    }),
  },
  wrong: {
    label: 'wrong password, 4 tries left',
    output: signIn({
      ok: true,
      data: { status: false, message: 'Invalid e-mail or password.', attempts_left: 4 },
    }),
  },
  blocked: {
    label: 'blocked for 15 minutes',
    output: signIn({
      ok: true,
      data: {
        status: false,
        message: 'Too many failed attempts.',
        blocked_until: '2026-11-25T10:15:00.000Z',
      },
    }),
  },
  refusedField: {
    label: 'a field refused (400)',
    output: signIn({ ok: false, reason: 'rejected', message: 'E-mail address must be valid.' }),
  },
  network: networkFailure(),
  thrown: clientFault(),
} as const

export const secondFactorOutcomes = {
  signedIn: {
    label: 'signed in',
    output: secondFactor({ ok: true, data: { status: true, message: 'Signed in.', me } }),
  },
  wrong: {
    label: 'refused, 3 tries left',
    output: secondFactor({
      ok: true,
      data: { status: false, message: 'That code is not right.', attempts_left: 3 },
    }),
  },
  blocked: {
    label: 'blocked',
    output: secondFactor({
      ok: true,
      data: {
        status: false,
        message: 'Too many failed attempts.',
        blocked_until: '2026-11-25T10:15:00.000Z',
      },
    }),
  },
  expired: {
    label: 'the 5-minute step ended (401)',
    output: secondFactor({
      ok: false,
      reason: 'unauthorized',
      message: 'Your session has ended. Please sign in again.',
    }),
  },
  network: networkFailure(),
  thrown: clientFault(),
} as const

export const signInOptionsOutcomes = {
  renewed: {
    label: 'a new challenge',
    output: options({ ok: true, data: { passkey: passkeyOptions } }),
  },
  expired: {
    label: 'the 5-minute step ended (401)',
    output: options({
      ok: false,
      reason: 'unauthorized',
      message: 'Your session has ended. Please sign in again.',
    }),
  },
  network: networkFailure(),
  thrown: clientFault(),
} as const

export const passkeyAnswerOutcomes = {
  answered: { label: 'the passkey answered', output: '{"id":"cred","type":"public-key"}' },
  cancelled: {
    label: 'not used (cancelled, no passkey here)',
    error: new DOMException(
      'The operation either timed out or was not allowed.',
      'NotAllowedError',
    ),
  },
} as const

export const outcomes: FlowOutcomes = {
  signIn: Object.values(signInOutcomes),
  secondFactor: Object.values(secondFactorOutcomes),
  signInOptions: Object.values(signInOptionsOutcomes),
  passkeyAnswer: Object.values(passkeyAnswerOutcomes),
}
