import type {
  EnrolCheckResult,
  EnrolPasswordResult,
  PasskeyOptionsResult,
  PasskeyRegisterResult,
  TotpBeginResult,
  TotpConfirmResult,
} from '#machines/staff-enrolment.machine'
import { clientFault, networkFailure } from './common-outcomes'
import type { FlowOutcomes } from './outcomes'

/** What the enrolment's calls and the browser's passkey step can answer, by label. */

const me = {
  id: 2,
  email: 'kim@meridian.example',
  name: 'Kim Kyc',
  roles: ['kyc' as const],
  ends_at: '2026-11-25T10:15:00.000Z',
  expires_at: '2026-11-25T18:00:00.000Z',
  passkeys: 1,
  totp: false,
}
const enrolmentEnded = () =>
  ({
    label: 'the enrolment session ended (401)',
    output: {
      ok: false,
      reason: 'unauthorized',
      message: 'Your session has ended. Please sign in again.',
    },
  }) as const

export const enrolCheckOutcomes = {
  valid: {
    label: 'a valid link',
    output: ((result: EnrolCheckResult) => result)({
      ok: true,
      data: {
        status: true,
        message: 'Choose your password.',
        email: 'kim@meridian.example',
        name: 'Kim Kyc',
        expires_at: '2026-11-26T09:00:00.000Z',
      },
    }),
  },
  used: {
    label: 'used, expired or unknown',
    output: ((result: EnrolCheckResult) => result)({
      ok: true,
      data: { status: false, message: 'This enrolment link is not valid any more.' },
    }),
  },
  malformed: {
    label: 'not a link of ours (400)',
    output: ((result: EnrolCheckResult) => result)({
      ok: false,
      reason: 'rejected',
      message: 'The enrolment link must be the one in your e-mail.',
    }),
  },
  network: networkFailure(),
  thrown: clientFault(),
} as const

export const enrolPasswordOutcomes = {
  set: {
    label: 'password set',
    output: ((result: EnrolPasswordResult) => result)({
      ok: true,
      data: {
        status: true,
        message: 'Your password is set. Now add a passkey, or an authenticator app.',
        email: 'kim@meridian.example',
        name: 'Kim Kyc',
      },
    }),
  },
  common: {
    label: 'a common password',
    output: ((result: EnrolPasswordResult) => result)({
      ok: true,
      data: { status: false, message: 'That password is too common: choose another.' },
    }),
  },
  short: {
    label: 'too short (400)',
    output: ((result: EnrolPasswordResult) => result)({
      ok: false,
      reason: 'rejected',
      message: 'Your new password must be at least 12 characters.',
    }),
  },
  network: networkFailure(),
  thrown: clientFault(),
} as const

export const passkeyOptionsOutcomes = {
  options: {
    label: 'creation options',
    output: ((result: PasskeyOptionsResult) => result)({
      ok: true,
      data: { passkey: { challenge: 'Y3JlYXRlLWNoYWxsZW5nZQ', rp: { id: 'localhost' } } },
    }),
  },
  ended: enrolmentEnded(),
  network: networkFailure(),
  thrown: clientFault(),
} as const

export const passkeyCreationOutcomes = {
  created: { label: 'the browser made a passkey', output: '{"id":"new","type":"public-key"}' },
  cancelled: {
    label: 'no passkey made (cancelled, none on this device)',
    error: new DOMException(
      'The operation either timed out or was not allowed.',
      'NotAllowedError',
    ),
  },
} as const

export const passkeyRegisterOutcomes = {
  registered: {
    label: 'passkey added, signed in',
    output: ((result: PasskeyRegisterResult) => result)({
      ok: true,
      data: { status: true, message: 'Your passkey is added, and you are signed in.', me },
    }),
  },
  refused: {
    label: 'passkey refused',
    output: ((result: PasskeyRegisterResult) => result)({
      ok: true,
      data: { status: false, message: 'The passkey could not be checked. Please try again.' },
    }),
  },
  ended: enrolmentEnded(),
  network: networkFailure(),
  thrown: clientFault(),
} as const

export const totpBeginOutcomes = {
  secret: {
    label: 'a new secret',
    output: ((result: TotpBeginResult) => result)({
      ok: true,
      data: {
        uri: 'otpauth://totp/Meridian%20Bank:kim%40meridian.example?secret=JBSWY3DPEHPK3PXP',
        qr_svg:
          '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>',
        secret: 'JBSWY3DPEHPK3PXP',
      },
    }),
  },
  ended: enrolmentEnded(),
  network: networkFailure(),
  thrown: clientFault(),
} as const

export const totpConfirmOutcomes = {
  confirmed: {
    label: 'app set, signed in',
    output: ((result: TotpConfirmResult) => result)({
      ok: true,
      data: {
        status: true,
        message: 'Your authenticator app is set, and you are signed in.',
        me: { ...me, passkeys: 0, totp: true },
      },
    }),
  },
  wrong: {
    label: 'a wrong code',
    output: ((result: TotpConfirmResult) => result)({
      ok: true,
      data: { status: false, message: 'That code is not right: try the one the app shows now.' },
    }),
  },
  ended: enrolmentEnded(),
  network: networkFailure(),
  thrown: clientFault(),
} as const

export const outcomes: FlowOutcomes = {
  enrolCheck: Object.values(enrolCheckOutcomes),
  enrolPassword: Object.values(enrolPasswordOutcomes),
  passkeyOptions: Object.values(passkeyOptionsOutcomes),
  passkeyCreation: Object.values(passkeyCreationOutcomes),
  passkeyRegister: Object.values(passkeyRegisterOutcomes),
  totpBegin: Object.values(totpBeginOutcomes),
  totpConfirm: Object.values(totpConfirmOutcomes),
}
