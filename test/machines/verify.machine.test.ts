import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock, type SnapshotFrom } from 'xstate'
import { genericFailureMessage } from '#api/call-failure'
import type { CallResult } from '#api/client'
import { fieldRules } from '#api/contract/fields'
import type { Notice } from '#api/notice'
import { outcomeEvents } from '#dev/outcomes/outcomes'
import { outcomes } from '#dev/outcomes/verify.outcomes'
import {
  formatCountdown,
  type ResendVerificationCodeRequest,
  resendCountdownSeconds,
  verifyBranch,
  verifyMachine,
  verifyMessages,
} from '#machines/verify.machine'
import {
  describeMachinePaths,
  generateMachinePaths,
  type StepContext,
} from '../harness/generated-paths'
import { failureNotices } from './support/failure-notices'
import { outcomeLabel } from './support/outcome-label'

const email = 'ada@example.com'
const typedEmail = 'grace@example.com'
const tick = 'xstate.after.tick.verifyResendCounting'
const verifyDone = 'xstate.done.actor.verifyEmail'
const verifyError = 'xstate.error.actor.verifyEmail'
const resendDone = 'xstate.done.actor.resendVerificationCode'
const resendError = 'xstate.error.actor.resendVerificationCode'

/** What the route was asked to do (store a token, navigate), in order. */
const effects: string[] = []
const machine = verifyMachine.provide({
  actions: {
    storeKycToken: (_, { token }) => effects.push(`tempbaUid=${token}`),
    storeSessionToken: (_, { token, remember }) => effects.push(`baUid=${token} ${remember}`),
    goToKycForm: () => effects.push('go kyc/form'),
    goToKycUnderReview: () => effects.push('go kyc/under-review'),
    goToDashboard: () => effects.push('go dashboard'),
    goToLogin: () => effects.push('go login'),
  },
})
type Snapshot = SnapshotFrom<typeof machine>
type Step = StepContext<Snapshot>

// The countdown starts 2 s before its end, so the graph (which follows state values, not
// context) meets both branches of the tick; the full 180 s run is a unit test below.
const pathOptions = {
  input: { email, resendSecondsLeft: 2 },
  events: () => [
    ...outcomeEvents(outcomes),
    { type: 'CODE_CHANGED', code: '123456' },
    { type: 'EMAIL_CHANGED', email: typedEmail },
  ],
}

const verifyAlertAfter: Record<string, Notice> = {
  'not verified: KYC form': { tone: 'success', message: 'Email verified successfully' },
  'declined: KYC form': { tone: 'success', message: 'Email verified successfully' },
  'pending: KYC review': { tone: 'success', message: 'Email verified successfully' },
  'verified: dashboard': { tone: 'success', message: 'Welcome aboard' },
  'verified, no message: dashboard': { tone: 'success', message: verifyMessages.verified },
  'verified without a token: login': { tone: 'success', message: 'Email verified' },
  'wrong code': { tone: 'error', message: 'Invalid verification code' },
  ...failureNotices('verifyEmail', genericFailureMessage),
}

const resendNoticeAfter: Record<string, Notice> = {
  'code sent': { tone: 'success', message: 'Code Sent, Please Wait' },
  'too soon': { tone: 'error', message: 'Please wait before asking for another code' },
  ...failureNotices('resendVerificationCode', 'Something went wrong'),
}

/** Which address the calls must use: the typed one once the customer changed it. */
function addressOf(snapshot: Snapshot): string {
  return snapshot.context.email
}

/** The server's message after a right code, and what was stored at once (no Remember me here). */
function expectNotice(snapshot: Snapshot, step: Step, stored: string[]) {
  expect(step.event.type).toBe(verifyDone)
  expect(snapshot.context.alert).toEqual(verifyAlertAfter[outcomeLabel(outcomes, step.event)])
  expect(effects).toEqual(stored)
}

/** Left for `destination` after the wait, having stored `stored` (the token effects). */
function expectLeft(snapshot: Snapshot, step: Step, destination: string, stored: string[]) {
  expect(snapshot.status).toBe('done')
  expect(effects).toEqual([...stored, destination])
  expect(step.event.type).toMatch(/^(CONTINUE|xstate\.after\.redirectDelay\.)/)
}

function tokenOf(snapshot: Snapshot): string {
  const answer = snapshot.context.answer
  return answer?.ok ? (answer.data.jwt ?? '') : ''
}

describeMachinePaths(machine, {
  ...pathOptions,
  states: {
    askingEmail: ({ context }, { event, previous }) => {
      expect(effects).toEqual([])
      expect(context.emailConfirmed).toBe(false)
      if (event.type === 'CHANGE_EMAIL') {
        expect(context).toMatchObject({ email: '', code: '', alert: null, resendNotice: null })
        expect(context.codeResets).toBe((previous?.context.codeResets ?? 0) + 1)
      } else if (event.type === 'EMAIL_CHANGED') {
        expect(context.email).toBe(typedEmail)
        expect(context.emailError).toBeNull()
      } else {
        expect(event.type).toBe('SUBMIT_EMAIL')
        expect(context.emailError).toBe(fieldRules.email.message)
      }
    },
    'verifying.code.entering': (snapshot, { event, previous }) => {
      const { context } = snapshot
      if (event.type === 'xstate.init') {
        effects.length = 0
        expect(context).toEqual({
          email,
          emailConfirmed: true,
          emailError: null,
          code: '',
          codeError: null,
          codeResets: 0,
          answer: null,
          resendAnswer: null,
          alert: null,
          secondsLeft: 2,
          resendNotice: null,
        })
      }
      expect(effects).toEqual([])
      expect(context.emailConfirmed).toBe(true)
      if (event.type === 'CODE_CHANGED') {
        expect(context.code).toBe('123456')
        expect(context.codeError).toBeNull()
      } else if (event.type === 'SUBMIT_CODE') {
        expect(context.code).not.toMatch(/^\d{6}$/)
        expect(context.codeError).toBe('Enter the 6-digit code from the e-mail')
      } else if (event.type === verifyDone || event.type === verifyError) {
        // refused: the answer shows and the cells are cleared
        expect(context.alert).toEqual(verifyAlertAfter[outcomeLabel(outcomes, event)])
        expect(context.code).toBe('')
        expect(context.codeResets).toBe((previous?.context.codeResets ?? 0) + 1)
      } else if (event.type === 'SUBMIT_EMAIL') {
        expect(context.email).toBe(typedEmail)
        expect(context.code).toBe('')
      } else if (previous) {
        expect(context.code).toBe(previous.context.code)
        expect(context.alert).toEqual(previous.context.alert)
      }
    },
    'verifying.code.checking': (snapshot, { invocations }) => {
      expect(snapshot.context.alert).toBeNull()
      expect(effects).toEqual([])
      const call = invocations.filter((invocation) => invocation.src === 'verifyEmail').at(-1)
      expect(call).toEqual({
        src: 'verifyEmail',
        id: 'verifyEmail',
        input: { email: addressOf(snapshot), verificationCode: '123456' },
      })
    },
    'verifying.resend.counting': ({ context }, { event, previous }) => {
      expect(context.secondsLeft).toBeGreaterThan(0)
      if (event.type === tick) {
        expect(context.secondsLeft).toBe((previous?.context.secondsLeft ?? 0) - 1)
      } else if (event.type === resendDone) {
        expect(context.secondsLeft).toBe(resendCountdownSeconds)
        expect(context.resendNotice).toEqual(resendNoticeAfter[outcomeLabel(outcomes, event)])
        expect(context.resendNotice).toEqual({ tone: 'success', message: 'Code Sent, Please Wait' })
      } else if (event.type === 'xstate.init') {
        expect(context.secondsLeft).toBe(2)
      } else {
        expect(context.secondsLeft).toBe(previous?.context.secondsLeft)
      }
    },
    'verifying.resend.available': ({ context }, { event, previous }) => {
      expect(context.secondsLeft).toBe(0)
      expect(formatCountdown(context.secondsLeft)).toBe('0:00')
      if (event.type === resendDone || event.type === resendError) {
        expect(context.resendNotice).toEqual(resendNoticeAfter[outcomeLabel(outcomes, event)])
        expect(context.resendNotice?.tone).toBe('error')
      } else if (event.type === tick) {
        expect(context.resendNotice).toBeNull()
      } else {
        expect(context.resendNotice).toEqual(previous?.context.resendNotice)
      }
    },
    'verifying.resend.sending': (snapshot, { invocations }) => {
      expect(snapshot.context.resendNotice).toBeNull()
      const call = invocations.filter((i) => i.src === 'resendVerificationCode').at(-1)
      expect(call).toEqual({
        src: 'resendVerificationCode',
        id: 'resendVerificationCode',
        input: { email: addressOf(snapshot) },
      })
    },
    kycFormNotice: (snapshot, step) =>
      expectNotice(snapshot, step, [`tempbaUid=${tokenOf(snapshot)}`]),
    kycUnderReviewNotice: (snapshot, step) =>
      expectNotice(snapshot, step, [`tempbaUid=${tokenOf(snapshot)}`]),
    dashboardNotice: (snapshot, step) =>
      expectNotice(snapshot, step, [`baUid=${tokenOf(snapshot)} false`]),
    loginNotice: (snapshot, step) => expectNotice(snapshot, step, []),
    leftForKycForm: (snapshot, step) =>
      expectLeft(snapshot, step, 'go kyc/form', [`tempbaUid=${tokenOf(snapshot)}`]),
    leftForKycUnderReview: (snapshot, step) =>
      expectLeft(snapshot, step, 'go kyc/under-review', [`tempbaUid=${tokenOf(snapshot)}`]),
    leftForDashboard: (snapshot, step) =>
      expectLeft(snapshot, step, 'go dashboard', [`baUid=${tokenOf(snapshot)} false`]),
    leftForLogin: (snapshot, step) => expectLeft(snapshot, step, 'go login', []),
  },
})

describe('verify', () => {
  it('formats the seconds left as m:ss', () => {
    expect(formatCountdown(180)).toBe('3:00')
    expect(formatCountdown(65)).toBe('1:05')
    expect(formatCountdown(59)).toBe('0:59')
    expect(formatCountdown(0)).toBe('0:00')
    expect(formatCountdown(600)).toBe('10:00')
  })

  it('branches on verificationStatus as the spec says', () => {
    const answer = (data: Record<string, unknown>) =>
      ({ ok: true, data: { error: false, message: '', ...data } }) as CallResult<'verifyEmail'>
    expect(verifyBranch(answer({ verificationStatus: 'Not Verified', jwt: 't' }))).toBe('kycForm')
    expect(verifyBranch(answer({ verificationStatus: 'Declined', jwt: 't' }))).toBe('kycForm')
    expect(verifyBranch(answer({ verificationStatus: 'Pending Verification', jwt: 't' }))).toBe(
      'kycUnderReview',
    )
    expect(verifyBranch(answer({ verificationStatus: 'Verified', jwt: 't' }))).toBe('dashboard')
    expect(verifyBranch(answer({ jwt: 't' }))).toBe('dashboard')
    expect(verifyBranch(answer({ verificationStatus: 'Verified' }))).toBe('login')
    expect(verifyBranch(answer({ error: true, jwt: 't' }))).toBe('refused')
    expect(verifyBranch({ ok: false, reason: 'network' })).toBe('refused')
  })

  it('asks for the address when the link has none, and only moves on when it is submitted', () => {
    const actor = createActor(verifyMachine, { input: {} }).start()
    expect(actor.getSnapshot().value).toBe('askingEmail')
    actor.send({ type: 'EMAIL_CHANGED', email: 'a@b.co' })
    expect(actor.getSnapshot().value).toBe('askingEmail')
    actor.send({ type: 'SUBMIT_EMAIL' })
    expect(actor.getSnapshot().matches('verifying')).toBe(true)
    expect(actor.getSnapshot().context.secondsLeft).toBe(resendCountdownSeconds)
    actor.stop()
  })

  it('offers Resend exactly 180 s after the screen opens, on a simulated clock', () => {
    const clock = new SimulatedClock()
    const advanceSeconds = (seconds: number) => {
      for (let second = 0; second < seconds; second++) clock.increment(1000)
    }
    const actor = createActor(verifyMachine, { clock, input: { email } }).start()
    const resend = () => actor.getSnapshot().value
    expect(formatCountdown(actor.getSnapshot().context.secondsLeft)).toBe('3:00')
    advanceSeconds(65)
    expect(formatCountdown(actor.getSnapshot().context.secondsLeft)).toBe('1:55')
    actor.send({ type: 'RESEND' })
    expect(resend()).toEqual({ verifying: { code: 'entering', resend: 'counting' } })
    advanceSeconds(114)
    clock.increment(999)
    expect(resend()).toEqual({ verifying: { code: 'entering', resend: 'counting' } })
    clock.increment(1)
    expect(resend()).toEqual({ verifying: { code: 'entering', resend: 'available' } })
    actor.stop()
  })

  it('restarts the countdown after a resend', async () => {
    const clock = new SimulatedClock()
    const sent: unknown[] = []
    const answer: CallResult<'resendVerificationCode'> = {
      ok: true,
      data: { status: true, message: 'sent' },
    }
    const actor = createActor(
      verifyMachine.provide({
        actors: {
          resendVerificationCode: fromPromise<
            CallResult<'resendVerificationCode'>,
            ResendVerificationCodeRequest
          >(async ({ input }) => {
            sent.push(input)
            return answer
          }),
        },
      }),
      { clock, input: { email, resendSecondsLeft: 1 } },
    ).start()
    clock.increment(1000)
    actor.send({ type: 'RESEND' })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(sent).toEqual([{ email }])
    expect(actor.getSnapshot().context).toMatchObject({
      secondsLeft: resendCountdownSeconds,
      resendNotice: { tone: 'success', message: verifyMessages.codeSent },
    })
    clock.increment(1000)
    expect(formatCountdown(actor.getSnapshot().context.secondsLeft)).toBe('2:59')
    actor.stop()
  })

  it('keeps the graph finite from 180 s, where it never meets the last tick (hence 2 s)', () => {
    const paths = generateMachinePaths(verifyMachine, { ...pathOptions, input: { email } })
    const values = paths.flatMap((path) => path.steps.map((step) => JSON.stringify(step.value)))
    expect(values.some((value) => value.includes('available'))).toBe(false)
  })
})
