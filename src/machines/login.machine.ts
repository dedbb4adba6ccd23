import { t } from '@lingui/core/macro'
import { assertEvent, assign, setup } from 'xstate'
import { failureNotice, genericFailureMessage } from '#api/call-failure'
import type { CallResult } from '#api/client'
import type { CallRequest } from '#api/contract'
import { fieldRules, isDigits, isEmailAddress } from '#api/contract/field-rules'
import { errorNotice, type Notice, successNotice, warningNotice } from '#api/notice'
import { secretRefusalMessage } from '#api/secret-check'
import { appCall, appEffects, appStep, redirectDelay } from './app-provided'
import type { PasskeySignInInput, PasskeySignInOutput } from './passkey-sign-in.machine'

/**
 * Login in two steps (spec section 4, "Login"): the e-mail (`iduser`), then the passcode
 * (`userlogin`), which decides where the customer goes next. A browser that remembers the
 * customer (Remember me, `mydevice`) fills in their e-mail, and step 2 greets them by name and
 * picture there only; anywhere else it greets neutrally, so nobody learns who banks here
 * (docs/decisions/080). A member of staff asks for the password field. "Use your passkey" runs
 * the passkey sub-flow (passkey-sign-in.machine.ts, decision 081), whose answer is decided on
 * as a passcode's. Every branch of the
 * spec on the answer of `userlogin` is a transition out of `loginAnswered`, in the spec's order:
 *
 * - an error flag: its message, or 'Invalid Credentials';
 * - unverified (verified === false): account/verify?email=... after 5 s;
 * - admin role: the admin area after 5 s;
 * - hasNotice (the spec's ismsg): keep the jwt as sbaUid and go to account/info/notice;
 * - verificationStatus 'Not Verified' or 'Declined': keep it as tempbaUid, go to kyc/form;
 * - 'Pending Verification': keep it as tempbaUid, go to kyc/under-review;
 * - otherwise: store it as baUid (Remember me: local or session storage) and go to the
 *   dashboard after 5 s with 'Welcome Back' or the server's message.
 *
 * The machine is pure: the calls are the invoked actors `iduser` and `userlogin`, which resolve
 * with the API client's `CallResult` (a network failure is `{ ok: false, reason: 'network' }`);
 * storing tokens and navigating are the shared effects `store…` and `goTo…` (app-provided.ts),
 * which the screen provides. Every timed redirect also accepts CONTINUE. This machine is the
 * worked example of docs/decisions/011-how-a-flow-is-written.md.
 */

/** The fallbacks when the server's answer has no message of its own, in the language in use. */
export const loginMessages = {
  get invalidCredentials() {
    return t`Invalid Credentials`
  },
  get welcomeBack() {
    return t`Welcome Back`
  },
  get passwordMissing() {
    return t`Enter your password`
  },
  get unverifiedFallback() {
    return t`Please verify your e-mail address to continue.`
  },
  get adminFallback() {
    return t`Taking you to the admin area.`
  },
}

export interface Customer {
  fullname: string
  picture: string | null
}

export type RecallResult = CallResult<'rememberedDevice'>
export type LookupResult = CallResult<'identifyCustomer'>
export type LoginResult = CallResult<'signIn'>
export type SignInFields = CallRequest<'signIn'>

export interface LoginContext {
  /** The e-mail of step 1, as typed (trimmed). */
  email: string
  /** Whose account the e-mail is, shown in step 2. */
  customer: Customer | null
  /** Step 2 asks for a plain password: the staff's, on "Use a staff password". */
  admin: boolean
  /** Set when the browser's remembered e-mail filled in step 1. */
  recalled: boolean
  /** Step 2 offers "Use your passkey" (identifyCustomer says so). */
  passkey: boolean
  /** What the passkey sub-flow gave: an answer as signIn's, or a notice. */
  passkeyOutcome: PasskeySignInOutput | null
  /** Remember me, from the step 2 submission. */
  remember: boolean
  /** The last answers of the two calls, as the client gave them. */
  lookup: LookupResult | null
  answer: LoginResult | null
  /** The jwt of the last signIn (userlogin) answer, for the store* actions. */
  token: string | null
  emailError: string | null
  passcodeError: string | null
  alert: Notice | null
}

export type LoginEvent =
  | { type: 'SUBMIT_EMAIL'; email: string }
  | { type: 'SUBMIT_PASSCODE'; password: string; remember: boolean }
  | { type: 'CHANGE_EMAIL' }
  | { type: 'USE_PASSWORD' }
  | { type: 'USE_PASSKEY'; remember: boolean }
  | { type: 'CONTINUE' }

/** The answer of signIn (userlogin) when the call itself succeeded. */
function loginData(context: LoginContext) {
  return context.answer?.ok ? context.answer.data : null
}

function loginMessage(context: LoginContext, fallback: string): string {
  return loginData(context)?.message || fallback
}

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
  },
  actors: {
    rememberedDevice: appCall('rememberedDevice'),
    identifyCustomer: appCall('identifyCustomer'),
    signIn: appCall('signIn'),
    passkeySignIn: appStep<PasskeySignInOutput, PasskeySignInInput>('passkeySignIn'),
  },
  delays: { redirectDelay },
  guards: {
    hasEmailAddress: ({ event }) => event.type === 'SUBMIT_EMAIL' && isEmailAddress(event.email),
    isWellFormedSecret: ({ context, event }) =>
      event.type === 'SUBMIT_PASSCODE' &&
      (context.admin
        ? event.password !== ''
        : isDigits(event.password, fieldRules.passcode.digits)),
    isCustomerFound: ({ context }) =>
      context.lookup?.ok === true && !context.lookup.data.error && !!context.lookup.data.user,
    offersPasskey: ({ context }) => context.passkey,
    passkeyGaveAnswer: ({ context }) => !!context.passkeyOutcome?.answer,
    isCallFailure: ({ context }) => context.answer?.ok === false,
    hasErrorFlag: ({ context }) => loginData(context)?.error === true,
    isEmailUnverified: ({ context }) => loginData(context)?.verified === false,
    isAdmin: ({ context }) => loginData(context)?.role === 'admin',
    lacksToken: ({ context }) => !loginData(context)?.jwt,
    hasAccountNotice: ({ context }) => loginData(context)?.hasNotice === true,
    needsKyc: ({ context }) => {
      const status = loginData(context)?.verificationStatus
      return status === 'Not Verified' || status === 'Declined'
    },
    isKycPending: ({ context }) =>
      loginData(context)?.verificationStatus === 'Pending Verification',
  },
  actions: {
    keepEmail: assign(({ event }) => {
      assertEvent(event, 'SUBMIT_EMAIL')
      return { email: event.email.trim(), emailError: null, alert: null }
    }),
    rejectEmail: assign({ emailError: fieldRules.email.message, alert: null }),
    /** The browser remembers the customer: their e-mail in step 1, Remember me ticked again. */
    keepRememberedEmail: assign(({ context }, recall: RecallResult) =>
      recall.ok && recall.data.email
        ? { email: recall.data.email, remember: true, recalled: true }
        : { email: context.email },
    ),
    keepLookup: assign((_, lookup: LookupResult) => ({ lookup })),
    keepCustomer: assign(({ context }) => {
      const data = context.lookup?.ok ? context.lookup.data : null
      return {
        customer: { fullname: data?.user?.fullname ?? '', picture: data?.user?.picture ?? null },
        admin: data?.role === 'admin',
        passkey: data?.passkey === true,
        passcodeError: null,
        alert: null,
      }
    }),
    showLookupFailure: assign(({ context }) => {
      const lookup = context.lookup
      const alert = !lookup
        ? errorNotice(genericFailureMessage)
        : lookup.ok
          ? errorNotice(lookup.data.message || loginMessages.invalidCredentials)
          : failureNotice(lookup)
      return { alert }
    }),
    forgetCustomer: assign({
      customer: null,
      admin: false,
      passkey: false,
      passkeyOutcome: null,
      lookup: null,
      answer: null,
      token: null,
      passcodeError: null,
      alert: null,
    }),
    usePassword: assign({ admin: true, passcodeError: null, alert: null }),
    keepRemember: assign(({ event }) => {
      assertEvent(event, ['SUBMIT_PASSCODE', 'USE_PASSKEY'])
      return { remember: event.remember, passcodeError: null, alert: null }
    }),
    keepPasskeyOutcome: assign((_, passkeyOutcome: PasskeySignInOutput) => ({ passkeyOutcome })),
    keepPasskeyAnswer: assign(({ context }) => {
      const answer = context.passkeyOutcome?.answer ?? null
      return { answer, token: answer?.ok ? (answer.data.jwt ?? null) : null }
    }),
    showPasskeyNotice: assign(({ context }) => ({ alert: context.passkeyOutcome?.notice ?? null })),
    rejectSecret: assign(({ context }) => ({
      passcodeError: context.admin ? loginMessages.passwordMissing : fieldRules.passcode.message,
      alert: null,
    })),
    keepAnswer: assign((_, answer: LoginResult) => ({
      answer,
      token: answer.ok ? (answer.data.jwt ?? null) : null,
    })),
    showCallFailure: assign(({ context }) => ({
      alert:
        context.answer?.ok === false
          ? failureNotice(context.answer)
          : errorNotice(genericFailureMessage),
    })),
    showUnexpectedFailure: assign({ alert: errorNotice(genericFailureMessage) }),
    /** The server's words; tries left and the block's end in the customer's time (decision 039). */
    showLoginError: assign(({ context }) => ({
      alert: errorNotice(
        secretRefusalMessage(
          loginMessage(context, loginMessages.invalidCredentials),
          loginData(context) ?? {},
        ),
      ),
    })),
    showUnverified: assign(({ context }) => ({
      alert: warningNotice(loginMessage(context, loginMessages.unverifiedFallback)),
    })),
    showAdminRedirect: assign(({ context }) => ({
      alert: successNotice(loginMessage(context, loginMessages.adminFallback)),
    })),
    showWelcome: assign(({ context }) => ({
      alert: successNotice(loginMessage(context, loginMessages.welcomeBack)),
    })),
    ...appEffects,
  },
}).createMachine({
  id: 'login',
  description:
    'Two-step login: e-mail (identifyCustomer), then passcode (signIn), then where to go.',
  context: {
    email: '',
    customer: null,
    admin: false,
    recalled: false,
    passkey: false,
    passkeyOutcome: null,
    remember: false,
    lookup: null,
    answer: null,
    token: null,
    emailError: null,
    passcodeError: null,
    alert: null,
  },
  initial: 'recalling',
  states: {
    recalling: {
      id: 'loginRecalling',
      tags: ['emailStep'],
      meta: {
        description:
          'Step 1 as it opens: rememberedDevice asks whom this browser remembers, to fill in their e-mail; the field can be used meanwhile.',
      },
      invoke: {
        id: 'rememberedDevice',
        src: 'rememberedDevice',
        input: {},
        onDone: {
          target: 'emailEntry',
          actions: { type: 'keepRememberedEmail', params: ({ event }) => event.output },
        },
        onError: 'emailEntry',
      },
      on: {
        SUBMIT_EMAIL: [
          { guard: 'hasEmailAddress', target: 'lookingUp', actions: 'keepEmail' },
          { target: 'emailEntry', actions: 'rejectEmail' },
        ],
      },
    },
    emailEntry: {
      id: 'loginEmailEntry',
      tags: ['emailStep'],
      meta: {
        description:
          'Step 1: the e-mail field (kept when coming back), its format error or the alert of a failed look-up.',
      },
      on: {
        SUBMIT_EMAIL: [
          { guard: 'hasEmailAddress', target: 'lookingUp', actions: 'keepEmail' },
          { actions: 'rejectEmail' },
        ],
      },
    },
    lookingUp: {
      id: 'loginLookingUp',
      tags: ['emailStep', 'busy'],
      meta: {
        description: 'Step 1 is sent: identifyCustomer looks the e-mail up; Continue is busy.',
      },
      invoke: {
        id: 'identifyCustomer',
        src: 'identifyCustomer',
        input: ({ context }) => ({ email: context.email }),
        onDone: {
          target: 'lookupAnswered',
          actions: { type: 'keepLookup', params: ({ event }) => event.output },
        },
        onError: { target: 'emailEntry', actions: 'showUnexpectedFailure' },
      },
    },
    lookupAnswered: {
      id: 'loginLookupAnswered',
      meta: { description: 'Decides on the answer of identifyCustomer at once.' },
      always: [
        { guard: 'isCustomerFound', target: 'passcodeEntry', actions: 'keepCustomer' },
        { target: 'emailEntry', actions: 'showLookupFailure' },
      ],
    },
    passcodeEntry: {
      id: 'loginPasscodeEntry',
      tags: ['passcodeStep'],
      meta: {
        description:
          "Step 2: the customer's name and picture on a remembered browser (else the e-mail alone), the 6-digit passcode (a staff password when asked for), Remember me, forgot link and Not you?",
      },
      on: {
        USE_PASSWORD: { target: 'passcodeEntry', actions: 'usePassword' },
        USE_PASSKEY: {
          guard: 'offersPasskey',
          target: 'signingInWithPasskey',
          actions: 'keepRemember',
        },
        SUBMIT_PASSCODE: [
          { guard: 'isWellFormedSecret', target: 'signingIn', actions: 'keepRemember' },
          { actions: 'rejectSecret' },
        ],
        CHANGE_EMAIL: { target: 'emailEntry', actions: 'forgetCustomer' },
      },
    },
    signingIn: {
      id: 'loginSigningIn',
      tags: ['passcodeStep', 'busy'],
      meta: { description: 'Step 2 is sent: signIn checks the passcode; Sign in is busy.' },
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context, event }) => {
          assertEvent(event, 'SUBMIT_PASSCODE')
          return {
            email: context.email,
            password: event.password,
            rememberMe: event.remember ? 'on' : undefined,
          }
        },
        onDone: {
          target: 'loginAnswered',
          actions: { type: 'keepAnswer', params: ({ event }) => event.output },
        },
        onError: { target: 'passcodeEntry', actions: 'showUnexpectedFailure' },
      },
    },
    signingInWithPasskey: {
      id: 'loginSigningInWithPasskey',
      tags: ['passcodeStep', 'busy'],
      meta: {
        description:
          '"Use your passkey": the passkey sub-flow (options, the browser\'s passkey, signInWithPasskey) runs.',
      },
      invoke: {
        id: 'passkeySignIn',
        src: 'passkeySignIn',
        input: ({ context }) => ({ email: context.email, remember: context.remember }),
        onDone: {
          target: 'passkeyAnswered',
          actions: { type: 'keepPasskeyOutcome', params: ({ event }) => event.output },
        },
        onError: { target: 'passcodeEntry', actions: 'showUnexpectedFailure' },
      },
    },
    passkeyAnswered: {
      id: 'loginPasskeyAnswered',
      meta: {
        description:
          "Decides at once: the passkey's answer goes where a passcode's would; else its notice on step 2.",
      },
      always: [
        { guard: 'passkeyGaveAnswer', target: 'loginAnswered', actions: 'keepPasskeyAnswer' },
        { target: 'passcodeEntry', actions: 'showPasskeyNotice' },
      ],
    },
    loginAnswered: {
      id: 'loginAnswered',
      meta: { description: "Decides on the answer of signIn at once, in the spec's order." },
      always: [
        { guard: 'isCallFailure', target: 'passcodeEntry', actions: 'showCallFailure' },
        { guard: 'hasErrorFlag', target: 'passcodeEntry', actions: 'showLoginError' },
        { guard: 'isEmailUnverified', target: 'unverified', actions: 'showUnverified' },
        { guard: 'isAdmin', target: 'adminRedirect', actions: 'showAdminRedirect' },
        { guard: 'lacksToken', target: 'passcodeEntry', actions: 'showUnexpectedFailure' },
        { guard: 'hasAccountNotice', target: 'leftForAccountNotice' },
        { guard: 'needsKyc', target: 'leftForKycForm' },
        { guard: 'isKycPending', target: 'leftForKycUnderReview' },
        {
          target: 'welcome',
          actions: [
            {
              type: 'storeSessionToken',
              params: ({ context }) => ({ token: context.token ?? '', remember: context.remember }),
            },
            'showWelcome',
          ],
        },
      ],
    },
    unverified: {
      id: 'loginUnverified',
      tags: ['redirecting'],
      meta: {
        description:
          'The e-mail is not verified: the message, then account/verify?email=... after 5 s or on Continue.',
      },
      after: { redirectDelay: 'leftForVerify' },
      on: { CONTINUE: 'leftForVerify' },
    },
    leftForVerify: {
      id: 'loginLeftForVerify',
      type: 'final',
      meta: { description: 'Left for account/verify with the e-mail.' },
      entry: { type: 'goToVerify', params: ({ context }) => ({ email: context.email }) },
    },
    adminRedirect: {
      id: 'loginAdminRedirect',
      tags: ['redirecting'],
      meta: {
        description: 'An admin: the message, then the admin area after 5 s or on Continue.',
      },
      after: { redirectDelay: 'leftForAdminArea' },
      on: { CONTINUE: 'leftForAdminArea' },
    },
    leftForAdminArea: {
      id: 'loginLeftForAdminArea',
      type: 'final',
      meta: { description: 'Left for the admin area, outside this app.' },
      entry: 'goToAdminArea',
    },
    leftForAccountNotice: {
      id: 'loginLeftForAccountNotice',
      type: 'final',
      meta: { description: 'ismsg: the jwt is kept as sbaUid; left for account/info/notice.' },
      entry: [
        { type: 'storeNoticeToken', params: ({ context }) => ({ token: context.token ?? '' }) },
        'goToAccountNotice',
      ],
    },
    leftForKycForm: {
      id: 'loginLeftForKycForm',
      type: 'final',
      meta: {
        description: 'Not Verified or Declined: the jwt is kept as tempbaUid; left for kyc/form.',
      },
      entry: [
        { type: 'storeKycToken', params: ({ context }) => ({ token: context.token ?? '' }) },
        'goToKycForm',
      ],
    },
    leftForKycUnderReview: {
      id: 'loginLeftForKycUnderReview',
      type: 'final',
      meta: {
        description:
          'Pending Verification: the jwt is kept as tempbaUid; left for kyc/under-review.',
      },
      entry: [
        { type: 'storeKycToken', params: ({ context }) => ({ token: context.token ?? '' }) },
        'goToKycUnderReview',
      ],
    },
    welcome: {
      id: 'loginWelcome',
      tags: ['redirecting'],
      meta: {
        description:
          "Signed in: baUid is stored; 'Welcome Back' (or the server's message), then the dashboard after 5 s or on Continue.",
      },
      after: { redirectDelay: 'leftForDashboard' },
      on: { CONTINUE: 'leftForDashboard' },
    },
    leftForDashboard: {
      id: 'loginLeftForDashboard',
      type: 'final',
      meta: { description: 'Left for the dashboard.' },
      entry: 'goToDashboard',
    },
  },
})
