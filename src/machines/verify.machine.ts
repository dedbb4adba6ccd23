import { t } from '@lingui/core/macro'
import { assertEvent, assign, setup } from 'xstate'
import { answerMessage, genericFailureMessage, refusalNotice } from '#api/call-failure'
import type { CallResult } from '#api/client'
import type { CallRequest } from '#api/contract'
import { fieldRules, isDigits, isEmailAddress } from '#api/contract/field-rules'
import { errorNotice, type Notice, successNotice } from '#api/notice'
import { appCall, appEffects, redirectDelay } from './app-provided'

/**
 * E-mail verification (spec sections 4, 7, 9): the 6-digit code from the e-mail, checked by
 * `verifyuser`. A wrong code shows the server's message (or the fallback) and clears the
 * cells. A right one shows the server's message and, after the redirect delay (or at once with
 * Continue), leads on by `verificationStatus` (decided at once, in `answered`):
 * - 'Not Verified' / 'Declined': the jwt is kept as the KYC token (tempbaUid), then KYC form;
 * - 'Pending Verification': KYC token, then the under-review screen;
 * - otherwise: the jwt is the session token (baUid), then the dashboard;
 * - tokens are stored when the answer arrives, before the wait (as login does);
 * - (no jwt at all: the address is verified but there is no session; on to login).
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

/** Read when shown, so each is in the language in use. */
export const verifyMessages = {
  /** When the server verifies the address without a message of its own. */
  get verified() {
    return t`Your e-mail address has been verified.`
  },
  /** Verification refused without a message, or the call failed. */
  failed: genericFailureMessage,
  /** Spec section 8, on resends. */
  get codeSent() {
    return t`Code Sent, Please Wait`
  },
  get resendFailed() {
    return t`Something went wrong`
  },
}

export interface VerifyInput {
  email?: string
  resendSecondsLeft?: number
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
  /** The last answers of the two calls, as the client gave them. */
  answer: VerifyResult | null
  resendAnswer: ResendResult | null
  /** What the last verifyEmail (verifyuser) answer says. */
  alert: Notice | null
  secondsLeft: number
  /** What the last resend answer says. */
  resendNotice: Notice | null
}

export type VerifyEvent =
  | { type: 'EMAIL_CHANGED'; email: string }
  | { type: 'SUBMIT_EMAIL' }
  | { type: 'CHANGE_EMAIL' }
  | { type: 'CODE_CHANGED'; code: string }
  | { type: 'SUBMIT_CODE' }
  | { type: 'RESEND' }
  | { type: 'CONTINUE' }

export type ResendVerificationCodeRequest = CallRequest<'resendVerificationCode'>
export type VerifyResult = CallResult<'verifyEmail'>
export type ResendResult = CallResult<'resendVerificationCode'>

/** Where a verifyEmail (verifyuser) answer leads. */
export type VerifyBranch = 'kycForm' | 'kycUnderReview' | 'dashboard' | 'login' | 'refused'

export function verifyBranch(result: VerifyResult | null): VerifyBranch {
  if (!result?.ok || result.data.error) return 'refused'
  const { verificationStatus: status, jwt } = result.data
  if (!jwt) return 'login'
  if (status === 'Not Verified' || status === 'Declined') return 'kycForm'
  if (status === 'Pending Verification') return 'kycUnderReview'
  return 'dashboard'
}

function tokenOf(context: VerifyContext): string {
  return context.answer?.ok ? (context.answer.data.jwt ?? '') : ''
}

const leadsTo =
  (branch: VerifyBranch) =>
  ({ context }: { context: VerifyContext }) =>
    verifyBranch(context.answer) === branch

/** Seconds as m:ss: 180 -> '3:00', 65 -> '1:05', 0 -> '0:00'. */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds))
  const minutes = Math.floor(whole / 60)
  const rest = whole % 60
  return `${minutes}:${String(rest).padStart(2, '0')}`
}

export const verifyMachine = setup({
  types: {
    context: {} as VerifyContext,
    events: {} as VerifyEvent,
    input: {} as VerifyInput,
    tags: {} as 'busy' | 'redirecting',
  },
  actors: {
    verifyEmail: appCall('verifyEmail'),
    resendVerificationCode: appCall('resendVerificationCode'),
  },
  delays: {
    /** The resend countdown ticks once a second (spec section 9: 180 s in all). */
    tick: 1000,
    redirectDelay,
  },
  guards: {
    hasEmailAddress: ({ context }) => isEmailAddress(context.email),
    isEmailConfirmed: ({ context }) => context.emailConfirmed,
    isCodeComplete: ({ context }) => isDigits(context.code, fieldRules.code.digits),
    isLastSecond: ({ context }) => context.secondsLeft <= 1,
    isRefused: leadsTo('refused'),
    needsKycForm: leadsTo('kycForm'),
    isKycPending: leadsTo('kycUnderReview'),
    hasSession: leadsTo('dashboard'),
    isCodeResent: ({ context }) =>
      context.resendAnswer?.ok === true && context.resendAnswer.data.status,
  },
  actions: {
    updateEmail: assign(({ event }) => {
      assertEvent(event, 'EMAIL_CHANGED')
      return { email: event.email, emailError: null }
    }),
    showEmailError: assign({ emailError: fieldRules.email.message }),
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
    showCodeIncomplete: assign({ codeError: fieldRules.code.message }),
    clearAlert: assign({ alert: null, codeError: null }),
    keepAnswer: assign((_, answer: VerifyResult) => ({ answer })),
    showVerified: assign(({ context }) => ({
      alert: successNotice(
        answerMessage(
          context.answer?.ok ? context.answer.data.message : '',
          verifyMessages.verified,
        ),
      ),
    })),
    showRefusal: assign(({ context }) => ({
      alert: refusalNotice(context.answer, verifyMessages.failed),
    })),
    showUnexpectedFailure: assign({ alert: errorNotice(verifyMessages.failed) }),
    clearCode: assign({ code: '', codeResets: ({ context }) => context.codeResets + 1 }),
    countDown: assign({ secondsLeft: ({ context }) => Math.max(context.secondsLeft - 1, 0) }),
    clearResendNotice: assign({ resendNotice: null }),
    keepResendAnswer: assign((_, resendAnswer: ResendResult) => ({ resendAnswer })),
    restartCountdown: assign({
      secondsLeft: resendCountdownSeconds,
      resendNotice: successNotice(verifyMessages.codeSent),
    }),
    showResendRefusal: assign(({ context }) => ({
      resendNotice: refusalNotice(context.resendAnswer, verifyMessages.resendFailed),
    })),
    showResendFailure: assign({ resendNotice: errorNotice(verifyMessages.resendFailed) }),
    ...appEffects,
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
    answer: null,
    resendAnswer: null,
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
              meta: { description: 'verifyEmail is in flight; the cells are disabled.' },
              tags: ['busy'],
              invoke: {
                id: 'verifyEmail',
                src: 'verifyEmail',
                input: ({ context }) => ({ email: context.email, verificationCode: context.code }),
                onDone: {
                  target: 'answered',
                  actions: { type: 'keepAnswer', params: ({ event }) => event.output },
                },
                onError: { target: 'entering', actions: ['showUnexpectedFailure', 'clearCode'] },
              },
            },
            answered: {
              id: 'verifyCodeAnswered',
              meta: { description: 'Decides on the answer of verifyEmail at once.' },
              always: [
                { guard: 'isRefused', target: 'entering', actions: ['showRefusal', 'clearCode'] },
                {
                  guard: 'needsKycForm',
                  target: '#verifyKycFormNotice',
                  actions: [
                    {
                      type: 'storeKycToken',
                      params: ({ context }) => ({ token: tokenOf(context) }),
                    },
                    'showVerified',
                  ],
                },
                {
                  guard: 'isKycPending',
                  target: '#verifyKycUnderReviewNotice',
                  actions: [
                    {
                      type: 'storeKycToken',
                      params: ({ context }) => ({ token: tokenOf(context) }),
                    },
                    'showVerified',
                  ],
                },
                {
                  guard: 'hasSession',
                  target: '#verifyDashboardNotice',
                  actions: [
                    {
                      type: 'storeSessionToken',
                      params: ({ context }) => ({ token: tokenOf(context), remember: false }),
                    },
                    'showVerified',
                  ],
                },
                { target: '#verifyLoginNotice', actions: 'showVerified' },
              ],
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
              meta: { description: 'resendVerificationCode is in flight.' },
              invoke: {
                id: 'resendVerificationCode',
                src: 'resendVerificationCode',
                input: ({ context }) => ({ email: context.email }),
                onDone: {
                  target: 'answered',
                  actions: { type: 'keepResendAnswer', params: ({ event }) => event.output },
                },
                onError: { target: 'available', actions: 'showResendFailure' },
              },
            },
            answered: {
              id: 'verifyResendAnswered',
              meta: { description: 'Decides on the answer of resendVerificationCode at once.' },
              always: [
                { guard: 'isCodeResent', target: 'counting', actions: 'restartCountdown' },
                { target: 'available', actions: 'showResendRefusal' },
              ],
            },
          },
        },
      },
    },
    kycFormNotice: {
      id: 'verifyKycFormNotice',
      meta: { description: 'Verified, KYC still owed: the message, then the KYC form.' },
      tags: ['redirecting'],
      after: { redirectDelay: 'leftForKycForm' },
      on: { CONTINUE: 'leftForKycForm' },
    },
    kycUnderReviewNotice: {
      id: 'verifyKycUnderReviewNotice',
      meta: { description: 'Verified, KYC under review: the message, then the review screen.' },
      tags: ['redirecting'],
      after: { redirectDelay: 'leftForKycUnderReview' },
      on: { CONTINUE: 'leftForKycUnderReview' },
    },
    dashboardNotice: {
      id: 'verifyDashboardNotice',
      meta: {
        description: 'Verified and signed in (baUid is stored): the message, then the dashboard.',
      },
      tags: ['redirecting'],
      after: { redirectDelay: 'leftForDashboard' },
      on: { CONTINUE: 'leftForDashboard' },
    },
    loginNotice: {
      id: 'verifyLoginNotice',
      meta: { description: 'Verified without a session: the message, then login.' },
      tags: ['redirecting'],
      after: { redirectDelay: 'leftForLogin' },
      on: { CONTINUE: 'leftForLogin' },
    },
    leftForKycForm: {
      id: 'verifyLeftForKycForm',
      type: 'final',
      tags: ['redirecting'],
      meta: {
        description: 'Not Verified or Declined (tempbaUid was stored); left for kyc/form.',
      },
      entry: 'goToKycForm',
    },
    leftForKycUnderReview: {
      id: 'verifyLeftForKycUnderReview',
      type: 'final',
      tags: ['redirecting'],
      meta: {
        description: 'Pending Verification (tempbaUid was stored); left for kyc/under-review.',
      },
      entry: 'goToKycUnderReview',
    },
    leftForDashboard: {
      id: 'verifyLeftForDashboard',
      type: 'final',
      tags: ['redirecting'],
      meta: { description: 'Signed in (baUid was stored on the answer); left for the dashboard.' },
      entry: 'goToDashboard',
    },
    leftForLogin: {
      id: 'verifyLeftForLogin',
      type: 'final',
      tags: ['redirecting'],
      meta: { description: 'Verified without a session; left for login.' },
      entry: 'goToLogin',
    },
  },
})
