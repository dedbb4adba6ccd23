import { assertEvent, assign, fromPromise, setup } from 'xstate'
import type { CallResult } from '#api/client'
import type { CallRequest } from '#api/contract'
import {
  codeLength,
  failedCallMessage,
  failureText,
  isDigits,
  isEmailAddress,
  ruleMessages,
  serverText,
} from './form-rules'

/**
 * E-mail verification (spec sections 4, 7, 9): the 6-digit code from the e-mail, checked by
 * `verifyuser`. A wrong code shows the server's message (or the fallback) and clears the
 * cells. A right one branches on `verification_status`:
 * - 'Not Verified' / 'Declined': the jwt is kept as the KYC token (tempbaUid), then KYC form;
 * - 'Pending Verification': KYC token, then the under-review screen;
 * - otherwise: the jwt is the session token (baUid), then the dashboard;
 * - (no jwt at all: the address is verified but there is no session; on to login).
 * Each shows the server's message and moves on after the redirect delay, or at once with
 * Continue.
 *
 * Beside the code, a parallel region counts down 180 s (a one-second tick on context, so the
 * view shows m:ss) before Resend (`resendconfirmcode`) is offered; a sent code restarts it.
 *
 * The address comes from the route (`/account/verify/$email`, `/account/verify?email=`); without
 * a usable one the screen asks for it first, and "Use a different address" goes back there.
 * `input.resendSecondsLeft` starts the countdown part-way: the path tests start it at 2 s so
 * the graph, which follows state values and not context, meets both branches of the tick.
 */

export const resendCountdownSeconds = 180

export const verifyMessages = {
  /** When the server verifies the address without a message of its own. */
  verified: 'Your e-mail address has been verified.',
  /** Verification refused without a message, or the call failed. */
  failed: failedCallMessage,
  /** Spec section 8, on resends. */
  codeSent: 'Code Sent, Please Wait',
  resendFailed: 'Something went wrong',
} as const

export interface VerifyInput {
  email?: string
  resendSecondsLeft?: number
}

export interface VerifyNotice {
  type: 'success' | 'error'
  message: string
}

export interface VerifyContext {
  email: string
  /** The address is settled (given by the route, or typed and submitted). */
  emailConfirmed: boolean
  /** Under the e-mail field when the address is asked for. */
  emailError: string | null
  /** The code as typed so far. */
  code: string
  /** Under the cells: the code is not complete yet. */
  codeError: string | null
  /** Counts how often the cells were cleared; the view remounts them on each change. */
  codeResets: number
  /** The answer to the last verifyuser call. */
  alert: VerifyNotice | null
  secondsLeft: number
  /** The answer to the last resend. */
  resendNotice: VerifyNotice | null
}

export type VerifyEvent =
  | { type: 'EMAIL_CHANGED'; email: string }
  | { type: 'SUBMIT_EMAIL' }
  | { type: 'CHANGE_EMAIL' }
  | { type: 'CODE_CHANGED'; code: string }
  | { type: 'SUBMIT_CODE' }
  | { type: 'RESEND' }
  | { type: 'CONTINUE' }

export type VerifyuserRequest = CallRequest<'verifyuser'>
export type ResendconfirmcodeRequest = CallRequest<'resendconfirmcode'>

/** Where a verifyuser answer leads. */
export type VerifyBranch = 'kycForm' | 'kycReview' | 'dashboard' | 'login' | 'refused'

export function verifyBranch(result: CallResult<'verifyuser'>): VerifyBranch {
  if (!result.ok || result.data.error) return 'refused'
  const { verification_status: status, jwt } = result.data
  if (!jwt) return 'login'
  if (status === 'Not Verified' || status === 'Declined') return 'kycForm'
  if (status === 'Pending Verification') return 'kycReview'
  return 'dashboard'
}

function tokenOf(result: CallResult<'verifyuser'>): string {
  return result.ok ? (result.data.jwt ?? '') : ''
}

/** Seconds as m:ss: 180 -> '3:00', 65 -> '1:05', 0 -> '0:00'. */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds))
  const minutes = Math.floor(whole / 60)
  const rest = whole % 60
  return `${minutes}:${String(rest).padStart(2, '0')}`
}

type VerifyResult = { result: CallResult<'verifyuser'> }
type ResendResult = { result: CallResult<'resendconfirmcode'> }

export const verifyMachine = setup({
  types: {
    context: {} as VerifyContext,
    events: {} as VerifyEvent,
    input: {} as VerifyInput,
    tags: {} as 'busy' | 'redirecting',
  },
  actors: {
    /** The `verifyuser` crud call; the app provides it. */
    verifyuser: fromPromise<CallResult<'verifyuser'>, VerifyuserRequest>(async () => {
      throw new Error('verifyuser is provided by the app')
    }),
    /** The `resendconfirmcode` action; the app provides it. */
    resendconfirmcode: fromPromise<CallResult<'resendconfirmcode'>, ResendconfirmcodeRequest>(
      async () => {
        throw new Error('resendconfirmcode is provided by the app')
      },
    ),
  },
  delays: {
    /** The resend countdown ticks once a second (spec section 9: 180 s in all). */
    tick: 1000,
    /** Spec section 9: the redirect delay. */
    redirectDelay: 5000,
  },
  guards: {
    hasEmailAddress: ({ context }) => isEmailAddress(context.email),
    isEmailConfirmed: ({ context }) => context.emailConfirmed,
    isCodeComplete: ({ context }) => isDigits(context.code, codeLength),
    isLastSecond: ({ context }) => context.secondsLeft <= 1,
    needsKycForm: (_, { result }: VerifyResult) => verifyBranch(result) === 'kycForm',
    awaitsKycReview: (_, { result }: VerifyResult) => verifyBranch(result) === 'kycReview',
    opensDashboard: (_, { result }: VerifyResult) => verifyBranch(result) === 'dashboard',
    needsSignIn: (_, { result }: VerifyResult) => verifyBranch(result) === 'login',
    isCodeResent: (_, { result }: ResendResult) => result.ok && result.data.status,
  },
  actions: {
    updateEmail: assign(({ event }) => {
      assertEvent(event, 'EMAIL_CHANGED')
      return { email: event.email, emailError: null }
    }),
    showEmailError: assign({ emailError: ruleMessages.invalidEmail }),
    acceptEmail: assign(({ context }) => ({
      email: context.email.trim(),
      emailConfirmed: true,
      emailError: null,
    })),
    forgetEmail: assign({
      email: '',
      emailConfirmed: false,
      emailError: null,
      code: '',
      codeError: null,
      alert: null,
      resendNotice: null,
      codeResets: ({ context }) => context.codeResets + 1,
    }),
    updateCode: assign(({ event }) => {
      assertEvent(event, 'CODE_CHANGED')
      return { code: event.code, codeError: null }
    }),
    showCodeIncomplete: assign({ codeError: ruleMessages.codeLength }),
    clearAlert: assign({ alert: null, codeError: null }),
    showVerified: assign((_, { result }: VerifyResult) => ({
      alert: {
        type: 'success' as const,
        message: serverText(result.ok ? result.data.message : '', verifyMessages.verified),
      },
    })),
    showVerifyRefusal: assign((_, { result }: VerifyResult) => ({
      alert: {
        type: 'error' as const,
        message: result.ok
          ? serverText(result.data.message, verifyMessages.failed)
          : failureText(result, verifyMessages.failed),
      },
    })),
    showVerifyFailure: assign({ alert: { type: 'error', message: verifyMessages.failed } }),
    clearCode: assign({ code: '', codeResets: ({ context }) => context.codeResets + 1 }),
    countDown: assign({ secondsLeft: ({ context }) => Math.max(context.secondsLeft - 1, 0) }),
    clearResendNotice: assign({ resendNotice: null }),
    restartCountdown: assign({
      secondsLeft: resendCountdownSeconds,
      resendNotice: { type: 'success', message: verifyMessages.codeSent },
    }),
    showResendRefusal: assign((_, { result }: ResendResult) => ({
      resendNotice: {
        type: 'error' as const,
        message: result.ok
          ? serverText(result.data.message, verifyMessages.resendFailed)
          : failureText(result, verifyMessages.resendFailed),
      },
    })),
    showResendFailure: assign({
      resendNotice: { type: 'error', message: verifyMessages.resendFailed },
    }),
    /** Provided by the route: keep the jwt as tempbaUid (the KYC token). */
    storeKycToken: (_, _params: { token: string }) => {},
    /** Provided by the route: keep the jwt as baUid (the session token). */
    storeSessionToken: (_, _params: { token: string }) => {},
    /** Navigation, provided by the route. */
    goToKycForm: () => {},
    goToKycReview: () => {},
    goToDashboard: () => {},
    goToLogin: () => {},
  },
}).createMachine({
  id: 'verify',
  description: 'E-mail verification with the 6-digit code, and the resend countdown.',
  context: ({ input }) => ({
    email: input?.email?.trim() ?? '',
    emailConfirmed: isEmailAddress(input?.email ?? ''),
    emailError: null,
    code: '',
    codeError: null,
    codeResets: 0,
    alert: null,
    secondsLeft: input?.resendSecondsLeft ?? resendCountdownSeconds,
    resendNotice: null,
  }),
  initial: 'askingEmail',
  states: {
    askingEmail: {
      id: 'verifyAskingEmail',
      meta: {
        description:
          'No usable address came with the link: the customer types it. Skipped when the route gave one.',
      },
      always: { guard: 'isEmailConfirmed', target: 'verifying' },
      on: {
        EMAIL_CHANGED: { actions: 'updateEmail' },
        SUBMIT_EMAIL: [
          { guard: 'hasEmailAddress', target: 'verifying', actions: 'acceptEmail' },
          { actions: 'showEmailError' },
        ],
      },
    },
    verifying: {
      id: 'verifyVerifying',
      type: 'parallel',
      on: {
        CHANGE_EMAIL: { target: 'askingEmail', actions: 'forgetEmail' },
      },
      states: {
        code: {
          initial: 'entering',
          states: {
            entering: {
              id: 'verifyEnteringCode',
              meta: {
                description:
                  'The code cells; a refusal shows above them (and the cells are cleared).',
              },
              on: {
                CODE_CHANGED: { actions: 'updateCode' },
                SUBMIT_CODE: [
                  { guard: 'isCodeComplete', target: 'checking', actions: 'clearAlert' },
                  { actions: 'showCodeIncomplete' },
                ],
              },
            },
            checking: {
              id: 'verifyCheckingCode',
              meta: { description: 'verifyuser is in flight; the cells are disabled.' },
              tags: ['busy'],
              invoke: {
                id: 'verifyuser',
                src: 'verifyuser',
                input: ({ context }) => ({ email: context.email, ver_code: context.code }),
                onDone: [
                  {
                    guard: {
                      type: 'needsKycForm',
                      params: ({ event }) => ({ result: event.output }),
                    },
                    target: '#verifyKycFormNotice',
                    actions: [
                      {
                        type: 'storeKycToken',
                        params: ({ event }) => ({ token: tokenOf(event.output) }),
                      },
                      { type: 'showVerified', params: ({ event }) => ({ result: event.output }) },
                    ],
                  },
                  {
                    guard: {
                      type: 'awaitsKycReview',
                      params: ({ event }) => ({ result: event.output }),
                    },
                    target: '#verifyKycReviewNotice',
                    actions: [
                      {
                        type: 'storeKycToken',
                        params: ({ event }) => ({ token: tokenOf(event.output) }),
                      },
                      { type: 'showVerified', params: ({ event }) => ({ result: event.output }) },
                    ],
                  },
                  {
                    guard: {
                      type: 'opensDashboard',
                      params: ({ event }) => ({ result: event.output }),
                    },
                    target: '#verifyDashboardNotice',
                    actions: [
                      {
                        type: 'storeSessionToken',
                        params: ({ event }) => ({ token: tokenOf(event.output) }),
                      },
                      { type: 'showVerified', params: ({ event }) => ({ result: event.output }) },
                    ],
                  },
                  {
                    guard: {
                      type: 'needsSignIn',
                      params: ({ event }) => ({ result: event.output }),
                    },
                    target: '#verifyLoginNotice',
                    actions: {
                      type: 'showVerified',
                      params: ({ event }) => ({ result: event.output }),
                    },
                  },
                  {
                    target: 'entering',
                    actions: [
                      {
                        type: 'showVerifyRefusal',
                        params: ({ event }) => ({ result: event.output }),
                      },
                      'clearCode',
                    ],
                  },
                ],
                onError: { target: 'entering', actions: ['showVerifyFailure', 'clearCode'] },
              },
            },
          },
        },
        resend: {
          initial: 'counting',
          states: {
            counting: {
              id: 'verifyResendCounting',
              meta: { description: 'Shows the time left as m:ss; Resend is not offered yet.' },
              after: {
                tick: [
                  { guard: 'isLastSecond', target: 'available', actions: 'countDown' },
                  { target: 'counting', reenter: true, actions: 'countDown' },
                ],
              },
            },
            available: {
              id: 'verifyResendAvailable',
              meta: { description: 'The countdown is over: Resend is offered.' },
              on: { RESEND: { target: 'sending', actions: 'clearResendNotice' } },
            },
            sending: {
              id: 'verifyResendSending',
              meta: { description: 'resendconfirmcode is in flight.' },
              invoke: {
                id: 'resendconfirmcode',
                src: 'resendconfirmcode',
                input: ({ context }) => ({ email: context.email }),
                onDone: [
                  {
                    guard: {
                      type: 'isCodeResent',
                      params: ({ event }) => ({ result: event.output }),
                    },
                    target: 'counting',
                    actions: 'restartCountdown',
                  },
                  {
                    target: 'available',
                    actions: {
                      type: 'showResendRefusal',
                      params: ({ event }) => ({ result: event.output }),
                    },
                  },
                ],
                onError: { target: 'available', actions: 'showResendFailure' },
              },
            },
          },
        },
      },
    },
    kycFormNotice: {
      id: 'verifyKycFormNotice',
      meta: { description: 'Verified, KYC still owed: the message, then the KYC form.' },
      tags: ['redirecting'],
      after: { redirectDelay: { target: 'leftForKycForm' } },
      on: { CONTINUE: { target: 'leftForKycForm' } },
    },
    leftForKycForm: {
      id: 'verifyLeftForKycForm',
      type: 'final',
      tags: ['redirecting'],
      entry: 'goToKycForm',
    },
    kycReviewNotice: {
      id: 'verifyKycReviewNotice',
      meta: { description: 'Verified, KYC under review: the message, then the review screen.' },
      tags: ['redirecting'],
      after: { redirectDelay: { target: 'leftForKycReview' } },
      on: { CONTINUE: { target: 'leftForKycReview' } },
    },
    leftForKycReview: {
      id: 'verifyLeftForKycReview',
      type: 'final',
      tags: ['redirecting'],
      entry: 'goToKycReview',
    },
    dashboardNotice: {
      id: 'verifyDashboardNotice',
      meta: { description: 'Verified and signed in: the message, then the dashboard.' },
      tags: ['redirecting'],
      after: { redirectDelay: { target: 'leftForDashboard' } },
      on: { CONTINUE: { target: 'leftForDashboard' } },
    },
    leftForDashboard: {
      id: 'verifyLeftForDashboard',
      type: 'final',
      tags: ['redirecting'],
      entry: 'goToDashboard',
    },
    loginNotice: {
      id: 'verifyLoginNotice',
      meta: { description: 'Verified without a session: the message, then login.' },
      tags: ['redirecting'],
      after: { redirectDelay: { target: 'leftForLogin' } },
      on: { CONTINUE: { target: 'leftForLogin' } },
    },
    leftForLogin: {
      id: 'verifyLeftForLogin',
      type: 'final',
      tags: ['redirecting'],
      entry: 'goToLogin',
    },
  },
})
