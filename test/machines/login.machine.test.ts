import { describe, expect, it } from 'vitest'
import {
  type AnyEventObject,
  createActor,
  fromPromise,
  SimulatedClock,
  type SnapshotFrom,
  waitFor,
} from 'xstate'
import { genericFailureMessage, networkFailureMessage } from '#api/call-failure'
import type { CallRequest } from '#api/contract'
import { fieldRules } from '#api/contract/fields'
import type { Notice } from '#api/notice'
import { blockedMessage } from '#api/secret-check'
import {
  demoJwt,
  identifyCallOutcomes,
  outcomes,
  passkeySignInOutcomes,
  recallCallOutcomes,
  signInCallOutcomes,
} from '#dev/outcomes/login.outcomes'
import { outcomeEvents } from '#dev/outcomes/outcomes'
import {
  type LoginContext,
  type LoginEvent,
  type LoginResult,
  type LookupResult,
  loginMachine,
  loginMessages,
  type RecallResult,
  type SignInFields,
} from '#machines/login.machine'
import { passkeyNotUsed } from '#machines/passkey-sign-in.machine'
import {
  describeMachinePaths,
  isFullCoverage,
  measureMachineCoverage,
  type StepContext,
} from '../harness/generated-paths'

type Snapshot = SnapshotFrom<typeof loginMachine>
type Step = StepContext<Snapshot>

const email = 'dana@meridian.example'

// ---- the provided actions, recorded with the context they saw ----

type Effect = { action: string; token: string | null; remember: boolean; email: string }
const effects: Effect[] = []
const record =
  (action: string) =>
  ({ context }: { context: LoginContext }) => {
    effects.push({ action, token: context.token, remember: context.remember, email: context.email })
  }
const effectNames = [
  'storeSessionToken',
  'storeNoticeToken',
  'storeKycToken',
  'goToVerify',
  'goToAdminArea',
  'goToAccountNotice',
  'goToKycForm',
  'goToKycUnderReview',
  'goToDashboard',
] as const
const recordedMachine = loginMachine.provide({
  actions: Object.fromEntries(effectNames.map((name) => [name, record(name)])) as Record<
    (typeof effectNames)[number],
    ReturnType<typeof record>
  >,
})

const pathOptions = {
  events: ({ context }: Snapshot): AnyEventObject[] => [
    { type: 'SUBMIT_EMAIL', email: ` ${email} ` },
    { type: 'SUBMIT_EMAIL', email: 'dana.meridian.example' },
    {
      type: 'SUBMIT_PASSCODE',
      password: context.admin ? 'admin-demo-pass' : '123456',
      remember: true,
    },
    { type: 'SUBMIT_PASSCODE', password: context.admin ? '' : '12ab', remember: false },
    { type: 'USE_PASSWORD' },
    { type: 'USE_PASSKEY', remember: true },
    ...outcomeEvents(outcomes),
  ],
}

// ---- what each outcome must lead to ----

type Expectation = { state: string; alert?: Notice | null }

const afterRecall: Array<[unknown, Expectation]> = [
  [recallCallOutcomes.remembered.output, { state: 'emailEntry', alert: null }],
  [recallCallOutcomes.nobody.output, { state: 'emailEntry', alert: null }],
  [recallCallOutcomes.network.output, { state: 'emailEntry', alert: null }],
  // Nothing to say when the browser could not be asked: step 1 is there as ever.
  [recallCallOutcomes.thrown.error, { state: 'emailEntry', alert: null }],
]

const afterLookup: Array<[unknown, Expectation]> = [
  [identifyCallOutcomes.neutral.output, { state: 'passcodeEntry', alert: null }],
  [identifyCallOutcomes.customer.output, { state: 'passcodeEntry', alert: null }],
  [identifyCallOutcomes.admin.output, { state: 'passcodeEntry', alert: null }],
  [
    identifyCallOutcomes.errorWithMessage.output,
    { state: 'emailEntry', alert: { tone: 'error', message: 'This account is closed' } },
  ],
  [
    identifyCallOutcomes.errorWithoutMessage.output,
    { state: 'emailEntry', alert: { tone: 'error', message: 'Invalid Credentials' } },
  ],
  [
    identifyCallOutcomes.network.output,
    { state: 'emailEntry', alert: { tone: 'error', message: networkFailureMessage } },
  ],
  [
    identifyCallOutcomes.rejected.output,
    {
      state: 'emailEntry',
      alert: { tone: 'error', message: 'The e-mail address must look like name@example.com.' },
    },
  ],
]

const afterLogin: Array<[unknown, Expectation]> = [
  [
    signInCallOutcomes.welcome.output,
    { state: 'welcome', alert: { tone: 'success', message: 'Good to see you again' } },
  ],
  [
    signInCallOutcomes.welcomeDefault.output,
    { state: 'welcome', alert: { tone: 'success', message: 'Welcome Back' } },
  ],
  [
    signInCallOutcomes.invalidCredentials.output,
    { state: 'passcodeEntry', alert: { tone: 'error', message: 'Invalid Credentials' } },
  ],
  [
    signInCallOutcomes.triesLeft.output,
    {
      state: 'passcodeEntry',
      alert: { tone: 'error', message: 'Invalid Credentials. 3 attempts left.' },
    },
  ],
  [
    signInCallOutcomes.blocked.output,
    {
      state: 'passcodeEntry',
      alert: { tone: 'error', message: blockedMessage('2026-11-22T10:15:00.000Z') },
    },
  ],
  [
    signInCallOutcomes.errorWithMessage.output,
    { state: 'passcodeEntry', alert: { tone: 'error', message: 'Too many attempts, try later' } },
  ],
  [
    signInCallOutcomes.unverified.output,
    {
      state: 'unverified',
      alert: { tone: 'warning', message: 'Please verify your e-mail address to continue.' },
    },
  ],
  [
    signInCallOutcomes.admin.output,
    {
      state: 'adminRedirect',
      alert: { tone: 'success', message: 'Taking you to the admin area.' },
    },
  ],
  [signInCallOutcomes.accountNotice.output, { state: 'leftForAccountNotice' }],
  [signInCallOutcomes.notVerified.output, { state: 'leftForKycForm' }],
  [signInCallOutcomes.declined.output, { state: 'leftForKycForm' }],
  [signInCallOutcomes.pending.output, { state: 'leftForKycUnderReview' }],
  [
    signInCallOutcomes.noToken.output,
    { state: 'passcodeEntry', alert: { tone: 'error', message: genericFailureMessage } },
  ],
  [
    signInCallOutcomes.network.output,
    { state: 'passcodeEntry', alert: { tone: 'error', message: networkFailureMessage } },
  ],
  [
    signInCallOutcomes.unexpected.output,
    { state: 'passcodeEntry', alert: { tone: 'error', message: genericFailureMessage } },
  ],
]

const afterPasskey: Array<[unknown, Expectation]> = [
  [
    passkeySignInOutcomes.welcome.output,
    { state: 'welcome', alert: { tone: 'success', message: 'Welcome Back' } },
  ],
  [
    passkeySignInOutcomes.refused.output,
    { state: 'passcodeEntry', alert: { tone: 'error', message: 'Invalid Credentials' } },
  ],
  [
    passkeySignInOutcomes.notUsed.output,
    { state: 'passcodeEntry', alert: { tone: 'warning', message: passkeyNotUsed() } },
  ],
]

function expectationFor(event: AnyEventObject): Expectation | undefined {
  const table = event.type.endsWith('.rememberedDevice')
    ? afterRecall
    : event.type === 'xstate.done.actor.passkeySignIn'
      ? afterPasskey
      : event.type === 'xstate.done.actor.identifyCustomer'
        ? afterLookup
        : event.type === 'xstate.done.actor.signIn'
          ? afterLogin
          : event.type.startsWith('xstate.error.actor.')
            ? [
                [
                  event.error,
                  { state: 'error', alert: { tone: 'error', message: genericFailureMessage } },
                ],
              ]
            : []
  const found = table.find(([output]) => output === event.output || output === event.error)
  if (table.length > 0 && !found) throw new Error(`no expectation for ${event.type}`)
  return found?.[1]
}

/** The outcome that led here must lead to this state, with its alert. */
function expectOutcome(state: string, snapshot: Snapshot, { event }: Step) {
  const expected = expectationFor(event)
  if (!expected) return
  if (expected.state !== 'error') expect(state).toBe(expected.state)
  if (expected.alert !== undefined) expect(snapshot.context.alert).toEqual(expected.alert)
}

function expectNoEffects() {
  expect(effects).toEqual([])
}

function expectEffects(...actions: string[]) {
  expect(effects.map((effect) => effect.action)).toEqual(actions)
  for (const effect of effects) expect(effect.email).toBe(email)
}

describeMachinePaths(recordedMachine, {
  ...pathOptions,
  states: {
    recalling: (snapshot, { event, invocations }) => {
      effects.length = 0
      expect(event.type).toBe('xstate.init')
      expect(snapshot.context).toEqual(loginMachine.config.context)
      expect(snapshot.hasTag('emailStep')).toBe(true)
      expect(snapshot.hasTag('busy')).toBe(false)
      expect(invocations.at(-1)).toMatchObject({ src: 'rememberedDevice' })
    },
    emailEntry: (snapshot, step) => {
      expect(snapshot.hasTag('emailStep')).toBe(true)
      expect(snapshot.hasTag('busy')).toBe(false)
      expect(snapshot.context.customer).toBeNull()
      expectNoEffects()
      expectOutcome('emailEntry', snapshot, step)
      if (step.event.type.endsWith('.rememberedDevice')) {
        const remembered = step.event.output === recallCallOutcomes.remembered.output
        expect(snapshot.context).toMatchObject(
          remembered
            ? { email, remember: true, recalled: true }
            : { email: '', remember: false, recalled: false },
        )
      }
      if (step.event.type === 'SUBMIT_EMAIL') {
        expect(snapshot.context.emailError).toBe("That doesn't look like an email address")
        expect(snapshot.context.email).toBe(step.previous?.context.email)
        expect(snapshot.context.alert).toBeNull()
      }
      if (step.event.type === 'CHANGE_EMAIL') {
        expect(snapshot.context.email).toBe(email)
        expect(snapshot.context).toMatchObject({ admin: false, alert: null, passcodeError: null })
      }
    },
    lookingUp: (snapshot, { invocations }) => {
      expect(snapshot.hasTag('emailStep') && snapshot.hasTag('busy')).toBe(true)
      expect(snapshot.context).toMatchObject({ email, emailError: null, alert: null })
      expect(invocations.at(-1)).toEqual({
        src: 'identifyCustomer',
        id: 'identifyCustomer',
        input: { email },
      })
      expectNoEffects()
    },
    passcodeEntry: (snapshot, step) => {
      expect(snapshot.hasTag('passcodeStep')).toBe(true)
      expect(snapshot.hasTag('busy')).toBe(false)
      expect(snapshot.context.email).toBe(email)
      // Named only where the browser remembers the customer; the neutral greeting has no name.
      expect(snapshot.context.customer?.fullname).toMatch(/^(Dana Morgan|Portal Admin|)$/)
      expectNoEffects()
      expectOutcome('passcodeEntry', snapshot, step)
      if (step.event.type === 'xstate.done.actor.identifyCustomer') {
        const expected: Record<string, unknown> = {
          [identifyCallOutcomes.admin.label]: { fullname: 'Portal Admin', picture: null },
          [identifyCallOutcomes.customer.label]: { fullname: 'Dana Morgan', picture: 'dana.png' },
          [identifyCallOutcomes.neutral.label]: { fullname: '', picture: null },
        }
        const label = Object.values(identifyCallOutcomes).find(
          (outcome) => 'output' in outcome && outcome.output === step.event.output,
        )?.label
        expect(snapshot.context.customer).toEqual(expected[label ?? ''])
        expect(snapshot.context.admin).toBe(label === identifyCallOutcomes.admin.label)
      }
      if (step.event.type === 'USE_PASSWORD') {
        expect(snapshot.context).toMatchObject({ admin: true, passcodeError: null, alert: null })
      }
      if (step.event.type === 'SUBMIT_PASSCODE') {
        expect(snapshot.context.passcodeError).toBe(
          snapshot.context.admin ? loginMessages.passwordMissing : fieldRules.passcode.message,
        )
      }
    },
    signingInWithPasskey: (snapshot, { invocations }) => {
      expect(snapshot.hasTag('passcodeStep') && snapshot.hasTag('busy')).toBe(true)
      expect(snapshot.context.passkey).toBe(true)
      expect(invocations.at(-1)).toEqual({
        src: 'passkeySignIn',
        id: 'passkeySignIn',
        input: { email, remember: true },
      })
      expectNoEffects()
    },
    signingIn: (snapshot, { event, invocations }) => {
      expect(snapshot.hasTag('passcodeStep') && snapshot.hasTag('busy')).toBe(true)
      const { password, remember } = event as Extract<LoginEvent, { type: 'SUBMIT_PASSCODE' }>
      expect(snapshot.context.remember).toBe(remember)
      expect(invocations.at(-1)).toEqual({
        src: 'signIn',
        id: 'signIn',
        input: { email, password, rememberMe: remember ? 'on' : undefined },
      })
      expect(password).toBe(snapshot.context.admin ? 'admin-demo-pass' : '123456')
      expectNoEffects()
    },
    unverified: (snapshot, step) => {
      expect(snapshot.hasTag('redirecting')).toBe(true)
      expectOutcome('unverified', snapshot, step)
      expectNoEffects()
    },
    leftForVerify: (snapshot) => {
      expect(snapshot.status).toBe('done')
      expectEffects('goToVerify')
    },
    adminRedirect: (snapshot, step) => {
      expect(snapshot.hasTag('redirecting')).toBe(true)
      expectOutcome('adminRedirect', snapshot, step)
      expectNoEffects()
    },
    leftForAdminArea: (snapshot) => {
      expect(snapshot.status).toBe('done')
      expectEffects('goToAdminArea')
    },
    leftForAccountNotice: (snapshot, step) => {
      expectOutcome('leftForAccountNotice', snapshot, step)
      expect(snapshot.status).toBe('done')
      expectEffects('storeNoticeToken', 'goToAccountNotice')
      expect(effects[0]?.token).toBe(demoJwt)
    },
    leftForKycForm: (snapshot, step) => {
      expectOutcome('leftForKycForm', snapshot, step)
      expect(snapshot.status).toBe('done')
      expectEffects('storeKycToken', 'goToKycForm')
      expect(effects[0]?.token).toBe(demoJwt)
    },
    leftForKycUnderReview: (snapshot, step) => {
      expectOutcome('leftForKycUnderReview', snapshot, step)
      expect(snapshot.status).toBe('done')
      expectEffects('storeKycToken', 'goToKycUnderReview')
      expect(effects[0]?.token).toBe(demoJwt)
    },
    welcome: (snapshot, step) => {
      expect(snapshot.hasTag('redirecting')).toBe(true)
      expectOutcome('welcome', snapshot, step)
      expectEffects('storeSessionToken')
      expect(effects[0]).toMatchObject({ token: demoJwt, remember: true })
    },
    leftForDashboard: (snapshot) => {
      expect(snapshot.status).toBe('done')
      expectEffects('storeSessionToken', 'goToDashboard')
    },
  },
})

// ---- a few flows end to end on a live actor ----

function startLogin(
  lookup: LookupResult = identifyCallOutcomes.customer.output,
  answer: LoginResult = signInCallOutcomes.welcomeDefault.output,
  recall: RecallResult = recallCallOutcomes.nobody.output,
) {
  const clock = new SimulatedClock()
  const seen: unknown[] = []
  const log: string[] = []
  const machine = loginMachine.provide({
    actors: {
      identifyCustomer: fromPromise<LookupResult, { email: string }>(async ({ input }) => {
        seen.push(input)
        return lookup
      }),
      signIn: fromPromise<LoginResult, SignInFields>(async ({ input }) => {
        seen.push(input)
        return answer
      }),
      rememberedDevice: fromPromise<RecallResult, CallRequest<'rememberedDevice'>>(
        async () => recall,
      ),
    },
    actions: {
      storeSessionToken: ({ context }) => log.push(`baUid=${context.token} ${context.remember}`),
      goToDashboard: () => log.push('dashboard'),
      goToVerify: ({ context }) => log.push(`verify ${context.email}`),
    },
  })
  const actor = createActor(machine, { clock }).start()
  return { actor, clock, seen, log }
}

describe('login', () => {
  it('signs a customer in without Remember me and waits 5 s before the dashboard', async () => {
    const { actor, clock, seen, log } = startLogin()
    actor.send({ type: 'SUBMIT_EMAIL', email })
    await waitFor(actor, (s) => s.matches('passcodeEntry'))
    actor.send({ type: 'SUBMIT_PASSCODE', password: '123456', remember: false })
    await waitFor(actor, (s) => s.matches('welcome'))
    expect(seen).toEqual([{ email }, { email, password: '123456', rememberMe: undefined }])
    expect(log).toEqual([`baUid=${demoJwt} false`])
    clock.increment(4999)
    expect(actor.getSnapshot().value).toBe('welcome')
    clock.increment(1)
    expect(actor.getSnapshot().value).toBe('leftForDashboard')
    expect(log.at(-1)).toBe('dashboard')
  })

  it('skips the wait on Continue', async () => {
    const { actor, log } = startLogin(undefined, signInCallOutcomes.unverified.output)
    actor.send({ type: 'SUBMIT_EMAIL', email })
    await waitFor(actor, (s) => s.matches('passcodeEntry'))
    actor.send({ type: 'SUBMIT_PASSCODE', password: '123456', remember: true })
    await waitFor(actor, (s) => s.matches('unverified'))
    actor.send({ type: 'CONTINUE' })
    expect(actor.getSnapshot().value).toBe('leftForVerify')
    expect(log).toEqual([`verify ${email}`])
  })

  it('asks an admin for a plain password (any non-empty text)', async () => {
    const { actor, seen } = startLogin(
      identifyCallOutcomes.admin.output,
      signInCallOutcomes.admin.output,
    )
    actor.send({ type: 'SUBMIT_EMAIL', email })
    await waitFor(actor, (s) => s.matches('passcodeEntry'))
    expect(actor.getSnapshot().context.admin).toBe(true)
    actor.send({ type: 'SUBMIT_PASSCODE', password: 'not six digits', remember: false })
    await waitFor(actor, (s) => s.matches('adminRedirect'))
    expect(seen.at(-1)).toEqual({ email, password: 'not six digits', rememberMe: undefined })
  })

  it('ignores CONTINUE and CHANGE_EMAIL where they mean nothing', async () => {
    const { actor } = startLogin()
    await waitFor(actor, (s) => s.matches('emailEntry'))
    actor.send({ type: 'CONTINUE' })
    actor.send({ type: 'CHANGE_EMAIL' })
    actor.send({ type: 'USE_PASSWORD' })
    expect(actor.getSnapshot().value).toBe('emailEntry')
  })

  it('fills in the e-mail a remembered browser gives, with Remember me ticked', async () => {
    const { actor } = startLogin(undefined, undefined, recallCallOutcomes.remembered.output)
    await waitFor(actor, (s) => s.matches('emailEntry'))
    expect(actor.getSnapshot().context).toMatchObject({ email, remember: true, recalled: true })
  })

  it('takes an e-mail sent before the browser answered, and forgets the question', async () => {
    const { actor, seen } = startLogin(undefined, undefined, recallCallOutcomes.remembered.output)
    actor.send({ type: 'SUBMIT_EMAIL', email: 'someone@meridian.example' })
    await waitFor(actor, (s) => s.matches('passcodeEntry'))
    expect(seen).toEqual([{ email: 'someone@meridian.example' }])
    expect(actor.getSnapshot().context.email).toBe('someone@meridian.example')
  })

  it('gives a member of staff the password field on the neutral step when asked', async () => {
    const { actor, seen } = startLogin(
      identifyCallOutcomes.neutral.output,
      signInCallOutcomes.admin.output,
    )
    actor.send({ type: 'SUBMIT_EMAIL', email })
    await waitFor(actor, (s) => s.matches('passcodeEntry'))
    expect(actor.getSnapshot().context).toMatchObject({
      admin: false,
      customer: { fullname: '', picture: null },
    })
    actor.send({ type: 'USE_PASSWORD' })
    actor.send({ type: 'SUBMIT_PASSCODE', password: 'admin-demo-pass', remember: false })
    await waitFor(actor, (s) => s.matches('adminRedirect'))
    expect(seen.at(-1)).toEqual({ email, password: 'admin-demo-pass', rememberMe: undefined })
  })

  it('covers every state and transition with the generated paths', async () => {
    const coverage = await measureMachineCoverage(recordedMachine, pathOptions)
    expect(coverage.states.missing).toEqual([])
    expect(coverage.transitions.missing).toEqual([])
    expect(isFullCoverage(coverage)).toBe(true)
  })
})
