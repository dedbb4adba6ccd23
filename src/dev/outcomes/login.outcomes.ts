import type { LoginResult, LookupResult, RecallResult } from '#machines/login.machine'
import { type PasskeySignInOutput, passkeyNotUsed } from '#machines/passkey-sign-in.machine'
import type { FlowOutcomes } from './outcomes'

/**
 * What `iduser` and `userlogin` can answer, by label: the login machine's path tests replay
 * each one, and the flow explorer offers them as buttons. Outputs are the API client's
 * `CallResult`; the errors are an actor that threw (a fault in the app, not an answer).
 */

export const demoJwt = 'jwt-from-the-server'

const recall = (result: RecallResult) => result
const lookup = (result: LookupResult) => result
const login = (result: LoginResult) => result

const signedIn = {
  error: false,
  verified: true,
  submitted: true,
  email: 'dana@meridian.example',
  role: 'customer',
} as const

export const recallCallOutcomes = {
  remembered: {
    label: 'this browser remembers a customer',
    output: recall({ ok: true, data: { email: 'dana@meridian.example' } }),
  },
  nobody: {
    label: 'this browser remembers nobody',
    output: recall({ ok: true, data: { email: null } }),
  },
  network: { label: 'network failure', output: recall({ ok: false, reason: 'network' }) },
  thrown: { label: 'the call threw', error: new Error('mydevice threw') },
} as const

export const identifyCallOutcomes = {
  neutral: {
    label: 'any e-mail on a browser that remembers nobody (the neutral greeting)',
    output: lookup({
      ok: true,
      data: {
        error: false,
        message: '',
        user: { fullname: '', picture: null },
        role: 'customer',
        passkey: true,
      },
    }),
  },
  customer: {
    label: 'the customer this browser remembers',
    output: lookup({
      ok: true,
      data: {
        error: false,
        message: '',
        user: { fullname: 'Dana Morgan', picture: 'dana.png' },
        role: 'customer',
        passkey: true,
      },
    }),
  },
  admin: {
    label: 'admin',
    output: lookup({
      ok: true,
      data: {
        error: false,
        message: '',
        user: { fullname: 'Portal Admin', picture: null },
        role: 'admin',
      },
    }),
  },
  errorWithMessage: {
    label: 'error flag with a message',
    output: lookup({ ok: true, data: { error: true, message: 'This account is closed' } }),
  },
  errorWithoutMessage: {
    label: 'error flag without a message (Invalid Credentials)',
    output: lookup({ ok: true, data: { error: true, message: '' } }),
  },
  network: {
    label: 'network failure',
    output: lookup({ ok: false, reason: 'network' }),
  },
  rejected: {
    label: 'request refused by the server',
    output: lookup({
      ok: false,
      reason: 'rejected',
      message: 'The e-mail address must look like name@example.com.',
    }),
  },
  thrown: { label: 'the call threw', error: new Error('iduser threw') },
} as const

export const signInCallOutcomes = {
  welcome: {
    label: 'welcome back (server message)',
    output: login({
      ok: true,
      data: {
        ...signedIn,
        verificationStatus: 'Verified',
        jwt: demoJwt,
        message: 'Good to see you again',
      },
    }),
  },
  welcomeDefault: {
    label: 'welcome back (no message: Welcome Back)',
    output: login({
      ok: true,
      data: { ...signedIn, verificationStatus: 'Verified', jwt: demoJwt, message: '' },
    }),
  },
  invalidCredentials: {
    label: 'invalid credentials (no message)',
    output: login({ ok: true, data: { error: true, message: '' } }),
  },
  triesLeft: {
    label: 'wrong passcode, tries left',
    output: login({
      ok: true,
      data: { error: true, message: 'Invalid Credentials', attemptsLeft: 3 },
    }),
  },
  blocked: {
    label: 'blocked until a time',
    output: login({
      ok: true,
      data: {
        error: true,
        message: 'Too many failed attempts. Try again in 15 minutes (at 10:15 UTC).',
        blockedUntil: '2026-11-22T10:15:00.000Z',
      },
    }),
  },
  errorWithMessage: {
    label: 'error flag with a message',
    output: login({ ok: true, data: { error: true, message: 'Too many attempts, try later' } }),
  },
  unverified: {
    label: 'e-mail not verified',
    output: login({
      ok: true,
      data: {
        ...signedIn,
        verified: false,
        submitted: false,
        verificationStatus: 'Not Verified',
        message: 'Please verify your e-mail address to continue.',
      },
    }),
  },
  admin: {
    label: 'admin',
    output: login({
      ok: true,
      data: {
        ...signedIn,
        role: 'admin',
        verificationStatus: 'Verified',
        message: 'Taking you to the admin area.',
      },
    }),
  },
  accountNotice: {
    label: 'account notice (ismsg)',
    output: login({
      ok: true,
      data: {
        ...signedIn,
        verificationStatus: 'Verified',
        hasNotice: true,
        jwt: demoJwt,
        message: 'Account restricted',
      },
    }),
  },
  notVerified: {
    label: 'KYC not verified',
    output: login({
      ok: true,
      data: {
        ...signedIn,
        submitted: false,
        verificationStatus: 'Not Verified',
        jwt: demoJwt,
        message: 'Not Verified',
      },
    }),
  },
  declined: {
    label: 'KYC declined',
    output: login({
      ok: true,
      data: { ...signedIn, verificationStatus: 'Declined', jwt: demoJwt, message: 'Declined' },
    }),
  },
  pending: {
    label: 'KYC pending verification',
    output: login({
      ok: true,
      data: {
        ...signedIn,
        verificationStatus: 'Pending Verification',
        jwt: demoJwt,
        message: 'Pending Verification',
      },
    }),
  },
  noToken: {
    label: 'success without a token',
    output: login({
      ok: true,
      data: { ...signedIn, verificationStatus: 'Verified', message: '' },
    }),
  },
  network: {
    label: 'network failure',
    output: login({ ok: false, reason: 'network' }),
  },
  unexpected: {
    label: 'answer outside the contract',
    output: login({ ok: false, reason: 'unexpected' }),
  },
  thrown: { label: 'the call threw', error: new Error('userlogin threw') },
} as const

const passkeyOutcome = (outcome: PasskeySignInOutput) => outcome

let notUsedOutput: PasskeySignInOutput | undefined

/** What the passkey sub-flow gives login (its own outcomes: passkey-sign-in.outcomes.ts). */
export const passkeySignInOutcomes = {
  welcome: {
    label: 'signed in with the passkey',
    output: passkeyOutcome({ answer: signInCallOutcomes.welcomeDefault.output, notice: null }),
  },
  refused: {
    label: 'the passkey refused (Invalid Credentials)',
    output: passkeyOutcome({
      answer: signInCallOutcomes.invalidCredentials.output,
      notice: null,
    }),
  },
  notUsed: {
    label: 'the passkey was not used',
    // Made when first read (the notice's words need the language chosen), then the same object.
    get output() {
      notUsedOutput ??= passkeyOutcome({
        answer: null,
        notice: { tone: 'warning', message: passkeyNotUsed() },
      })
      return notUsedOutput
    },
  },
  thrown: { label: 'the sub-flow threw', error: new Error('passkey sign-in threw') },
} as const

export const outcomes: FlowOutcomes = {
  rememberedDevice: Object.values(recallCallOutcomes),
  identifyCustomer: Object.values(identifyCallOutcomes),
  signIn: Object.values(signInCallOutcomes),
  passkeySignIn: Object.values(passkeySignInOutcomes),
}
