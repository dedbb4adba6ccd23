import { describe, expect, it } from 'vitest'
import { type AnyEventObject, createActor, type SnapshotFrom } from 'xstate'
import { fieldRules } from '#api/contract/fields'
import type { Notice } from '#api/notice'
import { outcomeEvents } from '#dev/outcomes/outcomes'
import { outcomes } from '#dev/outcomes/reset.outcomes'
import { resetMachine } from '#machines/reset.machine'
import {
  type ResetCall,
  type ResetInput,
  type ResetSecret,
  type ResetValues,
  resetMessages,
  resetSecrets,
  validateReset,
} from '#machines/reset-rules'
import { describeMachinePaths, type MachineCoverage } from '../harness/generated-paths'
import { failureNotices } from './support/failure-notices'
import { outcomeLabel } from './support/outcome-label'

/**
 * One machine for both resets: a block of generated paths per secret (each reaches part of
 * the machine: only the passcode offers a new code), and together every state and transition.
 */

const email = 'ada@example.com'

/** The route's one effect, recorded. */
const effects: string[] = []
const machine = resetMachine.provide({ actions: { goToLogin: () => effects.push('go login') } })
type Snapshot = SnapshotFrom<typeof machine>

interface Example {
  secret: ResetSecret
  call: ResetCall
  input: ResetInput
  /** The context's values at the start. */
  values: ResetValues
  fromLink: boolean
  /** Edits the walk tries, with the values each leaves. */
  edits: Array<{ event: AnyEventObject; leaves: Partial<ResetValues> }>
}

const passcode: Example = {
  secret: 'passcode',
  call: 'resetPasscode',
  // A valid form to start from (the graph does not follow context); the edits break it.
  input: {
    secret: 'passcode',
    values: { email, code: '123456', secret: '654321', confirmSecret: '654321' },
  },
  values: { email, code: '123456', secret: '654321', confirmSecret: '654321' },
  fromLink: false,
  edits: [
    {
      event: { type: 'CHANGE', field: 'email', value: 'ada.example.com' },
      leaves: { email: 'ada.example.com' },
    },
    // digits only, at most 6
    {
      event: { type: 'CHANGE', field: 'confirmSecret', value: '11a1111' },
      leaves: { confirmSecret: '111111' },
    },
    { event: { type: 'CODE_CHANGED', code: '12' }, leaves: { code: '12' } },
  ],
}

const pin: Example = {
  secret: 'pin',
  call: 'resetPin',
  // As with a link: the e-mail and the code came with it.
  input: {
    secret: 'pin',
    email,
    code: '123456',
    values: { secret: '4321', confirmSecret: '4321' },
  },
  values: { email, code: '123456', secret: '4321', confirmSecret: '4321' },
  fromLink: true,
  edits: [
    {
      event: { type: 'CHANGE', field: 'confirmSecret', value: '1234' },
      leaves: { confirmSecret: '1234' },
    },
    // digits only, at most 4
    { event: { type: 'CHANGE', field: 'secret', value: '12a345' }, leaves: { secret: '1234' } },
    { event: { type: 'CODE_CHANGED', code: '12' }, leaves: { code: '12' } },
  ],
}

/** The alert each outcome of the reset call leaves, by outcome label. */
const alertAfter = (secret: ResetSecret): Record<string, Notice> => ({
  'passcode reset': { tone: 'success', message: 'Password changed successfully' },
  'PIN reset': { tone: 'success', message: 'Your PIN has been changed' },
  'reset, no message': { tone: 'success', message: resetSecrets[secret].resetMessage },
  'wrong or expired code': { tone: 'error', message: 'Invalid or expired reset code' },
  ...failureNotices('resetPasscode', 'An unexpected error occured'),
})

const newCodeNoticeAfter: Record<string, Notice> = {
  'code sent': { tone: 'success', message: 'Code Sent, Please Wait' },
  'too soon': { tone: 'error', message: 'Please wait before asking for another code' },
  ...failureNotices('resendPasscodeResetCode', 'Something went wrong'),
}

const isOutcome = (type: string, actor: string) =>
  type === `xstate.done.actor.${actor}` || type === `xstate.error.actor.${actor}`

function describeResetPaths(example: Example) {
  const alerts = alertAfter(example.secret)
  return describeMachinePaths(machine, {
    input: example.input,
    events: () => [...outcomeEvents(outcomes), ...example.edits.map(({ event }) => event)],
    coverageGate: false,
    states: {
      'resetting.form.editing': ({ context }: Snapshot, { event, previous }) => {
        if (event.type === 'xstate.init') {
          effects.length = 0
          expect(context).toEqual({
            secret: example.secret,
            values: example.values,
            fromLink: example.fromLink,
            errors: {},
            showErrors: false,
            answer: null,
            resendAnswer: null,
            alert: null,
            newCodeNotice: null,
          })
          return
        }
        expect(effects).toEqual([])
        const edit = example.edits.find((candidate) => candidate.event === event)
        if (edit) {
          expect(context.values).toEqual({ ...previous?.context.values, ...edit.leaves })
        } else if (event.type === 'SUBMIT') {
          expect(context.showErrors).toBe(true)
          expect(context.errors).toEqual(validateReset(example.secret, context.values))
          expect(Object.keys(context.errors).length).toBeGreaterThan(0)
        } else if (isOutcome(event.type, 'resetSecret')) {
          expect(context.alert).toEqual(alerts[outcomeLabel(outcomes, event)])
          expect(context.alert?.tone).toBe('error')
          expect(context.values).toEqual(previous?.context.values)
        } else {
          expect(context.values).toEqual(previous?.context.values)
        }
      },
      'resetting.form.saving': ({ context }, { invocations }) => {
        expect(context.alert).toBeNull()
        // the secret's own call, with the form's fields
        expect(invocations.filter((i) => i.src === 'resetSecret').at(-1)).toEqual({
          src: 'resetSecret',
          id: 'resetSecret',
          input: {
            call: example.call,
            request: {
              action: 'reset',
              email,
              resetCode: '123456',
              newSecret: example.values.secret,
            },
          },
        })
      },
      'resetting.newCode.notOffered': ({ context }) => {
        expect(resetSecrets[context.secret].sendsNewCode).toBe(false)
        expect(context.newCodeNotice).toBeNull()
      },
      'resetting.newCode.idle': ({ context }, { event, previous }) => {
        expect(resetSecrets[context.secret].sendsNewCode).toBe(true)
        if (isOutcome(event.type, 'resendPasscodeResetCode')) {
          expect(context.newCodeNotice).toEqual(newCodeNoticeAfter[outcomeLabel(outcomes, event)])
        } else if (event.type === 'SEND_NEW_CODE') {
          // no usable address to send a code to
          expect(context.errors.email).toBe(fieldRules.email.message)
          expect(context.newCodeNotice).toBeNull()
        } else if (previous) {
          expect(context.newCodeNotice).toEqual(previous.context.newCodeNotice)
        } else {
          expect(context.newCodeNotice).toBeNull()
        }
      },
      'resetting.newCode.sending': ({ context }, { event, previous, invocations }) => {
        expect(context.newCodeNotice).toBeNull()
        const call = invocations.filter((i) => i.src === 'resendPasscodeResetCode').at(-1)
        // sent to the address of the moment the customer asked (it may be edited meanwhile)
        if (event.type === 'SEND_NEW_CODE') {
          expect(call).toEqual({
            src: 'resendPasscodeResetCode',
            id: 'resendPasscodeResetCode',
            input: { email: context.values.email },
          })
        } else {
          expect(previous?.matches({ resetting: { newCode: 'sending' } })).toBe(true)
          expect(call).toBeDefined()
        }
      },
      done: ({ context }: Snapshot, { event }) => {
        expect(context.alert).toEqual(alerts[outcomeLabel(outcomes, event)])
        expect(context.alert?.tone).toBe('success')
        expect(effects).toEqual([])
      },
      leftForLogin: (snapshot: Snapshot, { event }) => {
        expect(['CONTINUE', 'xstate.after.redirectDelay.resetDone']).toContain(event.type)
        expect(snapshot.status).toBe('done')
        expect(effects).toEqual(['go login'])
      },
    },
  })
}

const blocks: Array<() => MachineCoverage> = []

describe('the passcode, on the index screen', () => {
  blocks.push(describeResetPaths(passcode).coverage)
})

describe('the PIN, from the link', () => {
  blocks.push(describeResetPaths(pin).coverage)
})

describe('reset', () => {
  it('reaches every state and transition with both secrets together', () => {
    const [first, ...others] = blocks.map((coverage) => coverage())
    const missingEverywhere = (pick: (coverage: MachineCoverage) => string[]) =>
      pick(first as MachineCoverage).filter((item) =>
        others.every((coverage) => pick(coverage).includes(item)),
      )
    expect(missingEverywhere((coverage) => coverage.states.missing)).toEqual([])
    expect(missingEverywhere((coverage) => coverage.transitions.missing)).toEqual([])
  })

  it('takes the e-mail and the code from the link', () => {
    const actor = createActor(resetMachine, {
      input: { secret: 'passcode', email: ' ada@example.com ', code: '987654' },
    }).start()
    expect(actor.getSnapshot().context).toMatchObject({
      fromLink: true,
      values: { email, code: '987654', secret: '', confirmSecret: '' },
    })
    actor.send({ type: 'CHANGE', field: 'secret', value: '12345678' })
    actor.send({ type: 'CHANGE', field: 'confirmSecret', value: '123456' })
    actor.send({ type: 'SUBMIT' })
    expect(actor.getSnapshot().matches({ resetting: { form: 'saving' } })).toBe(true)
    actor.stop()
  })

  it('asks for e-mail and code on the index screen', () => {
    const actor = createActor(resetMachine, { input: { secret: 'pin' } }).start()
    expect(actor.getSnapshot().context.fromLink).toBe(false)
    actor.send({ type: 'SUBMIT' })
    expect(Object.keys(actor.getSnapshot().context.errors).sort()).toEqual([
      'code',
      'email',
      'secret',
    ])
    actor.stop()
  })

  it('sends no new code for a PIN: resendforgotcode sends passcode codes', () => {
    const actor = createActor(resetMachine, { input: { secret: 'pin', values: { email } } })
    actor.start()
    actor.send({ type: 'SEND_NEW_CODE' })
    expect(actor.getSnapshot().matches({ resetting: { newCode: 'notOffered' } })).toBe(true)
    actor.stop()
  })

  it('is the passcode reset when the input names no secret (the explorer, the docs)', () => {
    expect(createActor(resetMachine, { input: {} }).getSnapshot().context.secret).toBe('passcode')
  })

  it("applies the spec's rules to a passcode: 6 digits and a matching confirmation", () => {
    const valid = passcode.values
    expect(validateReset('passcode', valid)).toEqual({})
    expect(validateReset('passcode', { ...valid, secret: '1234', confirmSecret: '1234' })).toEqual({
      secret: 'Passcode must be 6 digits',
    })
    expect(validateReset('passcode', { ...valid, confirmSecret: '654320' })).toEqual({
      confirmSecret: 'Password Mismatch',
    })
    expect(validateReset('passcode', { ...valid, email: 'x', code: '1' })).toEqual({
      email: "That doesn't look like an email address",
      code: 'Enter the 6-digit code from the e-mail',
    })
  })

  it("applies the spec's rules to a PIN: 4 digits and a matching confirmation", () => {
    const valid = pin.values
    expect(validateReset('pin', valid)).toEqual({})
    expect(validateReset('pin', { ...valid, secret: '123456', confirmSecret: '123456' })).toEqual({
      secret: 'PIN must be 4 digits',
    })
    expect(validateReset('pin', { ...valid, confirmSecret: '4320' })).toEqual({
      confirmSecret: 'Password Mismatch',
    })
  })

  it('says what each reset did when the server gave no words', () => {
    expect(resetSecrets.passcode.resetMessage).toBe(resetMessages.passcodeReset)
    expect(resetSecrets.pin.resetMessage).toBe(resetMessages.pinReset)
  })
})
