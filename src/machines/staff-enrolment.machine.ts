import { assertEvent, assign, setup } from 'xstate'
import { failureNotice, genericFailureMessage } from '#api/call-failure'
import { errorNotice, type Notice, successNotice, warningNotice } from '#api/notice'
import type { StaffCallResult } from '../console/api/staff-client'
import { appEffect } from './app-provided'
import { endsSession } from './session-ended'
import { browserStep, type StaffRefusal, staffAppCall } from './staff-calls'

/**
 * A new member of staff enrols with the link from their e-mail, `/wp-admin/enrol#<token>`
 * (docs/decisions/068):
 *
 * - `enrolcheck` says whom the link is for without using it up; a used, expired or unknown link
 *   ends here with the server's words.
 * - They choose a password, typed twice (the server's refusals as it words them: at least 12
 *   characters, not a common one, not the e-mail). `enrolpassword` uses the link up and opens a
 *   30-minute enrolment session.
 * - Then a passkey (`passkeyoptions`, the browser creates it, `passkeyregister`), or "No passkey
 *   on this device?" an authenticator app (`totpbegin`: the QR code and the secret, shown once;
 *   `totpconfirm` with a code from it). Either ends signed in: the console opens.
 * - The enrolment session ending on the server (401) ends here: an admin sends a new link.
 */

export type EnrolCheckResult = StaffCallResult<'enrolcheck'>
export type EnrolPasswordResult = StaffCallResult<'enrolpassword'>
export type PasskeyOptionsResult = StaffCallResult<'passkeyoptions'>
export type PasskeyRegisterResult = StaffCallResult<'passkeyregister'>
export type TotpBeginResult = StaffCallResult<'totpbegin'>
export type TotpConfirmResult = StaffCallResult<'totpconfirm'>
type Answer =
  | EnrolCheckResult
  | EnrolPasswordResult
  | PasskeyOptionsResult
  | PasskeyRegisterResult
  | TotpBeginResult
  | TotpConfirmResult

/** WebAuthn creation options as the server sent them (for @simplewebauthn/browser). */
export type CreationOptions = { challenge: string } & Record<string, unknown>

/** A new authenticator app's secret, shown once: as a QR code (SVG) and as text. */
export interface TotpSecret {
  uri: string
  qrSvg: string
  secret: string
}

export interface StaffEnrolmentContext {
  link: string
  email: string
  name: string
  password: string
  passkeyOptions: CreationOptions | null
  credential: string
  totp: TotpSecret | null
  code: string
  answer: Answer | null
  notice: Notice | null
}

export type StaffEnrolmentEvent =
  | { type: 'SUBMIT_PASSWORD'; password: string; repeated: string }
  | { type: 'ADD_PASSKEY' }
  | { type: 'USE_APP' }
  | { type: 'SUBMIT_CODE'; code: string }
  | { type: 'RETRY' }

export const passwordsDiffer = 'The two passwords are not the same.'
export const passkeyNotCreated =
  'No passkey was made. Try again, or use an authenticator app instead.'
export const enrolmentEndedMessage =
  'Your enrolment has ended before a passkey or an app was added. Ask an admin for a new link.'

const refusalOf = (answer: Answer | null): StaffRefusal | null =>
  answer?.ok && 'status' in answer.data ? (answer.data as StaffRefusal) : null

export const staffEnrolmentMachine = setup({
  types: {
    context: {} as StaffEnrolmentContext,
    events: {} as StaffEnrolmentEvent,
    input: {} as { link: string } | undefined,
    tags: {} as 'busy',
  },
  actors: {
    enrolCheck: staffAppCall<'enrolcheck', { link: string }>('enrolcheck'),
    enrolPassword: staffAppCall<'enrolpassword', { link: string; password: string }>(
      'enrolpassword',
    ),
    passkeyOptions: staffAppCall<'passkeyoptions'>('passkeyoptions'),
    passkeyCreation: browserStep<string, { options: CreationOptions }>('passkeyCreation'),
    passkeyRegister: staffAppCall<'passkeyregister', { credential: string }>('passkeyregister'),
    totpBegin: staffAppCall<'totpbegin'>('totpbegin'),
    totpConfirm: staffAppCall<'totpconfirm', { code: string }>('totpconfirm'),
  },
  guards: {
    isCallFailure: ({ context }) => context.answer?.ok === false,
    isSessionEnded: ({ context }) => endsSession(context.answer),
    isRefused: ({ context }) => refusalOf(context.answer)?.status === false,
    isRejected: ({ context }) =>
      context.answer?.ok === false && context.answer.reason === 'rejected',
    passwordsDiffer: ({ event }) => {
      assertEvent(event, 'SUBMIT_PASSWORD')
      return event.password !== event.repeated
    },
  },
  actions: {
    keepAnswer: assign((_, answer: Answer) => ({ answer })),
    keepPerson: assign(({ context }) => {
      const data = context.answer?.ok
        ? (context.answer.data as { email?: string; name?: string })
        : {}
      return { email: data.email ?? '', name: data.name ?? '', notice: null }
    }),
    keepPassword: assign(({ event }) => {
      assertEvent(event, 'SUBMIT_PASSWORD')
      return { password: event.password, notice: null }
    }),
    forgetPassword: assign({ password: '' }),
    keepPasskeyOptions: assign(({ context }) => ({
      passkeyOptions:
        context.answer?.ok && 'passkey' in context.answer.data
          ? (context.answer.data.passkey as CreationOptions)
          : null,
    })),
    keepCredential: assign((_, credential: string) => ({ credential })),
    forgetPasskey: assign({ passkeyOptions: null, credential: '' }),
    keepTotp: assign(({ context }) => {
      const data =
        context.answer?.ok && 'qr_svg' in context.answer.data ? context.answer.data : null
      return {
        totp: data ? { uri: data.uri, qrSvg: data.qr_svg, secret: data.secret } : null,
        notice: null,
      }
    }),
    keepCode: assign(({ event }) => {
      assertEvent(event, 'SUBMIT_CODE')
      return { code: event.code.trim(), notice: null }
    }),
    clearNotice: assign({ notice: null }),
    showPasswordsDiffer: assign({ notice: errorNotice(passwordsDiffer) }),
    showAnswerMessage: assign(({ context }) => ({
      notice: successNotice(refusalOf(context.answer)?.message || 'Your password is set.'),
    })),
    showRefusal: assign(({ context }) => ({
      notice: errorNotice(refusalOf(context.answer)?.message || genericFailureMessage),
    })),
    showFailure: assign(({ context }) => ({
      notice:
        context.answer?.ok === false
          ? failureNotice(context.answer)
          : errorNotice(genericFailureMessage),
    })),
    showPasskeyNotCreated: assign({ notice: warningNotice(passkeyNotCreated) }),
    showUnexpectedFailure: assign({ notice: errorNotice(genericFailureMessage) }),
    /** Enrolled and signed in: the console opens. */
    goToConsole: appEffect(),
  },
}).createMachine({
  id: 'staffEnrolment',
  description:
    'A new member of staff enrols with the link from their e-mail: a password, then a passkey or an authenticator app.',
  context: ({ input }) => ({
    link: input?.link ?? '',
    email: '',
    name: '',
    password: '',
    passkeyOptions: null,
    credential: '',
    totp: null,
    code: '',
    answer: null,
    notice: null,
  }),
  initial: 'checkingLink',
  states: {
    checkingLink: {
      id: 'staffEnrolmentCheckingLink',
      tags: ['busy'],
      meta: { description: 'enrolcheck: whom the link is for, without using it up.' },
      invoke: {
        id: 'enrolCheck',
        src: 'enrolCheck',
        input: ({ context }) => ({ link: context.link }),
        onDone: {
          target: 'linkAnswered',
          actions: { type: 'keepAnswer', params: ({ event }) => event.output },
        },
        onError: { target: 'linkUnread', actions: 'showUnexpectedFailure' },
      },
    },
    linkAnswered: {
      id: 'staffEnrolmentLinkAnswered',
      meta: { description: 'Decides on the answer of enrolcheck at once.' },
      always: [
        // A link cut short or mistyped: the server's words; trying again would not help.
        { guard: 'isRejected', target: 'linkUnusable', actions: 'showFailure' },
        { guard: 'isCallFailure', target: 'linkUnread', actions: 'showFailure' },
        { guard: 'isRefused', target: 'linkUnusable', actions: 'showRefusal' },
        { target: 'password', actions: 'keepPerson' },
      ],
    },
    linkUnread: {
      id: 'staffEnrolmentLinkUnread',
      meta: {
        description: 'The link could not be checked (no answer): Try again.',
      },
      on: { RETRY: { target: 'checkingLink', actions: 'clearNotice' } },
    },
    linkUnusable: {
      id: 'staffEnrolmentLinkUnusable',
      type: 'final',
      meta: {
        description:
          'A used, expired, unknown or mistyped link: the server says so; an admin sends a new one.',
      },
    },
    password: {
      id: 'staffEnrolmentPassword',
      meta: { description: 'Whom the link is for, and the new password typed twice.' },
      on: {
        SUBMIT_PASSWORD: [
          { guard: 'passwordsDiffer', target: 'password', actions: 'showPasswordsDiffer' },
          { target: 'settingPassword', actions: 'keepPassword' },
        ],
      },
    },
    settingPassword: {
      id: 'staffEnrolmentSettingPassword',
      tags: ['busy'],
      meta: {
        description: 'enrolpassword sets it and uses the link up (a refused password does not).',
      },
      invoke: {
        id: 'enrolPassword',
        src: 'enrolPassword',
        input: ({ context }) => ({ link: context.link, password: context.password }),
        onDone: {
          target: 'passwordAnswered',
          actions: [{ type: 'keepAnswer', params: ({ event }) => event.output }, 'forgetPassword'],
        },
        onError: { target: 'password', actions: ['forgetPassword', 'showUnexpectedFailure'] },
      },
    },
    passwordAnswered: {
      id: 'staffEnrolmentPasswordAnswered',
      meta: { description: 'Decides on the answer of enrolpassword at once.' },
      always: [
        { guard: 'isCallFailure', target: 'password', actions: 'showFailure' },
        { guard: 'isRefused', target: 'password', actions: 'showRefusal' },
        { target: 'secondFactor', actions: 'showAnswerMessage' },
      ],
    },
    secondFactor: {
      id: 'staffEnrolmentSecondFactor',
      meta: {
        description: '"Add a passkey", or "No passkey on this device? Use an authenticator app".',
      },
      on: {
        ADD_PASSKEY: { target: 'gettingPasskeyOptions', actions: 'clearNotice' },
        USE_APP: { target: 'beginningTotp', actions: 'clearNotice' },
      },
    },
    gettingPasskeyOptions: {
      id: 'staffEnrolmentGettingPasskeyOptions',
      tags: ['busy'],
      meta: { description: 'passkeyoptions: what the browser needs to make a passkey.' },
      entry: 'forgetPasskey',
      invoke: {
        id: 'passkeyOptions',
        src: 'passkeyOptions',
        onDone: {
          target: 'passkeyOptionsAnswered',
          actions: { type: 'keepAnswer', params: ({ event }) => event.output },
        },
        onError: { target: 'secondFactor', actions: 'showUnexpectedFailure' },
      },
    },
    passkeyOptionsAnswered: {
      id: 'staffEnrolmentPasskeyOptionsAnswered',
      meta: { description: 'Decides on the answer of passkeyoptions at once.' },
      always: [
        { guard: 'isSessionEnded', target: 'enrolmentEnded' },
        { guard: 'isCallFailure', target: 'secondFactor', actions: 'showFailure' },
        { target: 'creatingPasskey', actions: 'keepPasskeyOptions' },
      ],
    },
    creatingPasskey: {
      id: 'staffEnrolmentCreatingPasskey',
      tags: ['busy'],
      meta: { description: "The browser makes the passkey (the device's lock, a security key)." },
      invoke: {
        id: 'passkeyCreation',
        src: 'passkeyCreation',
        input: ({ context }) => ({ options: context.passkeyOptions as CreationOptions }),
        onDone: {
          target: 'registeringPasskey',
          actions: { type: 'keepCredential', params: ({ event }) => event.output },
        },
        onError: { target: 'secondFactor', actions: 'showPasskeyNotCreated' },
      },
    },
    registeringPasskey: {
      id: 'staffEnrolmentRegisteringPasskey',
      tags: ['busy'],
      meta: { description: 'passkeyregister keeps the new passkey; the enrolment ends signed in.' },
      invoke: {
        id: 'passkeyRegister',
        src: 'passkeyRegister',
        input: ({ context }) => ({ credential: context.credential }),
        onDone: {
          target: 'passkeyAnswered',
          actions: { type: 'keepAnswer', params: ({ event }) => event.output },
        },
        onError: { target: 'secondFactor', actions: 'showUnexpectedFailure' },
      },
    },
    passkeyAnswered: {
      id: 'staffEnrolmentPasskeyAnswered',
      meta: { description: 'Decides on the answer of passkeyregister at once.' },
      always: [
        { guard: 'isSessionEnded', target: 'enrolmentEnded' },
        { guard: 'isCallFailure', target: 'secondFactor', actions: 'showFailure' },
        { guard: 'isRefused', target: 'secondFactor', actions: 'showRefusal' },
        { target: 'leftForConsole' },
      ],
    },
    beginningTotp: {
      id: 'staffEnrolmentBeginningTotp',
      tags: ['busy'],
      meta: { description: 'totpbegin: a new secret for the app, shown this once.' },
      invoke: {
        id: 'totpBegin',
        src: 'totpBegin',
        onDone: {
          target: 'totpAnswered',
          actions: { type: 'keepAnswer', params: ({ event }) => event.output },
        },
        onError: { target: 'secondFactor', actions: 'showUnexpectedFailure' },
      },
    },
    totpAnswered: {
      id: 'staffEnrolmentTotpAnswered',
      meta: { description: 'Decides on the answer of totpbegin at once.' },
      always: [
        { guard: 'isSessionEnded', target: 'enrolmentEnded' },
        { guard: 'isCallFailure', target: 'secondFactor', actions: 'showFailure' },
        { target: 'totp', actions: 'keepTotp' },
      ],
    },
    totp: {
      id: 'staffEnrolmentTotp',
      meta: {
        description:
          'The QR code and the secret as text; a code from the app confirms it. "Add a passkey" goes back.',
      },
      on: {
        SUBMIT_CODE: { target: 'confirmingTotp', actions: 'keepCode' },
        ADD_PASSKEY: { target: 'gettingPasskeyOptions', actions: 'clearNotice' },
      },
    },
    confirmingTotp: {
      id: 'staffEnrolmentConfirmingTotp',
      tags: ['busy'],
      meta: { description: 'totpconfirm checks the code; the enrolment ends signed in.' },
      invoke: {
        id: 'totpConfirm',
        src: 'totpConfirm',
        input: ({ context }) => ({ code: context.code }),
        onDone: {
          target: 'totpConfirmAnswered',
          actions: { type: 'keepAnswer', params: ({ event }) => event.output },
        },
        onError: { target: 'totp', actions: 'showUnexpectedFailure' },
      },
    },
    totpConfirmAnswered: {
      id: 'staffEnrolmentTotpConfirmAnswered',
      meta: { description: 'Decides on the answer of totpconfirm at once.' },
      always: [
        { guard: 'isSessionEnded', target: 'enrolmentEnded' },
        { guard: 'isCallFailure', target: 'totp', actions: 'showFailure' },
        { guard: 'isRefused', target: 'totp', actions: 'showRefusal' },
        { target: 'leftForConsole' },
      ],
    },
    enrolmentEnded: {
      id: 'staffEnrolmentEnded',
      type: 'final',
      meta: {
        description:
          'The 30-minute enrolment session ended on the server before a second factor was added.',
      },
    },
    leftForConsole: {
      id: 'staffEnrolmentLeftForConsole',
      type: 'final',
      meta: { description: 'Enrolled and signed in: the console opens.' },
      entry: 'goToConsole',
    },
  },
})
