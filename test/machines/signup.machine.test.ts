import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock, type SnapshotFrom } from 'xstate'
import { genericFailureMessage } from '#api/call-failure'
import type { CallResult } from '#api/client'
import { fieldRules } from '#api/contract/fields'
import type { Notice } from '#api/notice'
import { outcomeEvents } from '#dev/outcomes/outcomes'
import { outcomes } from '#dev/outcomes/signup.outcomes'
import {
  type SignUpRequest,
  type SignupValues,
  signupMachine,
  signupMessages,
  signupRequest,
  validateSignup,
} from '#machines/signup.machine'
import { describeMachinePaths } from '../harness/generated-paths'
import { failureNotices } from './support/failure-notices'
import { outcomeLabel } from './support/outcome-label'

const valid: SignupValues = {
  firstName: ' Ada ',
  lastName: 'Lovelace',
  username: 'ada',
  email: 'ada@example.com',
  passcode: '123456',
  confirmPasscode: '123456',
  agreed: true,
}

/** The route's navigation, recorded. */
const navigations: Array<{ email: string }> = []
const machine = signupMachine.provide({
  actions: { goToVerify: (_, params) => navigations.push(params) },
})
type Snapshot = SnapshotFrom<typeof machine>

const pathOptions = {
  // A valid form to start from: the graph does not follow context, so it could never fill six
  // fields one CHANGE at a time (each CHANGE leads to the same vertex).
  input: { values: valid },
  events: () => [
    ...outcomeEvents(outcomes),
    { type: 'CHANGE', field: 'email', value: 'ada.example.com' },
    { type: 'CHANGE', field: 'confirmPasscode', value: '65x4321' },
    { type: 'AGREE', agreed: false },
  ],
}

/** The alert each newuser outcome must leave, by outcome label. */
const alertAfter: Record<string, Notice> = {
  'account created': {
    tone: 'success',
    message: 'Registration successful. We have sent a code to your e-mail.',
  },
  'account created, no message': { tone: 'success', message: signupMessages.created },
  'username taken': { tone: 'error', message: 'This username is already taken' },
  ...failureNotices('signUp', genericFailureMessage),
  'answer outside the contract': { tone: 'error', message: genericFailureMessage },
}

describeMachinePaths(machine, {
  ...pathOptions,
  states: {
    editing: ({ context }: Snapshot, { event, previous }) => {
      if (event.type === 'xstate.init') {
        navigations.length = 0
        expect(context).toEqual({
          values: valid,
          errors: {},
          showErrors: false,
          alert: null,
          answer: null,
          verifyEmail: '',
        })
        return
      }
      expect(navigations).toEqual([])
      const before = previous?.context
      if (event.type === 'CHANGE' && event.field === 'email') {
        expect(context.values.email).toBe('ada.example.com')
      } else if (event.type === 'CHANGE') {
        // a passcode field keeps digits only
        expect(context.values.confirmPasscode).toBe('654321')
      } else if (event.type === 'AGREE') {
        expect(context.values.agreed).toBe(false)
      } else if (event.type === 'SUBMIT') {
        // an invalid form: every broken rule shows, nothing is sent
        expect(context.showErrors).toBe(true)
        expect(context.errors).toEqual(validateSignup(context.values))
        expect(Object.keys(context.errors).length).toBeGreaterThan(0)
        expect(context.alert).toBeNull()
      } else {
        // back from the server: the answer shows above the kept form
        expect(context.alert).toEqual(alertAfter[outcomeLabel(outcomes, event)])
        expect(context.values).toEqual(before?.values)
      }
      if (context.showErrors) expect(context.errors).toEqual(validateSignup(context.values))
      else expect(context.errors).toEqual({})
    },
    submitting: ({ context }, { invocations }) => {
      expect(validateSignup(context.values)).toEqual({})
      expect(context.alert).toBeNull()
      expect(invocations.at(-1)).toEqual({
        src: 'signUp',
        id: 'signUp',
        input: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          username: 'ada',
          email: 'ada@example.com',
          password: '123456',
          fullname: 'Ada Lovelace',
        },
      })
    },
    registered: ({ context }, { event }) => {
      expect(context.alert).toEqual(alertAfter[outcomeLabel(outcomes, event)])
      expect(context.alert?.tone).toBe('success')
      const label = outcomeLabel(outcomes, event)
      expect(context.verifyEmail).toBe(
        label === 'account created' ? 'ada.lovelace@example.com' : 'ada@example.com',
      )
      expect(navigations).toEqual([])
    },
    leftForVerify: (snapshot, { event }) => {
      expect(['CONTINUE', 'xstate.after.redirectDelay.signupRegistered']).toContain(event.type)
      expect(snapshot.status).toBe('done')
      expect(navigations).toEqual([{ email: snapshot.context.verifyEmail }])
      expect(snapshot.output).toEqual({ email: snapshot.context.verifyEmail })
    },
  },
})

describe('signup rules', () => {
  it('accepts a complete form', () => {
    expect(validateSignup(valid)).toEqual({})
  })

  it('names every missing field', () => {
    expect(
      validateSignup({
        firstName: ' ',
        lastName: '',
        username: '',
        email: '',
        passcode: '',
        confirmPasscode: '',
        agreed: false,
      }),
    ).toEqual({
      firstName: 'Enter your first name',
      lastName: 'Enter your last name',
      username: 'Choose a username',
      email: "That doesn't look like an email address",
      passcode: 'Passcode must be 6 digits',
      confirmPasscode: 'Enter your passcode again',
      agreed: 'Please confirm that you are at least 18 and agree to the terms',
    })
  })

  it("uses the spec's words for the e-mail, the passcode and the confirmation", () => {
    expect(validateSignup({ ...valid, email: 'ada.example.com' }).email).toBe(
      "That doesn't look like an email address",
    )
    expect(validateSignup({ ...valid, passcode: '12345', confirmPasscode: '12345' })).toEqual({
      passcode: fieldRules.passcode.message,
    })
    expect(validateSignup({ ...valid, confirmPasscode: '123457' })).toEqual({
      confirmPasscode: 'Password Mismatch',
    })
  })

  it('builds the newuser fields with the full name', () => {
    expect(signupRequest(valid)).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      username: 'ada',
      email: 'ada@example.com',
      password: '123456',
      fullname: 'Ada Lovelace',
    })
  })
})

describe('signup', () => {
  it('keeps digits only in the passcode fields and revalidates after a first submit', () => {
    const actor = createActor(signupMachine, { input: {} }).start()
    actor.send({ type: 'CHANGE', field: 'passcode', value: '12a34567' })
    expect(actor.getSnapshot().context.values.passcode).toBe('123456')
    expect(actor.getSnapshot().context.errors).toEqual({})
    actor.send({ type: 'SUBMIT' })
    expect(actor.getSnapshot().context.errors.firstName).toBe('Enter your first name')
    actor.send({ type: 'CHANGE', field: 'firstName', value: 'Ada' })
    expect(actor.getSnapshot().context.errors.firstName).toBeUndefined()
    expect(actor.getSnapshot().value).toBe('editing')
    actor.stop()
  })

  it('goes to verify 5 s after the account is created', async () => {
    const clock = new SimulatedClock()
    const went: string[] = []
    const answer: CallResult<'signUp'> = { ok: true, data: { error: false, message: 'Done' } }
    const actor = createActor(
      signupMachine.provide({
        actors: { signUp: fromPromise<CallResult<'signUp'>, SignUpRequest>(async () => answer) },
        actions: { goToVerify: (_, { email }) => went.push(email) },
      }),
      { clock, input: { values: valid } },
    ).start()
    actor.send({ type: 'SUBMIT' })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(actor.getSnapshot().value).toBe('registered')
    clock.increment(4999)
    expect(went).toEqual([])
    clock.increment(1)
    expect(went).toEqual(['ada@example.com'])
    expect(actor.getSnapshot().status).toBe('done')
  })
})
